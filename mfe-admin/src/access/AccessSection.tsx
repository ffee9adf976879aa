import { EMPTY_ACCES, type Acces } from './acces';
import { useState, type FormEvent } from 'react';
import {
  adminAccessApi,
  adminQueries,
  Alert,
  loadState,
  mutationNotice,
  Spinner,
  TextAreaField,
  TextField,
  useMutation,
  useQuery,
  useQueryClient,
} from 'shared-kernel';

export const ACCESS_SAVED = 'Instructions d’arrivée enregistrées.';
export const ACCESS_LOAD_FAILED = 'Impossible de charger les instructions d’arrivée. Réessayez plus tard.';
export const ADDRESS_REQUIRED = 'Indiquez l’adresse du logement.';
export const ACCESS_SAVE_FAILED = 'Les instructions d’arrivée n’ont pas pu être enregistrées. Réessayez plus tard.';

/** The instructions' fields in order: one line each, or `rows` lines for the long texts. */
const ACCESS_FIELDS: readonly { key: keyof Acces; label: string; hint?: string; required?: boolean; maxLength: number; rows?: number }[] = [
  { key: 'adresse', label: 'Adresse du logement', required: true, maxLength: 300 },
  { key: 'codeAcces', label: 'Code d’accès', hint: 'Boîte à clés, digicode, étage…', maxLength: 200 },
  { key: 'instructions', label: 'Instructions d’arrivée', rows: 3, maxLength: 4000 },
  { key: 'wifiNom', label: 'Nom du wifi', maxLength: 100 },
  { key: 'wifiMotDePasse', label: 'Mot de passe du wifi', maxLength: 100 },
  { key: 'livret', label: 'Livret d’accueil', rows: 5, maxLength: 20000 },
  { key: 'parking', label: 'Stationnement', rows: 2, maxLength: 2000 },
];

/**
 * « Accès et arrivée » of the apartment editor (issue 30 item 3): the private check-in instructions.
 * Never shown publicly: the guest reads them on a confirmed reservation and in the mail sent before arrival.
 */
export function AccessSection({ appartementId }: { appartementId: number }) {
  const client = useQueryClient();
  const state = loadState(useQuery(adminQueries.access(appartementId)));
  /** The form as typed; until the first keystroke, the instructions as saved. */
  const [edited, setForm] = useState<Acces | null>(null);
  const failed = state.status === 'error';
  const form = edited ?? (state.status === 'ready' ? (state.data ?? EMPTY_ACCES) : null);
  /** Whether the last submit was refused here, the address being empty (nothing was sent). */
  const [noAddress, setNoAddress] = useState(false);
  const save = useMutation({
    mutationFn: (acces: Acces) => adminAccessApi.save(appartementId, acces),
    onSuccess: (saved) => {
      client.setQueryData(adminQueries.access(appartementId).queryKey, saved);
      setForm(saved);
    },
  });
  const saving = save.isPending;
  const message = noAddress
    ? { tone: 'danger' as const, text: ADDRESS_REQUIRED }
    : mutationNotice(save, { saved: ACCESS_SAVED, failed: ACCESS_SAVE_FAILED });

  if (failed) return <Alert tone="danger">{ACCESS_LOAD_FAILED}</Alert>;
  if (!form) return <Spinner label="Chargement des instructions d’arrivée…" />;

  const update = (key: keyof Acces) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form || save.isPending) return;
    if (!form.adresse.trim()) {
      setNoAddress(true);
      return;
    }
    setNoAddress(false);
    save.mutate(form);
  }

  return (
    <section className="adm-access" aria-labelledby={`adm-access-${appartementId}`}>
      <h3 id={`adm-access-${appartementId}`}>Accès et arrivée</h3>
      <p>Privé : montré au voyageur seulement une fois son séjour confirmé, et envoyé par e-mail avant son arrivée.</p>
      <form onSubmit={submit} noValidate>
        {ACCESS_FIELDS.map(({ key, rows, ...field }) =>
          rows ? (
            <TextAreaField key={key} {...field} rows={rows} value={form[key]} onChange={update(key)} />
          ) : (
            <TextField key={key} {...field} value={form[key]} onChange={update(key)} autoComplete="off" />
          ),
        )}
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <button type="submit" className="sk-button sk-button--primary" disabled={saving}>
          {saving ? 'Enregistrement…' : 'Enregistrer les instructions d’arrivée'}
        </button>
      </form>
    </section>
  );
}

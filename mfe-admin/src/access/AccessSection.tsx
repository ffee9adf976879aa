import { EMPTY_ACCES, type Acces } from './acces';
import { useState, type FormEvent } from 'react';
import {
  adminAccessApi,
  adminQueries,
  Alert,
  loadState,
  serverMessage,
  Spinner,
  TextAreaField,
  TextField,
  useQuery,
  useQueryClient,
} from 'shared-kernel';

export const ACCESS_SAVED = 'Instructions d’arrivée enregistrées.';
export const ACCESS_LOAD_FAILED = 'Impossible de charger les instructions d’arrivée. Réessayez plus tard.';
export const ADDRESS_REQUIRED = 'Indiquez l’adresse du logement.';
export const ACCESS_SAVE_FAILED = 'Les instructions d’arrivée n’ont pas pu être enregistrées. Réessayez plus tard.';

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
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  if (failed) return <Alert tone="danger">{ACCESS_LOAD_FAILED}</Alert>;
  if (!form) return <Spinner label="Chargement des instructions d’arrivée…" />;

  const update = (key: keyof Acces) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setMessage(null);
    if (!form.adresse.trim()) {
      setMessage({ tone: 'danger', text: ADDRESS_REQUIRED });
      return;
    }
    setSaving(true);
    try {
      const saved = await adminAccessApi.save(appartementId, form);
      client.setQueryData(adminQueries.access(appartementId).queryKey, saved);
      setForm(saved);
      setMessage({ tone: 'success', text: ACCESS_SAVED });
    } catch (error) {
      setMessage({ tone: 'danger', text: serverMessage(error) ?? ACCESS_SAVE_FAILED });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="adm-access" aria-labelledby={`adm-access-${appartementId}`}>
      <h3 id={`adm-access-${appartementId}`}>Accès et arrivée</h3>
      <p>Privé : montré au voyageur seulement une fois son séjour confirmé, et envoyé par e-mail avant son arrivée.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Adresse du logement"
          required
          value={form.adresse}
          onChange={update('adresse')}
          autoComplete="off"
          maxLength={300}
        />
        <TextField
          label="Code d’accès"
          hint="Boîte à clés, digicode, étage…"
          value={form.codeAcces}
          onChange={update('codeAcces')}
          autoComplete="off"
          maxLength={200}
        />
        <TextAreaField
          label="Instructions d’arrivée"
          value={form.instructions}
          onChange={update('instructions')}
          rows={3}
          maxLength={4000}
        />
        <TextField label="Nom du wifi" value={form.wifiNom} onChange={update('wifiNom')} autoComplete="off" maxLength={100} />
        <TextField
          label="Mot de passe du wifi"
          value={form.wifiMotDePasse}
          onChange={update('wifiMotDePasse')}
          autoComplete="off"
          maxLength={100}
        />
        <TextAreaField label="Livret d’accueil" value={form.livret} onChange={update('livret')} rows={5} maxLength={20000} />
        <TextAreaField label="Stationnement" value={form.parking} onChange={update('parking')} rows={2} maxLength={2000} />
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <button type="submit" className="sk-button sk-button--primary" disabled={saving}>
          {saving ? 'Enregistrement…' : 'Enregistrer les instructions d’arrivée'}
        </button>
      </form>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import {
  adminQueries,
  serverMessage,
  tauxProblems,
  type TauxTaxeSejour,
  Alert,
  TextField,
  adminTaxeApi,
  useMutation,
  useQueryClient,
} from 'shared-kernel';
import '../ui/ui.css';

type Stars = '1' | '2' | '3' | '4' | '5';
const STARS: Stars[] = ['1', '2', '3', '4', '5'];

interface RatesFields {
  annee: string;
  pourcentageNonClasse: string;
  plafondNonClasse: string;
  parEtoiles: Record<Stars, string>;
  taxeAdditionnelle: string;
}

const fieldsOf = (t: TauxTaxeSejour | undefined, annee: number): RatesFields => ({
  annee: String(annee),
  pourcentageNonClasse: t ? String(t.pourcentageNonClasse) : '',
  plafondNonClasse: t ? String(t.plafondNonClasse) : '',
  parEtoiles: {
    '1': t ? String(t.parEtoiles['1']) : '',
    '2': t ? String(t.parEtoiles['2']) : '',
    '3': t ? String(t.parEtoiles['3']) : '',
    '4': t ? String(t.parEtoiles['4']) : '',
    '5': t ? String(t.parEtoiles['5']) : '',
  },
  taxeAdditionnelle: t ? String(t.taxeAdditionnelle) : '10',
});

const n = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.replace(',', '.')));

/** One year's rates as the commune published them, entered by the admin; once saved, the years' list is read again. */
export function RatesForm({ taux }: { taux: TauxTaxeSejour[] }) {
  const client = useQueryClient();
  const year = new Date().getFullYear();
  const [fields, setFields] = useState<RatesFields>(() => fieldsOf(taux.find((t) => t.annee === year) ?? taux.at(-1), year));
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const set = (patch: Partial<RatesFields>) => setFields((f) => ({ ...f, ...patch }));
  // The last outcome stays on screen while the next rates are sent: it is replaced, not cleared.
  const save = useMutation({
    mutationFn: (rates: TauxTaxeSejour) => adminTaxeApi.saveTaux(rates),
    onSuccess: (_, rates) => {
      setMessage({ tone: 'success', text: `Taux ${rates.annee} enregistrés.` });
      void client.invalidateQueries({ queryKey: adminQueries.taxeRates().queryKey });
    },
    onError: (error) => setMessage({ tone: 'danger', text: serverMessage(error) ?? "Les taux n'ont pas pu être enregistrés." }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const t: TauxTaxeSejour = {
      annee: n(fields.annee),
      pourcentageNonClasse: n(fields.pourcentageNonClasse),
      plafondNonClasse: n(fields.plafondNonClasse),
      parEtoiles: {
        '1': n(fields.parEtoiles['1']),
        '2': n(fields.parEtoiles['2']),
        '3': n(fields.parEtoiles['3']),
        '4': n(fields.parEtoiles['4']),
        '5': n(fields.parEtoiles['5']),
      },
      taxeAdditionnelle: n(fields.taxeAdditionnelle),
    };
    const problem = tauxProblems(t)[0];
    if (problem) {
      setMessage({ tone: 'danger', text: problem });
      return;
    }
    save.mutate(t);
  };

  return (
    <form className="sk-card adm-form" aria-label="Taux de la taxe de séjour" noValidate onSubmit={onSubmit}>
      <h2>Taux de l'année</h2>
      <p className="sk-field__hint">
        Saisissez les tarifs votés par la commune pour l'année (les valeurs de démonstration ne sont que des exemples).
      </p>
      <div className="adm-grid">
        <TextField
          label="Année"
          inputMode="numeric"
          value={fields.annee}
          onChange={(e) => {
            const annee = Number(e.target.value);
            const known = taux.find((t) => t.annee === annee);
            setFields(known ? fieldsOf(known, annee) : { ...fields, annee: e.target.value });
          }}
        />
        <TextField
          label="Non classé : taux (1 à 5 %)"
          inputMode="decimal"
          value={fields.pourcentageNonClasse}
          onChange={(e) => set({ pourcentageNonClasse: e.target.value })}
        />
        <TextField
          label="Non classé : plafond par personne et par nuit (€)"
          inputMode="decimal"
          value={fields.plafondNonClasse}
          onChange={(e) => set({ plafondNonClasse: e.target.value })}
        />
        {STARS.map((s) => (
          <TextField
            key={s}
            label={`${s} étoile${s === '1' ? '' : 's'} : par adulte et par nuit (€)`}
            inputMode="decimal"
            value={fields.parEtoiles[s]}
            onChange={(e) => set({ parEtoiles: { ...fields.parEtoiles, [s]: e.target.value } })}
          />
        ))}
        <TextField
          label="Taxe additionnelle départementale (%)"
          inputMode="decimal"
          value={fields.taxeAdditionnelle}
          onChange={(e) => set({ taxeAdditionnelle: e.target.value })}
        />
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="sk-actions">
        <button type="submit" className="sk-button sk-button--primary">
          Enregistrer les taux
        </button>
      </div>
    </form>
  );
}

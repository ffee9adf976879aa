import { useState, type FormEvent } from 'react';
import {
  classementLabel,
  CLASSEMENTS,
  type Appartement,
  Alert,
  CheckboxField,
  SelectField,
  TextField,
  adminApi,
  useMutation,
} from 'shared-kernel';
import { fromAppartement, toUpdatePayload } from '../apartment/editForm';
import { updateFailureMessage } from '../fragments/updateFailure';
import { pricingFormOf, pricingPayload, pricingProblem, type PricingForm } from './pricingForm';
import '../ui/ui.css';

const EMPTY_PERIOD = { nom: '', debut: '', fin: '', prixParNuit: '', sejourMinimum: '' };

/**
 * 'Tarifs, taxe de séjour et publication' of the apartment editor (issue 12): registration number,
 * classification, draft or published, weekend price, cleaning fee, minimum stay, extra guests,
 * seasonal periods, length-of-stay discounts and single-date prices.
 */
export function PricingSection({ appartement, onSaved }: { appartement: Appartement; onSaved: () => void }) {
  const [form, setForm] = useState<PricingForm>(() => pricingFormOf(appartement));
  /** What the form refused at the last submit (nothing was sent then). */
  const [refused, setRefused] = useState<string | null>(null);
  const save = useMutation({
    // The server takes the whole apartment: its other fields are sent as they are.
    mutationFn: (pricing: PricingForm) =>
      adminApi.updateAppartement(appartement.id, { ...toUpdatePayload(fromAppartement(appartement)), ...pricingPayload(pricing) }),
    onSuccess: () => onSaved(),
  });
  const saving = save.isPending;
  const saved = save.isSuccess;
  const problem = refused ?? (save.isError ? updateFailureMessage(save.error) : null);
  const set = <K extends keyof PricingForm>(key: K, value: PricingForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setRow = <K extends 'periodes' | 'remises' | 'prixParDate'>(key: K, index: number, patch: Partial<PricingForm[K][number]>) =>
    setForm((f) => ({ ...f, [key]: f[key].map((row, i) => (i === index ? { ...row, ...patch } : row)) }));
  const removeRow = (key: 'periodes' | 'remises' | 'prixParDate', index: number) =>
    setForm((f) => ({ ...f, [key]: f[key].filter((_, i) => i !== index) }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const problemNow = pricingProblem(form);
    setRefused(problemNow);
    if (problemNow) {
      save.reset();
      return;
    }
    save.mutate(form);
  };

  return (
    <form className="sk-card adm-form adm-pricing" noValidate aria-label="Tarifs, taxe de séjour et publication" onSubmit={onSubmit}>
      <h2 className="adm-editor__title">Tarifs, taxe de séjour et publication</h2>
      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">Publication</legend>
        <div className="adm-grid">
          <TextField
            label="Numéro d'enregistrement"
            name="numeroEnregistrement"
            value={form.numeroEnregistrement}
            hint="Délivré par la commune (obligatoire pour publier), par exemple 57463000123AB."
            onChange={(e) => set('numeroEnregistrement', e.target.value)}
          />
          <SelectField label="Classement" name="classement" value={form.classement} onChange={(e) => set('classement', e.target.value)}>
            {CLASSEMENTS.map((c) => (
              <option key={c} value={c}>
                {classementLabel(c)}
              </option>
            ))}
          </SelectField>
        </div>
        <CheckboxField
          label="Publié (sinon brouillon, visible des seuls administrateurs)"
          checked={form.publie}
          onChange={(e) => set('publie', e.target.checked)}
        />
      </fieldset>
      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">Prix</legend>
        <div className="adm-grid">
          <TextField
            label="Prix du week-end (vendredi et samedi, €)"
            name="prixWeekend"
            inputMode="decimal"
            value={form.prixWeekend}
            onChange={(e) => set('prixWeekend', e.target.value)}
          />
          <TextField
            label="Frais de ménage (€)"
            name="fraisMenage"
            inputMode="decimal"
            value={form.fraisMenage}
            onChange={(e) => set('fraisMenage', e.target.value)}
          />
          <TextField
            label="Séjour minimum (nuits)"
            name="sejourMinimum"
            inputMode="numeric"
            value={form.sejourMinimum}
            onChange={(e) => set('sejourMinimum', e.target.value)}
          />
          <TextField
            label="Voyageurs inclus"
            name="voyageursInclus"
            inputMode="numeric"
            value={form.voyageursInclus}
            onChange={(e) => set('voyageursInclus', e.target.value)}
          />
          <TextField
            label="Supplément par voyageur en plus et par nuit (€)"
            name="supplementVoyageur"
            inputMode="decimal"
            value={form.supplementVoyageur}
            onChange={(e) => set('supplementVoyageur', e.target.value)}
          />
        </div>
      </fieldset>
      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">Périodes (saisons)</legend>
        {form.periodes.map((p, i) => (
          <div className="adm-grid adm-pricing__row" key={i} role="group" aria-label={`Période ${i + 1}`}>
            <TextField label="Nom" value={p.nom} onChange={(e) => setRow('periodes', i, { nom: e.target.value })} />
            <TextField label="Du" type="date" value={p.debut} onChange={(e) => setRow('periodes', i, { debut: e.target.value })} />
            <TextField label="Au (inclus)" type="date" value={p.fin} onChange={(e) => setRow('periodes', i, { fin: e.target.value })} />
            <TextField
              label="Prix par nuit (€)"
              inputMode="decimal"
              value={p.prixParNuit}
              onChange={(e) => setRow('periodes', i, { prixParNuit: e.target.value })}
            />
            <TextField
              label="Séjour minimum (nuits)"
              inputMode="numeric"
              value={p.sejourMinimum}
              onChange={(e) => setRow('periodes', i, { sejourMinimum: e.target.value })}
            />
            <button type="button" className="sk-button sk-button--ghost" onClick={() => removeRow('periodes', i)}>
              Retirer la période
            </button>
          </div>
        ))}
        <button
          type="button"
          className="sk-button sk-button--secondary"
          onClick={() => set('periodes', [...form.periodes, { ...EMPTY_PERIOD }])}
        >
          Ajouter une période
        </button>
      </fieldset>
      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">Remises long séjour</legend>
        {form.remises.map((r, i) => (
          <div className="adm-grid adm-pricing__row" key={i} role="group" aria-label={`Remise ${i + 1}`}>
            <TextField
              label="À partir de (nuits)"
              inputMode="numeric"
              value={r.nuitsMin}
              onChange={(e) => setRow('remises', i, { nuitsMin: e.target.value })}
            />
            <TextField
              label="Remise (%)"
              inputMode="decimal"
              value={r.pourcentage}
              onChange={(e) => setRow('remises', i, { pourcentage: e.target.value })}
            />
            <button type="button" className="sk-button sk-button--ghost" onClick={() => removeRow('remises', i)}>
              Retirer la remise
            </button>
          </div>
        ))}
        <button
          type="button"
          className="sk-button sk-button--secondary"
          onClick={() => set('remises', [...form.remises, { nuitsMin: '', pourcentage: '' }])}
        >
          Ajouter une remise
        </button>
      </fieldset>
      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">Prix à une date</legend>
        {form.prixParDate.map((d, i) => (
          <div className="adm-grid adm-pricing__row" key={i} role="group" aria-label={`Prix à une date ${i + 1}`}>
            <TextField label="Date" type="date" value={d.date} onChange={(e) => setRow('prixParDate', i, { date: e.target.value })} />
            <TextField
              label="Prix de la nuit (€)"
              inputMode="decimal"
              value={d.prixParNuit}
              onChange={(e) => setRow('prixParDate', i, { prixParNuit: e.target.value })}
            />
            <button type="button" className="sk-button sk-button--ghost" onClick={() => removeRow('prixParDate', i)}>
              Retirer ce prix
            </button>
          </div>
        ))}
        <button
          type="button"
          className="sk-button sk-button--secondary"
          onClick={() => set('prixParDate', [...form.prixParDate, { date: '', prixParNuit: '' }])}
        >
          Ajouter un prix à une date
        </button>
      </fieldset>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {saved ? <Alert tone="success">Tarifs enregistrés.</Alert> : null}
      <div className="sk-actions">
        <button type="submit" className="sk-button sk-button--primary" disabled={saving}>
          {saving ? 'Enregistrement...' : 'Enregistrer les tarifs'}
        </button>
      </div>
    </form>
  );
}

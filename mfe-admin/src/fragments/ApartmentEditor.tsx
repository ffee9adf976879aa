import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApartmentEditorProps } from 'shared-kernel';
import { updateFailureMessage } from './updateFailure';
import { PricingSection } from '../pricing/PricingSection';
import { CalendarsSection } from '../calendar/CalendarsSection';
import { AccessSection } from '../access/AccessSection';

export { updateFailureMessage };
import { adminApi } from '../api/adminApi';
import { AmenityCheckboxes } from '../apartment/AmenityCheckboxes';
import { CapacityFields } from '../apartment/CapacityFields';
import { checkEditForm, EDIT_IMAGE_INPUT, fromAppartement, toUpdatePayload, type EditForm } from '../apartment/editForm';
import { ImageListEditor } from '../apartment/ImageListEditor';
import { LocationFields } from '../apartment/LocationFields';
import { EDIT_MINIMUMS, type FormProblem } from '../apartment/numbers';
import { EDIT_INCLUS_CHOICES, EDIT_NON_INCLUS_CHOICES, UPDATED } from '../apartment/text';
import { Alert } from '../ui/Alert';
import { focusField, TextAreaField, TextField } from '../ui/Field';
import '../ui/ui.css';
import '../apartment/apartment.css';

/**
 * The admin's editor on the apartment page (fragment `admin/ApartmentEditor`): 'Modifier
 * l'appartement' opens the form, 'Annuler' closes it; a successful save closes it, tells the page
 * (`onSaved`) and shows the success message.
 */
export default function ApartmentEditor({ appartement, onSaved }: ApartmentEditorProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<EditForm>(() => fromAppartement(appartement));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const [pricingOpen, setPricingOpen] = useState(false);
  const [calendarsOpen, setCalendarsOpen] = useState(false);
  const [accessOpen, setAccessOpen] = useState(false);
  // Counts the submits: a message repeated by a new submit is shown (and announced) anew.
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const invalid = problem?.field ?? null;

  const update = <K extends keyof EditForm>(field: K, value: EditForm[K]) => setForm((previous) => ({ ...previous, [field]: value }));

  const openForm = () => {
    setForm(fromAppartement(appartement));
    setProblem(null);
    setSaved(false);
    setOpen(true);
    // The form replaces the button: the focus goes to its title.
    window.setTimeout(() => titleRef.current?.focus(), 0);
  };

  const close = () => {
    setOpen(false);
    setProblem(null);
    window.setTimeout(() => toggleRef.current?.focus(), 0);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setAttempt((n) => n + 1);
    const refused = checkEditForm(form);
    setProblem(refused);
    if (refused) {
      focusField(formRef.current, refused.field);
      return;
    }
    setSaving(true);
    try {
      await adminApi.updateAppartement(appartement.id, toUpdatePayload(form));
    } catch (error) {
      setSaving(false);
      setProblem({ message: updateFailureMessage(error), field: null });
      return;
    }
    setSaving(false);
    setSaved(true);
    close();
    onSaved();
  };

  return (
    <section className="sk-scope adm-editor" aria-label="Administration de l'appartement">
      {saved ? <Alert tone="success">{UPDATED}</Alert> : null}
      {open ? (
        <div className="sk-card adm-editor__form">
          <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="adm-editor__title">
            Modifier l&apos;appartement
          </h2>
          <form
            ref={formRef}
            className="adm-form"
            noValidate
            aria-labelledby={`${id}-title`}
            aria-busy={saving || undefined}
            onSubmit={(event) => void onSubmit(event)}
          >
            <fieldset className="adm-fieldset">
              <legend className="adm-fieldset__legend">Informations générales</legend>
              <TextField
                label="Titre"
                name="titre"
                required
                maxLength={120}
                value={form.titre}
                invalid={invalid === 'titre'}
                onChange={(e) => update('titre', e.target.value)}
              />
              <TextAreaField
                label="Description"
                name="description"
                required
                maxLength={5000}
                value={form.description}
                invalid={invalid === 'description'}
                onChange={(e) => update('description', e.target.value)}
              />
              <TextField
                label="Localisation"
                name="localisation"
                required
                maxLength={120}
                value={form.localisation}
                invalid={invalid === 'localisation'}
                onChange={(e) => update('localisation', e.target.value)}
              />
              <LocationFields form={form} invalid={invalid} onChange={(field, value) => update(field, value)} />
              <div className="adm-grid">
                <TextField
                  label="Prix par nuit (€)"
                  name="prixParNuit"
                  type="number"
                  inputMode="decimal"
                  min={EDIT_MINIMUMS.prixParNuit}
                  step={0.01}
                  required
                  value={form.prixParNuit}
                  invalid={invalid === 'prixParNuit'}
                  onChange={(e) => update('prixParNuit', e.target.value)}
                />
                <TextField
                  label="Surface (m²)"
                  name="surface"
                  type="number"
                  inputMode="numeric"
                  min={EDIT_MINIMUMS.surface}
                  step={1}
                  required
                  value={form.surface}
                  invalid={invalid === 'surface'}
                  onChange={(e) => update('surface', e.target.value)}
                />
                <TextField
                  label="Identifiant Smoobu"
                  name="smoobuId"
                  type="number"
                  inputMode="numeric"
                  min={1000000}
                  max={9999999}
                  step={1}
                  value={form.smoobuId}
                  invalid={invalid === 'smoobuId'}
                  hint="Facultatif : laissez ce champ vide si le gestionnaire de canaux (Smoobu) n'est pas utilisé."
                  onChange={(e) => update('smoobuId', e.target.value)}
                />
              </div>
            </fieldset>

            <CapacityFields
              values={form}
              minimums={EDIT_MINIMUMS}
              invalidField={invalid}
              onChange={(field, value) => update(field, value)}
            />

            <AmenityCheckboxes
              legend="Équipements inclus"
              choices={EDIT_INCLUS_CHOICES}
              selected={form.inclus}
              onChange={(labels) => update('inclus', labels)}
            />
            <AmenityCheckboxes
              legend="Non inclus"
              choices={EDIT_NON_INCLUS_CHOICES}
              selected={form.nonInclus}
              onChange={(labels) => update('nonInclus', labels)}
            />

            <ImageListEditor images={form.images} inputName={EDIT_IMAGE_INPUT} onChange={(images) => update('images', images)} />

            <div className="adm-form__submit">
              {problem ? (
                <Alert key={attempt} tone="danger">
                  {problem.message}
                </Alert>
              ) : null}
              <div className="sk-actions">
                <button type="submit" className="sk-button sk-button--primary" disabled={saving}>
                  {saving ? 'Enregistrement...' : 'Enregistrer les modifications'}
                </button>
                <button type="button" className="sk-button sk-button--ghost" disabled={saving} onClick={close}>
                  Annuler
                </button>
              </div>
            </div>
          </form>
        </div>
      ) : (
        <>
          <button ref={toggleRef} type="button" className="sk-button sk-button--secondary" onClick={openForm}>
            Modifier l&apos;appartement
          </button>
          <div className="adm-editor__pricing">
            <button
              type="button"
              className="sk-button sk-button--ghost"
              aria-expanded={pricingOpen}
              onClick={() => setPricingOpen((o) => !o)}
            >
              Tarifs, taxe de séjour et publication
            </button>
            {pricingOpen ? (
              <PricingSection
                key={`${appartement.id}-${String(appartement.publie)}-${JSON.stringify(appartement.tarifs)}`}
                appartement={appartement}
                onSaved={onSaved}
              />
            ) : null}
          </div>
          <div className="adm-editor__pricing">
            <button
              type="button"
              className="sk-button sk-button--ghost"
              aria-expanded={calendarsOpen}
              onClick={() => setCalendarsOpen((o) => !o)}
            >
              Calendriers (Airbnb, Booking.com, Abritel)
            </button>
            {calendarsOpen ? <CalendarsSection appartementId={appartement.id} /> : null}
          </div>
          <div className="adm-editor__pricing">
            <button
              type="button"
              className="sk-button sk-button--ghost"
              aria-expanded={accessOpen}
              onClick={() => setAccessOpen((o) => !o)}
            >
              Accès et arrivée (privé)
            </button>
            {accessOpen ? <AccessSection appartementId={appartement.id} /> : null}
          </div>
        </>
      )}
    </section>
  );
}

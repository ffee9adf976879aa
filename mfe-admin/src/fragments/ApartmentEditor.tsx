import { adminApi, useMutation, type PhotoList } from 'shared-kernel';
import { useId, useRef, useState } from 'react';
import type { ApartmentEditorProps } from 'shared-kernel';
import { updateFailureMessage } from './updateFailure';
import { PricingSection } from '../pricing/PricingSection';
import { CalendarsSection } from '../calendar/CalendarsSection';
import { AccessSection } from '../access/AccessSection';

export { updateFailureMessage };
import { ApartmentForm } from '../apartment/ApartmentForm';
import { checkEditForm, fromAppartement, toUpdatePayload, type EditForm } from '../apartment/editForm';
import type { FormProblem } from '../apartment/numbers';
import { UPDATED } from '../apartment/text';
import '../ui/ui.css';
import '../apartment/apartment.css';
import { Alert, focusField } from 'shared-kernel';

/**
 * The admin's editor on the apartment page (fragment `admin/ApartmentEditor`): 'Modifier
 * l'appartement' opens the form, 'Annuler' closes it; a successful save closes it, tells the page
 * (`onSaved`) and shows the success message.
 */
export default function ApartmentEditor({ appartement, onSaved }: ApartmentEditorProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<EditForm>(() => fromAppartement(appartement));
  /** What the form refused at the last submit (nothing was sent then). */
  const [refused, setRefused] = useState<FormProblem | null>(null);
  const [pricingOpen, setPricingOpen] = useState(false);
  const [calendarsOpen, setCalendarsOpen] = useState(false);
  const [accessOpen, setAccessOpen] = useState(false);
  // Counts the submits: a message repeated by a new submit is shown (and announced) anew.
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const save = useMutation({
    mutationFn: (edited: EditForm) => adminApi.updateAppartement(appartement.id, toUpdatePayload(edited)),
    onSuccess: () => {
      close();
      onSaved();
    },
  });
  const saving = save.isPending;
  const saved = save.isSuccess;
  const problem: FormProblem | null = refused ?? (save.isError ? { message: updateFailureMessage(save.error), field: null } : null);
  const invalid = problem?.field ?? null;

  const update = <K extends keyof EditForm>(field: K, value: EditForm[K]) => setForm((previous) => ({ ...previous, [field]: value }));

  const openForm = () => {
    setForm(fromAppartement(appartement));
    setRefused(null);
    save.reset();
    setOpen(true);
    // The form replaces the button: the focus goes to its title.
    window.setTimeout(() => titleRef.current?.focus(), 0);
  };

  const close = () => {
    setOpen(false);
    setRefused(null);
    window.setTimeout(() => toggleRef.current?.focus(), 0);
  };

  /** Uploaded photos are saved already: they join the form's list (its order and alt texts kept) and the page reloads the apartment. */
  const onPhotosUploaded = (list: PhotoList) => {
    setForm((previous) => ({
      ...previous,
      images: [...previous.images, ...list.images.filter((url) => !previous.images.includes(url))],
      imagesAlt: { ...list.imagesAlt, ...previous.imagesAlt },
    }));
    onSaved();
  };

  const onSubmit = () => {
    if (saving) return;
    setAttempt((n) => n + 1);
    const problemNow = checkEditForm(form);
    setRefused(problemNow);
    if (problemNow) {
      focusField(formRef.current, problemNow.field);
      return;
    }
    save.mutate(form);
  };

  return (
    <section className="sk-scope adm-editor" aria-label="Administration de l'appartement">
      {saved ? <Alert tone="success">{UPDATED}</Alert> : null}
      {open ? (
        <div className="sk-card adm-editor__form">
          <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="adm-editor__title">
            Modifier l&apos;appartement
          </h2>
          <ApartmentForm
            mode={{ kind: 'edit', appartementId: appartement.id, onPhotosUploaded }}
            form={form}
            update={update}
            invalid={invalid}
            busy={saving}
            formRef={formRef}
            labelledBy={`${id}-title`}
            onSubmit={onSubmit}
            footer={
              <>
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
              </>
            }
          />
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

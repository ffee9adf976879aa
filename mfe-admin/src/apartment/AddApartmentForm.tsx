import { useRef } from 'react';
import { ApartmentForm } from './ApartmentForm';
import { IMAGES_DROPPED, SMOOBU_RETRY, SUBMITTING } from './text';
import type { AddApartmentState } from './useAddApartment';
import { Alert, focusField } from 'shared-kernel';

export { SLUG_TAKEN_HINT } from './ApartmentForm';

/** The add page's use of the one apartment form: every field of the spec's section 3, with its defaults and minimums. */
export function AddApartmentForm({ state }: { state: AddApartmentState }) {
  const { form, update, smoobuId, known, submitting, retrying, dropped, problem, attempt, submit } = state;
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async () => {
    const field = await submit();
    focusField(formRef.current, field);
  };

  return (
    <ApartmentForm
      mode={{ kind: 'add', smoobuId, slugTaken: (slug) => known.slugs.has(slug) }}
      form={form}
      update={update}
      invalid={problem?.field ?? null}
      busy={submitting}
      formRef={formRef}
      onSubmit={() => void onSubmit()}
      footer={
        <>
          {dropped ? (
            <Alert key={`dropped-${attempt}`} tone="warning">
              {IMAGES_DROPPED}
            </Alert>
          ) : null}
          {retrying ? <Alert tone="info">{SMOOBU_RETRY}</Alert> : null}
          {problem ? (
            <Alert key={`problem-${attempt}`} tone="danger">
              {problem.message}
            </Alert>
          ) : null}
          <div>
            <button type="submit" className="sk-button sk-button--primary" disabled={submitting}>
              {submitting ? SUBMITTING : "Ajouter l'appartement"}
            </button>
          </div>
        </>
      }
    />
  );
}

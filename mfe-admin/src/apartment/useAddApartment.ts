import { useCallback, useState } from 'react';
import {
  adminQueries,
  isAdmin,
  useMutation,
  useQueryClient,
  useSession,
  type CreatedAppartement,
  type NewAppartementPayload,
} from 'shared-kernel';
import { checkAddForm, emptyAddForm, toNewPayload, type AddForm } from './addForm';
import { addFailureMessage, createApartment } from './createApartment';
import type { FormProblem } from './numbers';
import { NOT_ADMIN } from './text';
import { freshSmoobuId, useKnownApartments, type KnownApartments } from './useKnownApartments';

export interface AddApartmentState {
  form: AddForm;
  update: <K extends keyof AddForm>(field: K, value: AddForm[K]) => void;
  /** The generated channel-manager id the next attempt sends. */
  smoobuId: number;
  known: KnownApartments;
  submitting: boolean;
  /** A taken smoobuId is being retried with a new one. */
  retrying: boolean;
  /** Invalid image URLs were dropped at the last submit. */
  dropped: boolean;
  problem: FormProblem | null;
  /** Counts the submits: a message repeated by a new submit is shown (and announced) anew. */
  attempt: number;
  created: CreatedAppartement | null;
  /** Checks and sends the form; answers the field to focus when it is refused. */
  submit: () => Promise<string | null>;
  /** 'Ajouter un autre appartement': a fresh form. */
  reset: () => void;
}

/** The add page's state: the form, its submit (checks, then sending with retries) and the outcome. */
export function useAddApartment(): AddApartmentState {
  const admin = useSession(isAdmin);
  const client = useQueryClient();
  const known = useKnownApartments();
  const [form, setForm] = useState<AddForm>(emptyAddForm);
  const [smoobuId, setSmoobuId] = useState(() => freshSmoobuId(new Set()));
  const [retrying, setRetrying] = useState(false);
  const [dropped, setDropped] = useState(false);
  /** What the last submit refused before sending (not an admin, or the form's first problem). */
  const [refused, setRefused] = useState<FormProblem | null>(null);
  const [attempt, setAttempt] = useState(0);
  const create = useMutation({
    // createApartment answers every failure as an outcome (a taken smoobuId retried with a new one).
    mutationFn: (payload: NewAppartementPayload) =>
      createApartment(payload, {
        nextSmoobuId: () => freshSmoobuId(known.smoobuIds),
        onRetry: (id) => {
          setRetrying(true);
          setSmoobuId(id);
        },
      }),
    onSuccess: (outcome) => {
      setRetrying(false);
      setSmoobuId(outcome.ok ? outcome.smoobuId : freshSmoobuId(known.smoobuIds));
      // The catalogue read again: the next apartment's slug and smoobuId checks know this one.
      if (outcome.ok) void client.invalidateQueries({ queryKey: adminQueries.apartments().queryKey });
    },
  });
  const submitting = create.isPending;
  const outcome = create.data;
  const created = outcome?.ok ? outcome.created : null;
  const problem: FormProblem | null =
    refused ??
    (outcome && !outcome.ok
      ? { message: outcome.message, field: null }
      : create.isError
        ? { message: addFailureMessage(create.error), field: null }
        : null);

  const update = useCallback(<K extends keyof AddForm>(field: K, value: AddForm[K]) => {
    setForm((previous) => ({ ...previous, [field]: value }));
  }, []);

  /** Answers (once the checks are done; the creation goes on) the field to focus when the form is refused. */
  const submit = (): Promise<string | null> => {
    if (create.isPending) return Promise.resolve(null);
    setAttempt((n) => n + 1);
    setRefused(null);
    setDropped(false);
    if (!admin) {
      setRefused({ message: NOT_ADMIN, field: null });
      return Promise.resolve(null);
    }
    const check = checkAddForm(form);
    if (check.images !== form.images) setForm((previous) => ({ ...previous, images: check.images }));
    setDropped(check.dropped);
    if (!check.ok) {
      setRefused(check.problem);
      return Promise.resolve(check.problem.field);
    }
    create.mutate(toNewPayload(form, check.images, smoobuId));
    return Promise.resolve(null);
  };

  const reset = () => {
    setForm(emptyAddForm());
    setSmoobuId(freshSmoobuId(known.smoobuIds));
    setRefused(null);
    setDropped(false);
    create.reset();
  };

  return { form, update, smoobuId, known, submitting, retrying, dropped, problem, attempt, created, submit, reset };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { adminQueries, isAdmin, useQueryClient, useSession, type CreatedAppartement } from 'shared-kernel';
import { checkAddForm, emptyAddForm, toNewPayload, type AddForm } from './addForm';
import { createApartment } from './createApartment';
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
  const [submitting, setSubmitting] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [dropped, setDropped] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [created, setCreated] = useState<CreatedAppartement | null>(null);
  const [attempt, setAttempt] = useState(0);
  const busy = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback(<K extends keyof AddForm>(field: K, value: AddForm[K]) => {
    setForm((previous) => ({ ...previous, [field]: value }));
  }, []);

  const submit = async (): Promise<string | null> => {
    if (busy.current) return null;
    setAttempt((n) => n + 1);
    setProblem(null);
    setDropped(false);
    if (!admin) {
      setProblem({ message: NOT_ADMIN, field: null });
      return null;
    }
    const check = checkAddForm(form);
    if (check.images !== form.images) setForm((previous) => ({ ...previous, images: check.images }));
    setDropped(check.dropped);
    if (!check.ok) {
      setProblem(check.problem);
      return check.problem.field;
    }

    busy.current = true;
    setSubmitting(true);
    const outcome = await createApartment(toNewPayload(form, check.images, smoobuId), {
      nextSmoobuId: () => freshSmoobuId(known.smoobuIds),
      onRetry: (id) => {
        if (!mounted.current) return;
        setRetrying(true);
        setSmoobuId(id);
      },
    });
    busy.current = false;
    if (!mounted.current) return null;
    setSubmitting(false);
    setRetrying(false);
    setSmoobuId(outcome.ok ? outcome.smoobuId : freshSmoobuId(known.smoobuIds));
    if (outcome.ok) {
      setCreated(outcome.created);
      // The catalogue read again: the next apartment's slug and smoobuId checks know this one.
      void client.invalidateQueries({ queryKey: adminQueries.apartments().queryKey });
    } else setProblem({ message: outcome.message, field: null });
    return null;
  };

  const reset = () => {
    setForm(emptyAddForm());
    setSmoobuId(freshSmoobuId(known.smoobuIds));
    setProblem(null);
    setDropped(false);
    setCreated(null);
  };

  return { form, update, smoobuId, known, submitting, retrying, dropped, problem, attempt, created, submit, reset };
}

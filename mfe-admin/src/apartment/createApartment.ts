/**
 * Sends the add form (spec sections 4 and 8): a taken smoobuId (409 SMOOBU_ID_TAKEN) is retried
 * with a new random id, up to 3 attempts in all; every other failure is told with the catalogue's
 * message.
 */
import { describeFailure, errorStatus, adminApi, type CreatedAppartement, type NewAppartementPayload } from 'shared-kernel';
import { errorCode } from '../api/errors';
import { ADD_GENERIC_ERROR, addFailed, NOT_ADMIN, TOO_MANY_ATTEMPTS } from './text';

export const MAX_ATTEMPTS = 3;
export const SMOOBU_ID_TAKEN = 'SMOOBU_ID_TAKEN';

export type CreateOutcome = { ok: true; created: CreatedAppartement; smoobuId: number } | { ok: false; message: string; smoobuId: number };

export interface CreateOptions {
  /** A new random id for the next attempt. */
  nextSmoobuId: () => number;
  /** Told before each retry, with the id it will use. */
  onRetry?: (smoobuId: number) => void;
}

/** The catalogue's message for a failure that is not a taken smoobuId. */
export function addFailureMessage(error: unknown): string {
  const status = errorStatus(error);
  // The shell guards the route; a lost session (expired token, role changed) still ends up here.
  if (status === 401 || status === 403) return NOT_ADMIN;
  const failure = describeFailure(error);
  if (failure.kind === 'response') return failure.message ?? addFailed(failure.status);
  return ADD_GENERIC_ERROR;
}

export async function createApartment(payload: NewAppartementPayload, { nextSmoobuId, onRetry }: CreateOptions): Promise<CreateOutcome> {
  let smoobuId = payload.smoobuId;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const created = await adminApi.createAppartement({ ...payload, smoobuId });
      return { ok: true, created, smoobuId };
    } catch (error) {
      if (errorStatus(error) !== 409 || errorCode(error) !== SMOOBU_ID_TAKEN)
        return { ok: false, message: addFailureMessage(error), smoobuId };
      if (attempt >= MAX_ATTEMPTS) return { ok: false, message: TOO_MANY_ATTEMPTS, smoobuId };
      smoobuId = nextSmoobuId();
      onRetry?.(smoobuId);
    }
  }
}

import { describeFailure } from 'shared-kernel';
import { NO_RESPONSE, UPDATE_FAILED } from '../apartment/text';

/** The catalogue of section 8 for a failed save. */
export function updateFailureMessage(error: unknown): string {
  const failure = describeFailure(error);
  if (failure.kind === 'response') return failure.message ?? UPDATE_FAILED;
  return failure.kind === 'no-response' ? NO_RESPONSE : UPDATE_FAILED;
}

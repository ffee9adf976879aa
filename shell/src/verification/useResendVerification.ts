import { authApi, describeFailure, useMutation } from 'shared-kernel';
import { LOGIN_MESSAGES } from '../auth/messages';

export const RESEND_FAILURE = "Le lien n'a pas pu être renvoyé. Veuillez réessayer plus tard.";

export type ResendOutcome = { kind: 'sent' | 'error'; message: string } | null;

/** What a failed resend tells: the server's French answer (its 429 when links were asked too often), or why none came. */
function failureMessage(failure: unknown): string {
  const described = describeFailure(failure);
  if (described.kind === 'no-response') return LOGIN_MESSAGES.noResponse;
  return (described.kind === 'response' && described.message) || RESEND_FAILURE;
}

/** 'Renvoyer le lien': one request at a time; its outcome is the server's answer or the reason it failed. */
export function useResendVerification(): { resend: () => Promise<void>; sending: boolean; outcome: ResendOutcome } {
  const send = useMutation({ mutationFn: () => authApi.resendVerification() });
  const resend = async () => {
    if (send.isPending) return;
    // The outcome is read from the mutation's state; the promise only tells the caller it is over.
    await send.mutateAsync().catch(() => undefined);
  };
  const outcome: ResendOutcome = send.isSuccess
    ? { kind: 'sent', message: send.data }
    : send.isError
      ? { kind: 'error', message: failureMessage(send.error) }
      : null;
  return { resend, sending: send.isPending, outcome };
}

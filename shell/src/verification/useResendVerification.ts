import { useState } from 'react';
import { authApi, describeFailure } from 'shared-kernel';
import { LOGIN_MESSAGES } from '../auth/messages';

export const RESEND_FAILURE = "Le lien n'a pas pu être renvoyé. Veuillez réessayer plus tard.";

export type ResendOutcome = { kind: 'sent' | 'error'; message: string } | null;

/** 'Renvoyer le lien': the server's French answer, including its 429 when links were asked too often. */
export function useResendVerification(): { resend: () => Promise<void>; sending: boolean; outcome: ResendOutcome } {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ResendOutcome>(null);
  const resend = async () => {
    if (sending) return;
    setSending(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'sent', message: await authApi.resendVerification() });
    } catch (failure) {
      const described = describeFailure(failure);
      if (described.kind === 'no-response') setOutcome({ kind: 'error', message: LOGIN_MESSAGES.noResponse });
      else setOutcome({ kind: 'error', message: (described.kind === 'response' && described.message) || RESEND_FAILURE });
    } finally {
      setSending(false);
    }
  };
  return { resend, sending, outcome };
}

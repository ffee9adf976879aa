/** Finishing a sign-in: keep the token, fill the session, go to the target page. */
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionWriter, storeToken, toSessionUser, type LoginResponse } from 'shared-kernel';

export function isLoginResponse(value: unknown): value is LoginResponse {
  if (!value || typeof value !== 'object') return false;
  const { token, user } = value as Partial<LoginResponse>;
  return typeof token === 'string' && token !== '' && !!user && typeof user === 'object' && typeof user.id === 'number';
}

/**
 * Returns `complete(response, remember, target)` and a ref telling whether this page signed the user
 * in (so the page does not treat them as "already signed in" and send them to / instead).
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const signedInHere = useRef(false);
  const complete = useCallback(
    (response: LoginResponse, remember: boolean, target: string) => {
      signedInHere.current = true;
      storeToken(response.token, remember);
      sessionWriter.signedIn(toSessionUser(response.user));
      void navigate(target, { replace: true });
    },
    [navigate],
  );
  return { complete, signedInHere };
}

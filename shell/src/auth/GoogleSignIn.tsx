/**
 * "Se connecter avec Google", shown only when a Google client id is configured (DECISIONS 13).
 * Flow of spec section 4: on click, an attempt flag and a 30 s timer; the credential goes to the
 * server; a server failure leads to /login?error=failed, the timer to /login?error=timeout.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  authApi,
  getRuntimeConfig,
  loadGoogleIdentity,
  useMutation,
  type GoogleCredentialResponse,
  type LoginResponse,
} from 'shared-kernel';
import { GOOGLE_START_FAILURE } from './messages';
import { useReturnTo, withReturnTo } from './redirect';

export const GOOGLE_TIMEOUT_MS = 30_000;
export const GOOGLE_ATTEMPT_KEY = 'googleLoginAttempt';

function setAttemptFlag(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(GOOGLE_ATTEMPT_KEY, 'true');
    else window.sessionStorage.removeItem(GOOGLE_ATTEMPT_KEY);
  } catch {
    // Storage may be unavailable (private mode); the flag is informative only.
  }
}

export interface GoogleSignInProps {
  /** Called with the server's answer once Google's credential was accepted. */
  onSignedIn: (response: LoginResponse) => void;
  context?: 'signin' | 'signup';
}

export function GoogleSignIn({ onSignedIn, context = 'signin' }: GoogleSignInProps) {
  const clientId = getRuntimeConfig().googleClientId;
  const returnTo = useReturnTo();
  const go = useNavigate();
  // Google's error returns land on /login with the page the guest was going to.
  const navigate = useCallback((path: string) => go(withReturnTo(path, returnTo)), [go, returnTo]);
  const container = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [startFailed, setStartFailed] = useState(false);
  // The credential goes to the server; Google's script and its button stay set up by the effect below.
  const exchange = useMutation({
    mutationFn: (credential: string) => authApi.google(credential),
    onSuccess: (result: LoginResponse) => onSignedIn(result),
    onError: () => void navigate('/login?error=failed'),
  });
  const busy = exchange.isPending;

  // The Google callback is registered once; it always calls the latest handlers.
  const latest = useRef({ navigate, signIn: exchange.mutate });
  latest.current = { navigate, signIn: exchange.mutate };

  useEffect(() => {
    if (!clientId) return undefined;
    let active = true;

    const stopTimer = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };

    const onCredential = (response: GoogleCredentialResponse) => {
      stopTimer();
      setAttemptFlag(false);
      if (!response.credential) {
        void latest.current.navigate('/login?error=general');
        return;
      }
      latest.current.signIn(response.credential);
    };

    const onClick = () => {
      setAttemptFlag(true);
      stopTimer();
      timer.current = setTimeout(() => {
        timer.current = null;
        setAttemptFlag(false);
        void latest.current.navigate('/login?error=timeout');
      }, GOOGLE_TIMEOUT_MS);
    };

    loadGoogleIdentity()
      .then((api) => {
        if (!active || !container.current) return;
        api.initialize({ client_id: clientId, callback: onCredential, ux_mode: 'popup', context });
        container.current.replaceChildren();
        api.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: context === 'signup' ? 'signup_with' : 'signin_with',
          shape: 'rectangular',
          logo_alignment: 'left',
          locale: 'fr',
          click_listener: onClick,
        });
      })
      .catch(() => {
        if (active) setStartFailed(true);
      });

    return () => {
      active = false;
      stopTimer();
    };
  }, [clientId, context]);

  if (!clientId) return null;

  return (
    <div className="sh-google">
      <p className="sh-divider">
        <span>ou</span>
      </p>
      <div ref={container} className="sh-google__button" aria-busy={busy || undefined} />
      {startFailed ? <Alert tone="danger">{GOOGLE_START_FAILURE}</Alert> : null}
    </div>
  );
}

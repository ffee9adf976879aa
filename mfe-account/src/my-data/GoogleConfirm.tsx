import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { getRuntimeConfig, loadGoogleIdentity } from 'shared-kernel';

export const GOOGLE_CONFIRM_UNAVAILABLE = 'La connexion avec Google est indisponible pour le moment.';

/**
 * A fresh Google sign-in that confirms an account deletion: an account created with Google has no
 * password to ask for, so the server wants a Google ID token issued less than 10 minutes ago for
 * the same Google account. Google's script loads only when this dialog shows the button.
 */
export function GoogleConfirm({ onCredential, disabled }: { onCredential: (credential: string) => void; disabled: boolean }) {
  const clientId = getRuntimeConfig().googleClientId;
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // Google keeps the first callback it is given; it must always reach the latest handler.
  const latest = useRef(onCredential);
  latest.current = onCredential;

  useEffect(() => {
    if (!clientId) return undefined;
    let active = true;
    loadGoogleIdentity()
      .then((api) => {
        if (!active || !container.current) return;
        api.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          context: 'use',
          callback: (response) => {
            if (response.credential) latest.current(response.credential);
            else setFailed(true);
          },
        });
        container.current.replaceChildren();
        api.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          logo_alignment: 'left',
          locale: 'fr',
        });
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [clientId]);

  if (!clientId || failed) {
    return (
      <p className="sk-field__hint">
        {GOOGLE_CONFIRM_UNAVAILABLE} Vous pouvez aussi choisir un mot de passe avec <Link to="/forgot-password">Mot de passe oublié</Link>,
        puis revenir confirmer avec lui.
      </p>
    );
  }
  return <div ref={container} className="acc-dialog__google" aria-busy={disabled || undefined} />;
}

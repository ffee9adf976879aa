/**
 * Google Identity Services (DECISIONS 13), loaded on demand: the browser gets a Google ID token
 * (the "credential") and the server verifies it (`POST /api/auth/google`).
 */
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  credential?: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
  click_listener?: () => void;
}

export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    context?: 'signin' | 'signup' | 'use';
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
  disableAutoSelect(): void;
}

interface GoogleGlobal {
  google?: { accounts?: { id?: GoogleAccountsId } };
}

function currentApi(): GoogleAccountsId | undefined {
  return (window as unknown as GoogleGlobal).google?.accounts?.id;
}

let loading: Promise<GoogleAccountsId> | null = null;

/** Loads the Google script once (a failed load may be tried again later). */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = currentApi();
  if (ready) return Promise.resolve(ready);
  if (!loading) {
    loading = new Promise<GoogleAccountsId>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = GOOGLE_SCRIPT_URL;
      script.async = true;
      script.defer = true;
      script.onload = () => {
        const api = currentApi();
        if (api) resolve(api);
        else reject(new Error('Google Identity Services absent après chargement.'));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error('Le script Google Identity Services ne se charge pas.'));
      };
      document.head.appendChild(script);
    }).catch((error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/** For tests. */
export function resetGoogleIdentityForTests(): void {
  loading = null;
}

/**
 * The session, written by the shell only (spec section 4): restored at start-up from the stored
 * token, ended by logout.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  authApi,
  callsSettled,
  clearToken,
  getSession,
  provideSessionCommands,
  readToken,
  sessionWriter,
  subscribeSession,
  toSessionUser,
} from 'shared-kernel';

export const LOGOUT_REDIRECT_DELAY_MS = 100;
/** A logout does not wait longer than this for the server before clearing the local session. */
const LOGOUT_CALL_LIMIT_MS = 5000;
/** Within it, how long a logout waits for the calls already sent before ending the session on the server. */
const LOGOUT_SETTLE_LIMIT_MS = 2000;

/** If a token is stored, asks the server who it belongs to; a failure drops the token silently. */
export async function restoreSession(): Promise<void> {
  if (!readToken()) {
    sessionWriter.signedOut();
    return;
  }
  sessionWriter.restoring();
  try {
    const user = await authApi.me();
    sessionWriter.signedIn(toSessionUser(user));
  } catch {
    clearToken();
    sessionWriter.signedOut();
  }
}

/** Reads the signed-in user again (after a remote changed the profile); a failure keeps the session as is. */
export async function refreshSession(): Promise<void> {
  try {
    sessionWriter.signedIn(toSessionUser(await authApi.me()));
  } catch {
    // The next page load restores it.
  }
}

/** Resolves once the start-up restore has checked the stored token (at once if it already has). */
export function sessionRestored(): Promise<void> {
  if (getSession().status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribeSession((state) => {
      if (state.status !== 'ready') return;
      stop();
      resolve();
    });
  });
}

/*
 * While a logout is under way, guarded pages wait instead of sending the user to /login: 'pending'
 * until the redirect to /, 'redirecting' until the address is / (the router applies navigations in
 * a transition, after this flag would otherwise have been cleared).
 */
type SignOutPhase = 'idle' | 'pending' | 'redirecting';
let phase: SignOutPhase = 'idle';
const phaseListeners = new Set<() => void>();

function setPhase(next: SignOutPhase): void {
  phase = next;
  phaseListeners.forEach((listener) => listener());
}

function subscribePhase(listener: () => void): () => void {
  phaseListeners.add(listener);
  return () => phaseListeners.delete(listener);
}

function useSignOutPhase(): SignOutPhase {
  return useSyncExternalStore(
    subscribePhase,
    () => phase,
    () => 'idle' as const,
  );
}

export function useSigningOut(): boolean {
  return useSignOutPhase() !== 'idle';
}

/** Mounted once in the layout: ends the logout once the home page is reached. */
export function useFinishSignOut(): void {
  const current = useSignOutPhase();
  const { pathname } = useLocation();
  useEffect(() => {
    if (current === 'redirecting' && pathname === '/') setPhase('idle');
  }, [current, pathname]);
}

interface GoogleIdentityGlobal {
  google?: { accounts?: { id?: { disableAutoSelect?: () => void } } };
}

/** Ends the session here, then on the server (failure ignored), then goes to / after 100 ms. */
export async function logout(goHome: () => void): Promise<void> {
  setPhase('pending');
  // The session ends here first: a remote that mounts while the server is asked (the messaging
  // header link, still loading) then sees nobody signed in and sends no call the server would
  // answer with a 401. The token leaves storage at once too, kept here for the logout call: a page
  // loaded from now on (the user navigating right after clicking) restores no session that the
  // server is ending, so it never asks /api/auth/me for an answer that would be a 401.
  sessionWriter.signedOut();
  const token = readToken();
  clearToken();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  try {
    // Calls already sent with this session get their answers first, not a 401; a slow one is not
    // waited for past LOGOUT_SETTLE_LIMIT_MS, so the logout itself still leaves with the token.
    const settled = Promise.race([callsSettled(), new Promise((resolve) => (settleTimer = setTimeout(resolve, LOGOUT_SETTLE_LIMIT_MS)))]);
    const ended = settled.then(() => authApi.logout(token));
    await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, LOGOUT_CALL_LIMIT_MS)))]);
  } catch {
    // The local session ends all the same.
  } finally {
    clearTimeout(timer);
    clearTimeout(settleTimer);
  }
  try {
    (window as unknown as GoogleIdentityGlobal).google?.accounts?.id?.disableAutoSelect?.();
  } catch {
    // Google sign-out is best effort.
  }
  setTimeout(() => {
    setPhase('redirecting');
    goHome();
  }, LOGOUT_REDIRECT_DELAY_MS);
}

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(() => logout(() => void navigate('/')), [navigate]);
}

/** Mounted once in the layout: lets remotes ask for a logout or a refresh of the session. */
export function useSessionCommands(): void {
  const navigate = useNavigate();
  useEffect(() => provideSessionCommands({ logout: () => logout(() => void navigate('/')), refresh: refreshSession }), [navigate]);
}

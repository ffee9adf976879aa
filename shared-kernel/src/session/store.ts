/**
 * The session store. Only the shell writes it (through `sessionWriter`); remotes read it with
 * `useSession` or `getSession`. It lives in shared-kernel, a federation singleton, so every remote
 * sees the same instance.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import type { SessionUser } from '../domain/types.js';

export interface SessionState {
  /** 'loading' until the stored token has been checked at start-up. */
  status: 'loading' | 'ready';
  user: SessionUser | null;
}

const store = createStore<SessionState>(() => ({ status: 'loading', user: null }));

export function getSession(): SessionState {
  return store.getState();
}

export function subscribeSession(listener: (state: SessionState) => void): () => void {
  return store.subscribe(listener);
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  const snapshot = () => selector(store.getState());
  // Server rendering: the server renders the state it holds (a visitor without a session) and the
  // browser hydrates with the state it holds then (also signed out), not the store's initial 'loading'.
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

export const isAdmin = (state: SessionState): boolean => state.user?.role === 'admin';

/** For the shell only. */
export const sessionWriter = {
  /** The stored token is being checked (start-up): guarded pages wait, nobody is signed in yet. */
  restoring(): void {
    store.setState({ status: 'loading', user: null });
  },
  signedIn(user: SessionUser): void {
    store.setState({ status: 'ready', user });
  },
  signedOut(): void {
    store.setState({ status: 'ready', user: null });
  },
  updateUser(patch: Partial<SessionUser>): void {
    const user = store.getState().user;
    if (user) store.setState({ user: { ...user, ...patch } });
  },
};

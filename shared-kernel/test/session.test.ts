import { act, renderHook } from '@testing-library/react';
import type { SessionUser } from '../src/domain/types';
import { getSession, isAdmin, sessionWriter, subscribeSession, useSession, type SessionState } from '../src/session/store';

const client: SessionUser = { id: 2, name: 'Jean', email: 'jean@example.fr', role: 'client', photo: null, googleId: null };
const admin: SessionUser = { id: 1, name: 'Admin', email: 'admin@example.fr', role: 'admin', photo: null, googleId: null };

// The store is a module singleton: the first test must run before any write.
describe('session store', () => {
  it("starts 'loading' with no user", () => {
    expect(getSession()).toEqual({ status: 'loading', user: null });
    expect(isAdmin(getSession())).toBe(false);
  });

  it('ignores updateUser while nobody is signed in', () => {
    sessionWriter.updateUser({ name: 'X' });
    expect(getSession()).toEqual({ status: 'loading', user: null });
  });

  it('signs in', () => {
    sessionWriter.signedIn(client);
    expect(getSession()).toEqual({ status: 'ready', user: client });
  });

  it('updates the signed-in user with a patch', () => {
    sessionWriter.signedIn(client);
    sessionWriter.updateUser({ name: 'Jean Dupont', photo: 'https://img.example.com/j.jpg' });
    expect(getSession()).toEqual({
      status: 'ready',
      user: { ...client, name: 'Jean Dupont', photo: 'https://img.example.com/j.jpg' },
    });
    expect(client.name).toBe('Jean');
  });

  it('signs out to ready with no user', () => {
    sessionWriter.signedIn(client);
    sessionWriter.signedOut();
    expect(getSession()).toEqual({ status: 'ready', user: null });
    sessionWriter.updateUser({ name: 'X' });
    expect(getSession().user).toBeNull();
  });

  it('notifies subscribers until they unsubscribe', () => {
    const seen: SessionState[] = [];
    const off = subscribeSession((s) => seen.push(s));
    sessionWriter.signedIn(admin);
    sessionWriter.updateUser({ email: 'root@example.fr' });
    sessionWriter.signedOut();
    off();
    sessionWriter.signedIn(client);
    expect(seen).toEqual([
      { status: 'ready', user: admin },
      { status: 'ready', user: { ...admin, email: 'root@example.fr' } },
      { status: 'ready', user: null },
    ]);
  });

  it('tells whether the user is an admin', () => {
    expect(isAdmin({ status: 'ready', user: admin })).toBe(true);
    expect(isAdmin({ status: 'ready', user: client })).toBe(false);
    expect(isAdmin({ status: 'ready', user: null })).toBe(false);
    expect(isAdmin({ status: 'loading', user: null })).toBe(false);
  });

  it('feeds React components through useSession', () => {
    sessionWriter.signedOut();
    const { result } = renderHook(() => useSession((s) => s.user?.name ?? null));
    expect(result.current).toBeNull();
    act(() => sessionWriter.signedIn(client));
    expect(result.current).toBe('Jean');
    act(() => sessionWriter.updateUser({ name: 'Jeanne' }));
    expect(result.current).toBe('Jeanne');
  });
});

import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { appartementsApi, authApi, toSessionUser } from '../src/api/endpoints';
import { httpClient } from '../src/api/http';

interface Call {
  method: string | undefined;
  url: string | undefined;
  body: unknown;
  cacheControl: unknown;
}

let calls: Call[] = [];
let reply: unknown = null;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  calls.push({
    method: config.method,
    url: config.url,
    body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    cacheControl: config.headers.get('Cache-Control'),
  });
  return { data: reply, status: 200, statusText: 'OK', headers: {}, config };
};

let originalAdapter: AxiosAdapter | undefined;
beforeAll(async () => {
  originalAdapter = (await httpClient()).defaults.adapter as AxiosAdapter | undefined;
});
beforeEach(async () => {
  calls = [];
  reply = null;
  (await httpClient()).defaults.adapter = adapter;
});
afterAll(async () => {
  (await httpClient()).defaults.adapter = originalAdapter;
});

describe('toSessionUser', () => {
  it('maps nom to name and defaults photo and googleId to null', () => {
    expect(
      toSessionUser({ id: 3, nom: 'Marie', email: 'marie@example.fr', role: 'client', photo: 'https://x/p.jpg', googleId: 'g-1' }),
    ).toEqual({
      id: 3,
      name: 'Marie',
      email: 'marie@example.fr',
      role: 'client',
      photo: 'https://x/p.jpg',
      googleId: 'g-1',
      emailVerifie: true,
    });
    expect(
      toSessionUser({ id: 4, nom: 'Léa', email: 'lea@example.fr', role: 'client', photo: null, googleId: null, emailVerifie: false })
        .emailVerifie,
    ).toBe(false);
    const partial = { id: 1, nom: 'Admin', email: 'a@example.fr', role: 'admin' } as unknown as Parameters<typeof toSessionUser>[0];
    expect(toSessionUser(partial)).toEqual({
      id: 1,
      name: 'Admin',
      email: 'a@example.fr',
      role: 'admin',
      photo: null,
      googleId: null,
      emailVerifie: true,
    });
  });
});

describe('appartementsApi', () => {
  it("reads the admin's index of apartments, without cache, dropping a line without id or title", async () => {
    reply = [
      { id: 1, titre: 'Loft', slug: 'loft', ville: 'Metz', smoobuId: 12, publie: false },
      { id: 2, titre: 'Studio' },
      { id: '3', titre: 'Sans id entier' },
      { id: 4 },
    ];
    const index = await appartementsApi.adminIndex();
    expect(calls).toEqual([{ method: 'get', url: '/admin/appartements', body: undefined, cacheControl: 'no-cache' }]);
    expect(index).toEqual([
      { id: 1, titre: 'Loft', slug: 'loft', ville: 'Metz', smoobuId: 12, publie: false },
      { id: 2, titre: 'Studio', slug: '', ville: '', smoobuId: null, publie: true },
    ]);
  });

  it('gives an empty index when the body is not a list', async () => {
    reply = { error: 'x' };
    expect(await appartementsApi.adminIndex()).toEqual([]);
  });

  it('fetches by encoded slug and decodes', async () => {
    reply = { id: 9, slug: 'a b', prixParNuit: '70' };
    const a = await appartementsApi.bySlug('a b');
    expect(calls[0]?.url).toBe('/appartements/slug/a%20b');
    expect(a.id).toBe(9);
    expect(a.prixParNuit).toBe(70);
  });

  it('lists unavailable days', async () => {
    reply = [{ date: '2026-12-01' }, { date: '2026-12-02' }];
    expect(await appartementsApi.unavailableDays(4)).toEqual(['2026-12-01', '2026-12-02']);
    expect(calls[0]).toEqual({ method: 'get', url: '/appartements/disponibilites/4', body: undefined, cacheControl: 'no-cache' });
    reply = null;
    expect(await appartementsApi.unavailableDays(4)).toEqual([]);
  });
});

describe('authApi', () => {
  const user = { id: 1, nom: 'Jean', email: 'jean@example.fr', role: 'client', photo: null, googleId: null };

  it('logs in with email and password', async () => {
    reply = { token: 't', user };
    expect(await authApi.login('jean@example.fr', 'secret123')).toEqual({ token: 't', user });
    expect(calls[0]).toMatchObject({ method: 'post', url: '/auth/login', body: { email: 'jean@example.fr', password: 'secret123' } });
  });

  it('exchanges a Google credential', async () => {
    reply = { token: 'g', user };
    expect(await authApi.google('cred')).toEqual({ token: 'g', user });
    expect(calls[0]).toMatchObject({ method: 'post', url: '/auth/google', body: { credential: 'cred' } });
  });

  it('reads the current user from { user }', async () => {
    reply = { user };
    expect(await authApi.me()).toEqual(user);
    expect(calls[0]).toMatchObject({ method: 'get', url: '/auth/me' });
  });

  it('logs out and registers', async () => {
    await authApi.logout();
    await authApi.register({ nom: 'Jean', email: 'jean@example.fr', password: 'secret123' });
    expect(calls).toEqual([
      expect.objectContaining({ method: 'post', url: '/auth/logout', body: {} }),
      expect.objectContaining({
        method: 'post',
        url: '/users/register',
        body: { nom: 'Jean', email: 'jean@example.fr', password: 'secret123' },
      }),
    ]);
  });
});

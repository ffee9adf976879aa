/**
 * A server with three signed-in people for the messaging tests: the demo admin, the demo guest, and
 * a second guest (Paul Simon) registered here, with their tokens and ids.
 */
import { after, before } from 'node:test';
import type { Socket } from 'socket.io-client';
import { startServer, type TestServer } from '../helpers.js';

export type Who = 'admin' | 'client' | 'other';

export async function startWithThreeUsers(): Promise<{ server: TestServer; t: Record<Who, string>; id: Record<Who, number> }> {
  const server = await startServer();
  await server.request('POST', '/api/users/register', {
    body: { nom: 'Paul Simon', email: 'paul.simon@exemple.fr', password: 'motdepasse-paul' },
  });
  const t: Record<Who, string> = {
    admin: await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026'),
    client: await server.login('camille.martin@exemple.fr', 'Client-Metz-2026'),
    other: await server.login('paul.simon@exemple.fr', 'motdepasse-paul'),
  };
  const id: Record<Who, number> = { admin: 0, client: 0, other: 0 };
  for (const k of ['admin', 'client', 'other'] as const)
    id[k] = (await server.request('GET', '/api/auth/me', { token: t[k] })).body.user.id;
  return { server, t, id };
}

/**
 * Registers a suite's hooks: the three people's server started before its tests, their sockets
 * disconnected and the server closed after. `t` and `id` are filled in by the time a test runs.
 */
export function threeUsersSuite(): { readonly server: TestServer; t: Record<Who, string>; id: Record<Who, number>; sockets: Socket[] } {
  let started: TestServer | undefined;
  const suite = {
    get server(): TestServer {
      if (!started) throw new Error('the suite’s server starts in its before hook');
      return started;
    },
    t: { admin: '', client: '', other: '' },
    id: { admin: 0, client: 0, other: 0 },
    sockets: [] as Socket[],
  };
  before(async () => {
    const three = await startWithThreeUsers();
    started = three.server;
    Object.assign(suite.t, three.t);
    Object.assign(suite.id, three.id);
  });
  after(async () => {
    suite.sockets.forEach((s) => s.disconnect());
    await started?.close();
  });
  return suite;
}

/**
 * A server with three signed-in people for the messaging tests: the demo admin, the demo guest, and
 * a second guest (Paul Simon) registered here, with their tokens and ids.
 */
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

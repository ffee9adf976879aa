/**
 * Every apartment of the catalogue, page after page: GET /api/appartements answers one page (issue
 * 32), and a test that truly needs the whole catalogue (its demo apartments by slug, every id) reads
 * it through here rather than trusting one page to hold it.
 */
import assert from 'node:assert/strict';
import { appartements } from '../../src/db/schema.js';
import { demoApartments } from '../../src/seed/demo-data.js';
import { startServer, type TestServer } from '../helpers.js';

const PAGE_SIZE = 48;

/** From a test server (an admin token also lists drafts) or from a running API's base URL. */
export async function allApartments<T = any>(from: Pick<TestServer, 'request'> | string, token?: string): Promise<T[]> {
  const found: T[] = [];
  for (let page = 1; ; page += 1) {
    const route = `/api/appartements?page=${page}&parPage=${PAGE_SIZE}`;
    const { status, body } =
      typeof from === 'string'
        ? await fetch(`${from}${route}`, token ? { headers: { authorization: `Bearer ${token}` } } : {}).then(async (res) => ({
            status: res.status,
            body: (await res.json()) as { appartements: T[]; total: number },
          }))
        : await from.request<{ appartements: T[]; total: number }>('GET', route, token ? { token } : {});
    assert.equal(status, 200);
    found.push(...body.appartements);
    if (body.appartements.length === 0 || found.length >= body.total) return found;
  }
}

/** The id of the apartment with that slug (a demo apartment's, found whatever page it is on). */
export async function apartmentIdBySlug(server: Pick<TestServer, 'request'>, slug: string): Promise<number> {
  return (await allApartments(server)).find((a: { slug: string }) => a.slug === slug).id;
}

/** The demo apartment with the flexible cancellation policy, the one the payment tests book. */
export const flexible = demoApartments.find((a) => a.politiqueAnnulation === 'Flexible')!;

/** GET /api/appartements with these query parameters (the search the catalogue page makes). */
export function searchApartments<T>(server: Pick<TestServer, 'request'>, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return server.request<T>('GET', `/api/appartements?${params.toString()}`);
}

/** A test server with one person signed in and the whole catalogue as it starts. */
export async function startWithCatalogue<T = any>(
  email: string,
  password: string,
): Promise<{ server: TestServer; token: string; all: T[] }> {
  const server = await startServer();
  const token = await server.login(email, password);
  return { server, token, all: await allApartments<T>(server) };
}

/**
 * The catalogue's apartment ids handed out in turn, so that each test works on its own apartment
 * (or the one least recently used). `load` fills it in a before hook.
 */
export function apartmentsInTurn(): { load: (server: Pick<TestServer, 'request'>) => Promise<void>; next: () => number } {
  const ids: number[] = [];
  let next = 0;
  return {
    load: async (server) => {
      ids.push(...(await allApartments<{ id: number }>(server)).map((a) => a.id));
    },
    next: () => ids[next++ % ids.length]!,
  };
}

/**
 * An apartment written in the database directly, as another process or a script would (no cache of
 * the API is told), for two guests; its id.
 */
export async function insertApartmentRow(
  server: Pick<TestServer, 'database'>,
  row: { slug: string; titre: string; description: string; localisation: string; ville: string; prixParNuit: number; publie: boolean },
): Promise<number> {
  const [inserted] = await server.database.db
    .insert(appartements)
    .values({ ...row, capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 } })
    .returning({ id: appartements.id });
  return inserted!.id;
}

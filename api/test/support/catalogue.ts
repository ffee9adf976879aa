/**
 * Every apartment of the catalogue, page after page: GET /api/appartements answers one page (issue
 * 32), and a test that truly needs the whole catalogue (its demo apartments by slug, every id) reads
 * it through here rather than trusting one page to hold it.
 */
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers.js';

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

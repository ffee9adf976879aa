/** The stamp-keyed cache the towns and the search's facts share (src/cache/stamped.ts). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { stampedCache } from '../src/cache/stamped.js';
import type { AppDb } from '../src/db/client.js';

// Two databases: the cache is keyed by the database object only.
const one = {} as AppDb;
const two = {} as AppDb;

it('reads again only when the stamp changes, per database and key, and keeps no failed read', async () => {
  const cache = stampedCache<boolean, string>();
  let reads = 0;
  const read = (value: string) => () => {
    reads += 1;
    return Promise.resolve(value);
  };
  assert.equal(await cache.get(one, true, 's1', read('a')), 'a');
  assert.equal(await cache.get(one, true, 's1', read('b')), 'a', 'same stamp: the value kept');
  assert.equal(reads, 1);
  assert.equal(await cache.get(one, false, 's1', read('c')), 'c', 'another key');
  assert.equal(await cache.get(two, true, 's1', read('d')), 'd', 'another database');
  assert.equal(await cache.get(one, true, 's2', read('e')), 'e', 'a new stamp: read again');
  assert.equal(reads, 4);

  await assert.rejects(cache.get(one, true, 's3', () => Promise.reject(new Error('base indisponible'))));
  assert.equal(await cache.get(one, true, 's3', read('f')), 'f', 'the failed read was not kept');
});

/**
 * A value derived from the database, kept per database and key with the stamp it was read at (row
 * versions, counts): read again only when the caller's fresh stamp differs. The caller reads the
 * stamp first and the value after it, so the value is never older than the database was at the
 * stamp; a write in between changes the stamp, and the next call reads again. Nothing to
 * invalidate, whatever process or path wrote. A failed read is not kept.
 */
import type { AppDb } from '../db/client.js';

export interface StampedCache<K, V> {
  /** The value kept for `key` at `stamp`, or `read()`'s, which is kept in its place. */
  get(db: AppDb, key: K, stamp: string, read: () => Promise<V>): Promise<V>;
}

export function stampedCache<K, V>(): StampedCache<K, V> {
  type Entries = Map<K, { stamp: string; value: Promise<V> }>;
  const perDatabase = new WeakMap<AppDb, Entries>();
  return {
    get(db, key, stamp, read) {
      let entries = perDatabase.get(db);
      if (!entries) perDatabase.set(db, (entries = new Map() as Entries));
      const known = entries.get(key);
      if (known?.stamp === stamp) return known.value;
      const entry = { stamp, value: read() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
  };
}

/** What the server's thread and the embedded database's thread (pglite-thread.ts) say to each other. */
export interface ThreadSettings {
  /** The data folder; null: in memory. */
  dataDir: string | null;
  /** A dump to start from (an in-memory database in the tests). */
  snapshot?: Blob;
}

export type Ask =
  | {
      op: 'query';
      id: number;
      /** The open transaction it belongs to, if any. */
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Types to read as PostgreSQL's text (Drizzle's parsers for them keep the text). */
      textTypes?: number[];
    }
  | { op: 'begin' | 'commit' | 'rollback'; id: number; tx: number }
  | { op: 'dump' | 'close'; id: number; tx?: undefined };

export type Answer =
  { id: number; result: unknown; error?: undefined } | { id: number; result?: undefined; error: Record<string, string | number | boolean> };

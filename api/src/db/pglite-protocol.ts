/** What the server's thread and the embedded database's thread (pglite-thread.ts) say to each other. */
export interface ThreadSettings {
  /** The data folder; null: in memory. */
  dataDir: string | null;
  /** A dump to start from (an in-memory database in the tests). */
  snapshot?: Blob;
  /** Statements kept prepared at most (default 500; the tests ask for fewer). */
  preparedMax?: number;
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

/** A select's rows in one JSON text, and the columns (index, type) the server's thread parses with PGlite's parser. */
export interface JsonRows {
  json: string;
  parse: [number, number][];
}

export type Answer =
  { id: number; result: unknown; error?: undefined } | { id: number; result?: undefined; error: Record<string, string | number | boolean> };

/**
 * The embedded database, run in its own thread (pglite-thread.ts) and asked from the server's: what
 * Drizzle's PGlite driver calls (`query`, `transaction`) and what the tests use (`dumpDataDir`), with
 * PGlite's semantics — one statement at a time, one transaction at a time, other statements held
 * until it ends — since PGlite itself answers in that thread.
 */
import { Worker } from 'node:worker_threads';
import { types } from '@electric-sql/pglite';
import type { Ask, Answer, JsonRows, ThreadSettings } from './pglite-protocol.js';

interface Field {
  name: string;
  dataTypeID: number;
}
interface Results {
  rows: unknown[];
  fields: Field[];
  affectedRows?: number;
}
type ThreadResults = Results | (Omit<Results, 'rows'> & { json: JsonRows });

/** Rows sent as one JSON text (pglite-thread.ts): parsed here, each text-sent column by PGlite's parser for its type. */
function fromJson({ json, parse }: JsonRows): unknown[][] {
  const rows = JSON.parse(json) as unknown[][];
  for (const [index, type] of parse) {
    const parser = types.parsers[type]!;
    for (const row of rows) if (row[index] !== null) row[index] = parser(row[index] as string, type);
  }
  return rows;
}
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}
type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type AskWithoutId = Ask extends infer A ? (A extends Ask ? Omit<A, 'id'> : never) : never;

/** A database error as the other thread described it: SQLSTATE (`code`), `constraint`, `detail`… */
function rebuiltError(fields: Record<string, string | number | boolean>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/**
 * The given parsers' types come back as PostgreSQL's text (functions cannot cross threads), then go
 * through the parsers here.
 */
function parsed(results: Results, options: QueryOptions): Results {
  const parsers = options.parsers;
  if (!parsers) return results;
  const columns = results.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ key: options.rowMode === 'array' ? index : field.name, parse, type: field.dataTypeID }] : [];
  });
  if (columns.length === 0) return results;
  for (const row of results.rows as Record<string | number, unknown>[])
    for (const { key, parse, type } of columns) if (typeof row[key] === 'string') row[key] = parse(row[key], type);
  return results;
}

export class ThreadedPglite {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  #nextId = 1;
  #nextTx = 1;
  #stopped: Error | null = null;
  readonly ready: Promise<void>;

  private constructor(settings: ThreadSettings) {
    // Nothing of the server's environment (secrets, URLs) reaches the database's thread.
    const options = { workerData: settings, env: {} };
    this.#worker = import.meta.url.endsWith('.ts')
      ? // Run from the sources (tests, tsx): a worker does not inherit tsx's loader, so it registers it first.
        new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./pglite-thread.ts', import.meta.url).href)}); })`,
          { ...options, eval: true },
        )
      : new Worker(new URL('./pglite-thread.js', import.meta.url), options);
    this.ready = new Promise((resolve, reject) => this.#waiting.set(0, { resolve: () => resolve(), reject }));
    this.#worker.on('message', (answer: Answer) => {
      const waiting = this.#waiting.get(answer.id);
      if (!waiting) return;
      this.#waiting.delete(answer.id);
      if (answer.error) waiting.reject(rebuiltError(answer.error));
      else waiting.resolve(answer.result);
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      for (const waiting of this.#waiting.values()) waiting.reject(this.#stopped);
      this.#waiting.clear();
    };
    this.#worker.on('error', stop);
    this.#worker.on('exit', (code) => stop(new Error(`La base de données embarquée s’est arrêtée (code ${code}).`)));
  }

  static async create(settings: ThreadSettings): Promise<ThreadedPglite> {
    const db = new ThreadedPglite(settings);
    await db.ready;
    return db;
  }

  #ask(ask: AskWithoutId): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...ask, id });
    });
  }

  async #query(tx: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    const textTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    const answer = (await this.#ask({ op: 'query', tx, sql, params, rowMode: options.rowMode ?? 'object', textTypes })) as ThreadResults;
    const results = 'json' in answer ? { fields: answer.fields, affectedRows: answer.affectedRows, rows: fromJson(answer.json) } : answer;
    return parsed(results, options);
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    return this.#query(undefined, sql, params, options);
  }

  /** Commits when `fn` resolves; rolls back when it throws or calls `rollback()`. */
  async transaction<T>(fn: (tx: { query: ThreadedPglite['query']; rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    const tx = this.#nextTx++;
    await this.#ask({ op: 'begin', tx });
    let rolledBack = false;
    const client = {
      query: (sql: string, params?: unknown[], options?: QueryOptions) => this.#query(tx, sql, params, options),
      rollback: async () => {
        rolledBack = true;
      },
    };
    let result: T;
    try {
      result = await fn(client);
    } catch (error) {
      await this.#ask({ op: 'rollback', tx }).catch(() => undefined);
      throw error;
    }
    await this.#ask({ op: rolledBack ? 'rollback' : 'commit', tx });
    return result;
  }

  /** PGlite's dump of its data folder, uncompressed (the API tests start each server from one). */
  dumpDataDir(): Promise<Blob> {
    return this.#ask({ op: 'dump' }) as Promise<Blob>;
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#ask({ op: 'close' });
    await this.#worker.terminate();
  }
}

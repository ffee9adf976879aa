/**
 * The embedded database's own thread (the other half is pglite-in-thread.ts). PGlite runs PostgreSQL
 * and decodes its answers on the thread that calls it; in the server's thread, every statement's
 * work and every request's JavaScript (HTTP, sessions, serialisation) took turns on one core. Here
 * they run side by side. The thread holds the database and nothing else: its environment is empty.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { parentPort, workerData } from 'node:worker_threads';
import type { Ask, Answer, ThreadSettings } from './pglite-protocol.js';

const port = parentPort!;
const settings = workerData as ThreadSettings;

const keepText = (value: string) => value;
const parsersByTypes = new Map<string, Record<number, (value: string) => string>>();
/** The types Drizzle reads as text (dates, timestamps…): PGlite's parsers for them are left out. */
function parsersOf(textTypes: readonly number[] | undefined) {
  if (!textTypes?.length) return undefined;
  const key = textTypes.join(',');
  let parsers = parsersByTypes.get(key);
  if (!parsers) parsersByTypes.set(key, (parsers = Object.fromEntries(textTypes.map((type) => [type, keepText]))));
  return parsers;
}

/** What a database error says (SQLSTATE, constraint, detail…): the calling thread rebuilds it. */
function errorFields(error: unknown): Record<string, string | number | boolean> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, string | number | boolean> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  return fields;
}

const answer = (message: Answer) => port.postMessage(message);

function settle(id: number, work: Promise<unknown>): void {
  work.then(
    (result) => answer({ id, result }),
    (error: unknown) => answer({ id, error: errorFields(error) }),
  );
}

async function run(on: Pick<PGlite, 'query'>, ask: Extract<Ask, { op: 'query' }>) {
  const { rows, fields, affectedRows } = await on.query(ask.sql, ask.params, {
    rowMode: ask.rowMode,
    parsers: parsersOf(ask.textTypes),
  });
  return { rows, fields, affectedRows };
}

/** An open transaction: its statements, in order, until its end. */
interface Open {
  asks: Ask[];
  wake: (() => void) | null;
  /** The commit or rollback that ended it: it hears how the end went. */
  end: { id: number } | null;
}
const open = new Map<number, Open>();

function begin(id: number, tx: number, pg: PGlite): void {
  const state: Open = { asks: [], wake: null, end: null };
  open.set(tx, state);
  let begun = false;
  const next = async () => {
    while (state.asks.length === 0) await new Promise<void>((wake) => (state.wake = wake));
    return state.asks.shift()!;
  };
  // PGlite runs one transaction at a time, and holds other statements until it ends, as in one thread.
  const done = pg.transaction(async (t: Transaction) => {
    begun = true;
    answer({ id, result: null });
    for (;;) {
      const ask = await next();
      if (ask.op === 'commit' || ask.op === 'rollback') {
        state.end = ask;
        if (ask.op === 'rollback') await t.rollback();
        return;
      }
      // One at a time, in the order sent, as on a connection.
      if (ask.op === 'query')
        await run(t, ask).then(
          (result) => answer({ id: ask.id, result }),
          (error: unknown) => answer({ id: ask.id, error: errorFields(error) }),
        );
    }
  });
  done.then(
    () => {
      open.delete(tx);
      if (state.end) answer({ id: state.end.id, result: null });
    },
    // It failed to begin, or to commit: whoever waits for that hears why.
    (error: unknown) => {
      open.delete(tx);
      const waiting = begun ? state.end?.id : id;
      if (waiting !== undefined) answer({ id: waiting, error: errorFields(error) });
    },
  );
}

const pg = await PGlite.create({
  ...(settings.dataDir ? { dataDir: settings.dataDir } : {}),
  ...(settings.snapshot ? { loadDataDir: settings.snapshot } : {}),
  extensions: { btree_gist },
});

port.on('message', (ask: Ask) => {
  switch (ask.op) {
    case 'query':
      if (ask.tx === undefined) return settle(ask.id, run(pg, ask));
      break;
    case 'begin':
      return begin(ask.id, ask.tx, pg);
    case 'dump':
      return settle(ask.id, pg.dumpDataDir('none'));
    case 'close':
      return settle(ask.id, pg.close());
  }
  const state = open.get(ask.tx!);
  if (!state) return answer({ id: ask.id, error: { message: `transaction ${ask.tx} inconnue` } });
  state.asks.push(ask);
  state.wake?.();
  state.wake = null;
});
answer({ id: 0, result: 'prête' });

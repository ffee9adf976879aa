/**
 * The embedded database's own thread (the other half is pglite-in-thread.ts). PGlite runs PostgreSQL
 * and decodes its answers on the thread that calls it; in the server's thread, every statement's
 * work and every request's JavaScript (HTTP, sessions, serialisation) took turns on one core. Here
 * they run side by side. The thread holds the database and nothing else: its environment is empty.
 */
import { type messages, parse as pgParse, PGlite, protocol, type Transaction, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { parentPort, workerData } from 'node:worker_threads';
import type { Ask, Answer, JsonRows, ThreadSettings } from './pglite-protocol.js';

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

type QueryAsk = Extract<Ask, { op: 'query' }>;

async function run(on: Pick<PGlite, 'query'>, ask: QueryAsk) {
  const { rows, fields, affectedRows } = await on.query(ask.sql, ask.params, {
    rowMode: ask.rowMode,
    parsers: parsersOf(ask.textTypes),
  });
  return { rows, fields, affectedRows };
}

/**
 * Statements outside a transaction, kept prepared by their text (issue 32). PGlite's `query` parses,
 * describes and plans each statement anew, and in WebAssembly planning a join costs more than running
 * it (the admin calendar's conflicts: 3.6 ms a time, 0.4 ms prepared). The server's statements are a
 * few hundred texts (Drizzle's, with parameters), so each is parsed once and its plan kept by
 * PostgreSQL's plan cache (custom plans first, a generic one once it is no worse), on PGlite's one
 * session. The least recently used is closed past `PREPARED_MAX`. Statements in a transaction keep
 * PGlite's own path.
 */
const PREPARED_MAX = settings.preparedMax ?? 500;
interface Statement {
  name: string;
  paramTypes: number[];
  /** Its columns' names and types; none for a statement that returns no rows. */
  fields: { name: string; dataTypeID: number }[];
}
const prepared = new Map<string, Statement>();
let nextStatement = 1;
const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

async function statementOf(pg: PGlite, text: string, paramTypes?: number[]): Promise<Statement> {
  const known = prepared.get(text);
  if (known) {
    // Most recently used last: the first entry is the one to close.
    prepared.delete(text);
    prepared.set(text, known);
    return known;
  }
  const name = `sm_${nextStatement++}`;
  const { messages } = await pg.execProtocol(
    joined([serialize.parse({ name, text, types: paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    { syncToFs: false },
  );
  const params = messages.find((m): m is messages.ParameterDescriptionMessage => m.name === 'parameterDescription');
  const row = messages.find((m): m is messages.RowDescriptionMessage => m.name === 'rowDescription');
  const statement = {
    name,
    paramTypes: params?.dataTypeIDs ?? [],
    fields: row?.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) ?? [],
  };
  prepared.set(text, statement);
  if (prepared.size > PREPARED_MAX) {
    const [oldest, old] = prepared.entries().next().value!;
    prepared.delete(oldest);
    await closeStatement(pg, old.name);
  }
  return statement;
}

async function closeStatement(pg: PGlite, name: string): Promise<void> {
  await pg.execProtocol(joined([serialize.close({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
}

/**
 * A select's rows as one JSON text (issue 32). PGlite decodes each field of each row in JavaScript
 * and the rows are then copied to the server's thread object by object: for the admin pages' hundreds
 * of rows, more of this thread's time than PostgreSQL's own work. As one text, the rows cross at once
 * and the server's thread (mostly idle) parses them. Types whose JSON is what PGlite's parser makes
 * of their text go as they are; the others go as their text, which the server's thread parses with
 * PGlite's parser for the type (`parse`), or leaves as text when the caller asked so (`textTypes`).
 * A type only this thread's PGlite can parse (an array type) keeps the usual path.
 */
const AS_JSON = new Set([16, 21, 23, 25, 114, 1043, 3802]);
const MAX_JSON_COLUMNS = 100; // json_build_array's arguments
const jsonForms = new Map<string, { text: string; parse: [number, number][] } | null>();

function jsonFormOf(pg: PGlite, ask: QueryAsk, statement: Statement) {
  const key = `${ask.textTypes?.join(',') ?? ''}|${ask.sql}`;
  let form = jsonForms.get(key);
  if (form !== undefined) return form;
  const { fields } = statement;
  const textTypes = new Set(ask.textTypes ?? []);
  const parse: [number, number][] = [];
  const columns: string[] = [];
  let eligible = /^\s*(select|with)\b/i.test(ask.sql) && fields.length > 0 && fields.length <= MAX_JSON_COLUMNS;
  fields.forEach(({ dataTypeID: type }, i) => {
    if (AS_JSON.has(type) && !textTypes.has(type)) return columns.push(`t.c${i}`);
    columns.push(`t.c${i}::text`);
    if (textTypes.has(type)) return;
    if (type in types.parsers) parse.push([i, type]);
    else if (type in pg.parsers) eligible = false;
  });
  form = eligible
    ? {
        text: `select coalesce(json_agg(json_build_array(${columns.join(', ')})), '[]')::text from (${ask.sql}) as t(${fields.map((_, i) => `c${i}`).join(', ')})`,
        parse,
      }
    : null;
  if (jsonForms.size >= PREPARED_MAX) jsonForms.clear();
  jsonForms.set(key, form);
  return form;
}

async function executePrepared(pg: PGlite, ask: QueryAsk): Promise<Record<string, unknown>> {
  const statement = await statementOf(pg, ask.sql);
  // Parameters as PGlite's `query` sends them: by the type PostgreSQL gave each.
  const values = ask.params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = pg.serializers[statement.paramTypes[i] ?? 0];
    // As PGlite: the type's serializer, or the value's own text (an enum's string, say).
    return serializer ? serializer(value) : (value as { toString(): string }).toString();
  });
  const form = ask.rowMode === 'array' ? jsonFormOf(pg, ask, statement) : null;
  const run = form ? await statementOf(pg, form.text, statement.paramTypes) : statement;
  const { messages } = await pg.execProtocol(
    joined([serialize.bind({ statement: run.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
  );
  const [result] = pgParse.parseResults(messages, pg.parsers, { rowMode: ask.rowMode, parsers: parsersOf(ask.textTypes) });
  const { rows, fields, affectedRows } = result!;
  if (!form) return { rows, fields, affectedRows };
  const json: JsonRows = { json: (rows as string[][])[0]![0]!, parse: form.parse };
  return { json, fields: statement.fields, affectedRows: 0 };
}

function runPrepared(pg: PGlite, ask: QueryAsk) {
  // PGlite's own order: no statement inside another's transaction, one statement at a time.
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      try {
        return await executePrepared(pg, ask);
      } catch (error) {
        // A table changed under a kept `select *` (a migration, a test's DDL): prepared again, once.
        const kept = prepared.get(ask.sql);
        if (!kept || (error as { code?: string }).code !== '0A000') throw error;
        prepared.delete(ask.sql);
        await closeStatement(pg, kept.name);
        return executePrepared(pg, ask);
      }
    }),
  );
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
      if (ask.tx === undefined) return settle(ask.id, runPrepared(pg, ask));
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

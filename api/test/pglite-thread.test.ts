/**
 * The embedded database in its own thread (src/db/pglite-in-thread.ts): what the server's code relies
 * on from PGlite in its own thread still holds — errors carry their SQLSTATE and constraint, a
 * transaction commits or rolls back whole, statements from outside wait for it, Drizzle reads its
 * types as before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { constraintName, sqlState } from '../src/db/client.js';
import { ThreadedPglite } from '../src/db/pglite-in-thread.js';

const schemaSql = `
  create table compte (id serial primary key, nom text not null unique, solde integer not null, cree_le timestamptz not null default now(), jour date not null default current_date);
`;

describe('the embedded database in its own thread', () => {
  let thread: ThreadedPglite;
  before(async () => {
    thread = await ThreadedPglite.create({ dataDir: null });
    await thread.query(schemaSql);
  });
  after(() => thread.close());

  it('answers statements with their rows, in objects or arrays', async () => {
    await thread.query('insert into compte (nom, solde) values ($1, $2), ($3, $4)', ['léa', 100, 'marc', 50]);
    const objects = await thread.query('select nom, solde from compte order by nom');
    assert.deepEqual(objects.rows, [
      { nom: 'léa', solde: 100 },
      { nom: 'marc', solde: 50 },
    ]);
    const arrays = await thread.query('select nom, solde from compte order by nom', [], { rowMode: 'array' });
    assert.deepEqual(arrays.rows, [
      ['léa', 100],
      ['marc', 50],
    ]);
  });

  it('gives an error its SQLSTATE and constraint, as the server reads them', async () => {
    const error = await thread.query('insert into compte (nom, solde) values ($1, $2)', ['léa', 1]).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(error instanceof Error);
    assert.equal(sqlState(error), '23505');
    assert.equal(constraintName(error), 'compte_nom_key');
    assert.match(error.message, /duplicate key|unique/);
  });

  it('commits a transaction whole, and rolls it back whole when it throws', async () => {
    await thread.transaction(async (tx) => {
      await tx.query('update compte set solde = solde - 30 where nom = $1', ['léa']);
      await tx.query('update compte set solde = solde + 30 where nom = $1', ['marc']);
    });
    await assert.rejects(
      thread.transaction(async (tx) => {
        await tx.query('update compte set solde = solde - 1000 where nom = $1', ['léa']);
        throw new Error('refusé');
      }),
      /refusé/,
    );
    const { rows } = await thread.query('select nom, solde from compte order by nom');
    assert.deepEqual(rows, [
      { nom: 'léa', solde: 70 },
      { nom: 'marc', solde: 80 },
    ]);
  });

  it('holds a statement from outside until the open transaction ends, as one connection does', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = thread.transaction(async (tx) => {
      await tx.query("update compte set solde = 0 where nom = 'léa'");
      await held;
      order.push('commit');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = thread.query("select solde from compte where nom = 'léa'").then((r) => {
      order.push('lecture');
      return r.rows[0];
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await transaction;
    assert.deepEqual(await outside, { solde: 0 });
    assert.deepEqual(order, ['commit', 'lecture']);
  });

  it('serves Drizzle as PGlite does: typed rows, dates as Drizzle reads them, transactions', async () => {
    const { pgTable, serial, text, integer, timestamp, date } = await import('drizzle-orm/pg-core');
    const compte = pgTable('compte', {
      id: serial('id').primaryKey(),
      nom: text('nom').notNull(),
      solde: integer('solde').notNull(),
      creeLe: timestamp('cree_le', { withTimezone: true }).notNull(),
      jour: date('jour').notNull(),
    });
    const db = drizzle({ client: thread as unknown as PGlite });
    const [lea] = await db.select().from(compte).where(eq(compte.nom, 'léa'));
    assert.ok(lea);
    assert.ok(lea.creeLe instanceof Date && !Number.isNaN(lea.creeLe.getTime()));
    assert.match(lea.jour, /^\d{4}-\d{2}-\d{2}$/);
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.update(compte).set({ solde: 999 }).where(eq(compte.nom, 'marc'));
        tx.rollback();
      }),
    );
    const [marc] = await db.select({ solde: compte.solde }).from(compte).where(eq(compte.nom, 'marc'));
    assert.equal(marc?.solde, 80);
    const [{ n }] = (await db.execute(sql`select count(*)::int as n from compte`)).rows as [{ n: number }];
    assert.equal(n, 2);
  });

  it('prepares a statement outside a transaction once, whatever its parameters, and sends them typed', async () => {
    const text = 'select nom from compte where id = any($1) and jour <= $2 and $3::jsonb ? $4 order by nom';
    for (const ids of [[1], [1, 2], [2]])
      await thread.query(text, [ids, new Date('2100-01-01T00:00:00Z'), { léa: true }, 'léa'], { rowMode: 'array' });
    const { rows } = await thread.query('select nom from compte where id = any($1) and jour <= $2 and $3::jsonb ? $4 order by nom', [
      [1, 2],
      '2100-01-01',
      { léa: true },
      'léa',
    ]);
    assert.deepEqual(rows, [{ nom: 'léa' }, { nom: 'marc' }]);
    const kept = await thread.query('select count(*)::int as n from pg_prepared_statements where statement = $1', [text]);
    assert.deepEqual(kept.rows, [{ n: 1 }], 'parsed once, then executed four times');
    const nulls = await thread.query('select $1::text is null as vide', [null]);
    assert.deepEqual(nulls.rows, [{ vide: true }]);
  });

  it('prepares a statement again when its table changed, and an error leaves the next statement working', async () => {
    await thread.query('create table essai (a integer)');
    await thread.query('insert into essai values (1)');
    assert.deepEqual((await thread.query('select * from essai')).rows, [{ a: 1 }]);
    await thread.query('alter table essai add column b text');
    assert.deepEqual((await thread.query('select * from essai')).rows, [{ a: 1, b: null }]);
    await assert.rejects(thread.query('select a from essai where a = $1', ['pas un nombre']), (e: unknown) => sqlState(e) === '22P02');
    assert.deepEqual((await thread.query('select a from essai where a = $1', [1])).rows, [{ a: 1 }]);
  });

  it('reads a select in array mode as one JSON text, with every value as PGlite itself gives it', async () => {
    const { PGlite: Direct, types } = await import('@electric-sql/pglite');
    const direct = await Direct.create();
    try {
      const setup = `create type humeur as enum ('calme', 'joyeux');
        create table valeurs (n serial primary key, petit int2, grand int8, somme numeric(12,2), reel float8, vrai boolean, mot text,
          court varchar(20), jour date, moment timestamp, instant timestamptz, duree interval, doc json, docb jsonb, octets bytea,
          uid uuid, h humeur);
        insert into valeurs (petit, grand, somme, reel, vrai, mot, court, jour, moment, instant, duree, doc, docb, octets, uid, h) values
          (-3, 9007199254740993, 1234567890.10, 'NaN', true, E'l''été\\n« guillemets » \\\\ fin', 'Metz', '2026-12-24', '2026-12-24 18:30:00.123456',
           '2026-12-24 18:30:00+01', '1 day 02:00:00', '{"a":[1,"b",null]}', '{"clé":"valeur","n":1.50}', '\\x00ff', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'joyeux'),
          (null, 42, 0.5, 'Infinity', false, '', null, null, null, null, null, 'null', '[]', null, null, null),
          (7, -1, -0.01, 1.5e-7, null, 'z', 'x', '1999-01-01', '1999-01-01 00:00:00', '1999-01-01 00:00:00+00', '-3 months', '"texte"', '{"a":{"b":[true]}}', '\\x', null, 'calme');`;
      await direct.exec(setup);
      await thread.query('create table pour_voir (x int)');
      for (const statement of setup.split(';').filter((x) => x.trim())) await thread.query(statement);
      // The types Drizzle's PGlite driver reads as text, as it asks them.
      const textTypes = [types.DATE, types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL];
      const parsers = Object.fromEntries(textTypes.map((t) => [t, (x: string) => x]));
      const select = 'select * from valeurs where n >= $1 order by n desc';
      for (let run = 0; run < 2; run += 1) {
        const expected = await direct.query(select, [1], { rowMode: 'array', parsers });
        const got = await thread.query(select, [1], { rowMode: 'array', parsers });
        assert.deepEqual(got.rows, expected.rows);
        assert.equal((got.rows.at(-1) as unknown[])[2], 9007199254740993n, 'a large int8 as PGlite makes it');
      }
      const none = await thread.query(select, [99], { rowMode: 'array', parsers });
      assert.deepEqual(none.rows, []);
      // The pattern as a parameter, so that this statement's own text does not match it.
      const wrapped = await thread.query('select count(*)::int as n from pg_prepared_statements where statement like $1', [
        `%json_agg%(${select})%`,
      ]);
      assert.deepEqual(wrapped.rows, [{ n: 1 }], 'the JSON form was the one run');
      const arrays = 'select array[mot, court] as mots from valeurs order by n';
      assert.deepEqual(
        (await thread.query(arrays, [], { rowMode: 'array' })).rows,
        (await direct.query(arrays, [], { rowMode: 'array' })).rows,
        'an array type keeps the usual path, and its parser',
      );
    } finally {
      await direct.close();
    }
  });

  it('keeps at most its bound of prepared statements, closing the least recently used', async () => {
    const small = await ThreadedPglite.create({ dataDir: null, preparedMax: 3 });
    try {
      for (let i = 1; i <= 6; i += 1) await small.query(`select ${i} as n`);
      await small.query('select 1 as n');
      const { rows } = await small.query('select statement from pg_prepared_statements order by statement');
      assert.deepEqual(
        rows.map((r) => (r as { statement: string }).statement),
        ['select 1 as n', 'select 6 as n', 'select statement from pg_prepared_statements order by statement'],
        'the three most recently used: 2 to 5 were closed',
      );
    } finally {
      await small.close();
    }
  });

  it('refuses statements once closed, with a French error', async () => {
    const other = await ThreadedPglite.create({ dataDir: null });
    await other.close();
    await assert.rejects(other.query('select 1'), /base de données embarquée/);
  });
});

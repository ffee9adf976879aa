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

  it('refuses statements once closed, with a French error', async () => {
    const other = await ThreadedPglite.create({ dataDir: null });
    await other.close();
    await assert.rejects(other.query('select 1'), /base de données embarquée/);
  });
});

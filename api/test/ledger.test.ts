/**
 * Issue 31, DECISIONS 32: money is a ledger. The database keeps `mouvements` append-only; a booking
 * owes its deposit and balance from the start; the balances come from the movements only and are
 * shown to the guest and admins, nobody else; the migration writes the movements implied by the
 * payment rows that existed before the books.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import type { AppDb } from '../src/db/client.js';
import { migrationsFolder } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { mouvements, remboursements, reservations } from '../src/db/schema.js';
import { ledgerSummary } from '../src/modules/ledger/ledger.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { createTestDatabase, startServer, usingPostgres, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';

const today = () => todayIn('Europe/Paris');
const priciest = [...demoApartments].sort((a, b) => b.prixParNuit - a.prixParNuit)[0]!;

describe('the books (mouvements)', () => {
  let server: TestServer;
  let client: string;
  let other: string;
  let admin: string;
  let apt: number;
  let offset = 40;
  const stay = (nights: number, from?: number) => {
    const start = from ?? (offset += nights + 2);
    return { startDate: addDaysIso(today(), start), endDate: addDaysIso(today(), start + nights) };
  };
  const book = (token: string, dates: { startDate: string; endDate: string }) =>
    server.request('POST', '/api/reservations', { token, body: { appartementId: apt, ...dates, adultes: 1, accepteCgv: true } });

  before(async () => {
    server = await startServer();
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    await server.request('POST', '/api/users/register', {
      body: { nom: 'Hugo Petit', email: 'hugo.petit@exemple.fr', password: 'motdepasse-hugo' },
    });
    other = await server.login('hugo.petit@exemple.fr', 'motdepasse-hugo');
    apt = (await allApartments(server)).find((a: { slug: string }) => a.slug === priciest.slug).id;
  });
  after(() => server.close());

  it('refuses to change, delete or empty a movement, in the database itself', async () => {
    const res = await book(client, stay(2));
    assert.equal(res.status, 201, res.text);
    const id = res.body.reservation.id;
    const db = server.database.db;
    const [row] = await db.select().from(mouvements).where(eq(mouvements.reservationId, id));
    assert.ok(row);
    for (const attempt of [
      () => db.update(mouvements).set({ montantCents: 1 }).where(eq(mouvements.id, row.id)),
      () => db.delete(mouvements).where(eq(mouvements.id, row.id)),
      () => db.execute(sql`truncate mouvements cascade`),
      // Nor through its reservation: a reservation with movements cannot be deleted.
      () => db.delete(reservations).where(eq(reservations.id, id)),
    ]) {
      await assert.rejects(attempt());
    }
    const [still] = await db.select().from(mouvements).where(eq(mouvements.id, row.id));
    assert.equal(still?.montantCents, row.montantCents);
    const error = await db
      .update(mouvements)
      .set({ note: 'x' })
      .where(eq(mouvements.id, row.id))
      .then(
        () => null,
        (e: unknown) => e,
      );
    assert.match(String((error as { cause?: unknown }).cause ?? error), /en ajout seul/);
  });

  it('a booking owes its deposit now and its balance before arrival, from the start; the guest and admins read the balance, nobody else', async () => {
    const nights = Math.ceil(700 / priciest.prixParNuit);
    const dates = stay(nights);
    const res = await book(client, dates);
    assert.equal(res.status, 201, res.text);
    const r = res.body.reservation;
    const totalCents = Math.round(r.totalPrice * 100);
    assert.ok(totalCents > 50_000, 'a stay above the deposit');
    assert.equal(r.deposit, 500);
    assert.equal(Math.round(r.remainder * 100), totalCents - 50_000);
    assert.deepEqual(r.comptes, { duCents: totalCents, recuCents: 0, rembourseCents: 0, resteDuCents: totalCents, aRembourserCents: 0 });
    assert.deepEqual(r.solde, {
      montantCents: totalCents - 50_000,
      exigibleLe: addDaysIso(dates.startDate, -7),
      resteCents: totalCents,
      etat: 'à venir',
    });

    const mine = await server.request('GET', `/api/reservations/${r.id}`, { token: client });
    assert.equal(mine.status, 200);
    assert.deepEqual(
      mine.body.mouvements.map((m: { type: string; montantCents: number; auteur: string }) => [m.type, m.montantCents, m.auteur]),
      [
        ['acompte_du', 50_000, 'client'],
        ['solde_du', totalCents - 50_000, 'client'],
      ],
    );
    assert.deepEqual(mine.body.comptes, r.comptes);
    const asAdmin = await server.request('GET', `/api/reservations/${r.id}`, { token: admin });
    assert.deepEqual(asAdmin.body.mouvements, mine.body.mouvements);
    const list = await server.request('GET', '/api/reservations/user', { token: client });
    assert.deepEqual(list.body.find((x: { id: number }) => x.id === r.id).comptes, r.comptes);

    const stranger = await server.request('GET', `/api/reservations/${r.id}`, { token: other });
    assert.equal(stranger.status, 404);
    assert.equal(stranger.body.message, 'Réservation introuvable.');
    assert.ok(!JSON.stringify(stranger.body).includes('mouvements'));
    assert.equal((await server.request('GET', `/api/reservations/${r.id}`)).status, 401);
  });

  it('inside the balance window the whole stay is owed at booking: no balance, the transfer asks for the total', async () => {
    const dates = stay(3, 5);
    const res = await book(client, dates);
    assert.equal(res.status, 201, res.text);
    const r = res.body.reservation;
    const totalCents = Math.round(r.totalPrice * 100);
    assert.ok(totalCents > 50_000);
    assert.equal(r.deposit, r.totalPrice);
    assert.equal(r.remainder, 0);
    assert.equal(r.solde, null);
    assert.equal(res.body.instructionsVirement.montantCents, totalCents);
    assert.equal(res.body.instructionsVirement.objet, 'séjour');
    const detail = await server.request('GET', `/api/reservations/${r.id}`, { token: client });
    assert.deepEqual(
      detail.body.mouvements.map((m: { type: string; montantCents: number }) => [m.type, m.montantCents]),
      [['acompte_du', totalCents]],
    );
  });

  it('balances follow the movements: received, then cancelled by an admin, owed back in full', async () => {
    const res = await book(client, stay(Math.ceil(700 / priciest.prixParNuit)));
    const r = res.body.reservation;
    const totalCents = Math.round(r.totalPrice * 100);
    assert.equal((await server.request('POST', `/api/admin/reservations/${r.id}/acompte-recu`, { token: admin, body: {} })).status, 200);
    const paid = (await server.request('GET', `/api/reservations/${r.id}`, { token: client })).body;
    assert.deepEqual(paid.comptes, {
      duCents: totalCents,
      recuCents: 50_000,
      rembourseCents: 0,
      resteDuCents: totalCents - 50_000,
      aRembourserCents: 0,
    });
    assert.equal(paid.paymentCompleted, true);
    assert.equal(paid.paiement.etat, 'payé');
    const cancelled = await server.request('PUT', `/api/reservations/${r.id}/status`, { token: admin, body: { status: 'annulée' } });
    assert.equal(cancelled.status, 200);
    // Everything due is written off, the transfer is owed back: the guest owes nothing, the site owes 500 €.
    assert.deepEqual(cancelled.body.reservation.comptes, {
      duCents: 0,
      recuCents: 50_000,
      rembourseCents: 0,
      resteDuCents: 0,
      aRembourserCents: 50_000,
    });
    assert.equal(cancelled.body.reservation.paiement.etat, 'remboursement en cours');
    const [owed] = await server.database.db.select().from(remboursements).where(eq(remboursements.reservationId, r.id));
    assert.deepEqual([owed?.moyen, owed?.etat, owed?.montantCents], ['virement', 'à effectuer', 50_000]);
    // A cancelled stay with books is closed: it cannot be put back.
    const revive = await server.request('PUT', `/api/reservations/${r.id}/status`, {
      token: admin,
      body: { status: 'confirmée', raison: 'erreur' },
    });
    assert.equal(revive.status, 409);
    assert.equal(
      revive.body.message,
      'Cette réservation est annulée et ses comptes sont arrêtés : elle ne peut pas être rétablie. Créez une nouvelle réservation.',
    );
  });
});

/** A copy of the migrations folder that stops after `lastTag` (to build a database as it was before). */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sm-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('migration 0013: the movements implied by the payment rows that existed', () => {
  let db: AppDb;
  let close: () => Promise<void>;
  let migrateTo: (folder: string) => Promise<void>;
  const before0013 = migrationsUpTo('0012_mail_about_users');

  before(async () => {
    if (usingPostgres) {
      const testDb = await createTestDatabase(true);
      const pool = new pg.Pool({ connectionString: testDb.databaseUrl! });
      const nodeDb = drizzlePg({ client: pool, schema });
      db = nodeDb as unknown as AppDb;
      migrateTo = (folder) => migratePg(nodeDb, { migrationsFolder: folder });
      close = async () => {
        await pool.end();
        await testDb.drop();
      };
    } else {
      const client = await PGlite.create({ extensions: { btree_gist } });
      const liteDb = drizzlePglite({ client, schema });
      db = liteDb as unknown as AppDb;
      migrateTo = (folder) => migratePglite(liteDb, { migrationsFolder: folder });
      close = () => client.close();
    }
  });
  after(async () => {
    await close();
    rmSync(before0013, { recursive: true, force: true });
  });

  it('writes dues, receipts, refunds and write-offs from the old rows, then computes the same balances', async () => {
    await migrateTo(before0013);
    const start = addDaysIso(today(), 30);
    const end = addDaysIso(start, 3);
    await db.execute(sql`insert into users (id, nom, email) values (1, 'Ancien Client', 'ancien@exemple.fr')`);
    await db.execute(
      sql`insert into appartements (id, slug, titre, localisation, prix_par_nuit, capacite) values (1, 'ancien', 'Ancien', 'Metz', 100, '{"voyageurs":4}')`,
    );
    const stay = (
      id: number,
      offset: number,
      status: string,
      method: string | null,
      deposit: number,
      remainder: number,
      completed: boolean,
      refunded: number | null,
    ) =>
      db.execute(sql`insert into reservations (id, user_id, appartement_id, start_date, end_date, guests_count, adultes, total_price, deposit, remainder, payment_method, payment_completed, status, acompte_rembourse_cents)
        values (${id}, 1, 1, ${addDaysIso(start, offset)}, ${addDaysIso(end, offset)}, 1, 1, ${deposit + remainder}, ${deposit}, ${remainder}, ${method}, ${completed}, ${status}, ${refunded})`);
    const payment = (
      reservationId: number,
      fournisseur: string,
      type: string,
      cents: number,
      etat: string,
      ids: { session?: string; intent?: string; refund?: string } = {},
    ) =>
      db.execute(sql`insert into paiements (reservation_id, fournisseur, type, montant_cents, etat, stripe_session_id, stripe_payment_intent_id, stripe_refund_id)
        values (${reservationId}, ${fournisseur}, ${type}, ${cents}, ${etat}, ${ids.session ?? null}, ${ids.intent ?? null}, ${ids.refund ?? null})`);
    // A: confirmed, deposit paid by Stripe, balance to come.
    await stay(1, 0, 'confirmée', 'card', 500, 300, true, null);
    await payment(1, 'stripe', 'acompte', 50_000, 'payé', { session: 'cs_A', intent: 'pi_A' });
    // B: paid by transfer, cancelled by the guest inside the window: the refund was never made.
    await stay(2, 10, 'annulée', 'virement', 500, 0, true, 50_000);
    await payment(2, 'virement', 'acompte', 50_000, 'payé');
    await payment(2, 'virement', 'remboursement', 50_000, 'à rembourser');
    // C: paid by Stripe, cancelled, refunded by Stripe.
    await stay(3, 20, 'annulée', 'card', 300, 0, true, 30_000);
    await payment(3, 'stripe', 'acompte', 30_000, 'payé', { session: 'cs_C', intent: 'pi_C' });
    await payment(3, 'stripe', 'remboursement', 30_000, 'remboursé', { intent: 'pi_C', refund: 're_C' });
    // D: an unpaid hold that expired.
    await stay(4, 30, 'annulée', 'card', 250, 0, false, null);
    await payment(4, 'stripe', 'acompte', 25_000, 'expiré', { session: 'cs_D' });
    // E: a finished stay recorded as paid, without a payment row (demo data).
    await stay(5, -60, 'terminée', 'card', 400, 200, true, null);
    // F: entered by hand, no payment asked.
    await stay(6, 40, 'en attente', null, 200, 0, false, null);
    // G: cancelled late by the guest, the deposit kept.
    await stay(7, 50, 'annulée', 'virement', 500, 100, true, 0);
    await payment(7, 'virement', 'acompte', 50_000, 'payé');

    await migrateTo(migrationsFolder);

    const books = async (id: number) =>
      (await db.select().from(mouvements).where(eq(mouvements.reservationId, id)).orderBy(mouvements.id)).map((m) => [
        m.type,
        m.montantCents,
        m.moyen,
        m.reference,
      ]);
    assert.deepEqual(await books(1), [
      ['acompte_du', 50_000, null, null],
      ['solde_du', 30_000, null, null],
      ['acompte_recu', 50_000, 'stripe', 'pi_A'],
    ]);
    assert.deepEqual((await ledgerSummary(db, 1)).comptes, {
      duCents: 80_000,
      recuCents: 50_000,
      rembourseCents: 0,
      resteDuCents: 30_000,
      aRembourserCents: 0,
    });
    const [a] = await db.select().from(reservations).where(eq(reservations.id, 1));
    assert.equal(a?.soldeExigibleLe, addDaysIso(start, 0), 'the terms the guest accepted: the balance on arrival');

    assert.deepEqual((await ledgerSummary(db, 2)).comptes, {
      duCents: 0,
      recuCents: 50_000,
      rembourseCents: 0,
      resteDuCents: 0,
      aRembourserCents: 50_000,
    });
    const [owed] = await db.select().from(remboursements).where(eq(remboursements.reservationId, 2));
    assert.deepEqual([owed?.moyen, owed?.etat, owed?.montantCents], ['virement', 'à effectuer', 50_000]);

    assert.deepEqual((await ledgerSummary(db, 3)).comptes, {
      duCents: 0,
      recuCents: 30_000,
      rembourseCents: 30_000,
      resteDuCents: 0,
      aRembourserCents: 0,
    });
    assert.deepEqual(
      (await books(3)).map((m) => m[0]),
      ['acompte_du', 'acompte_recu', 'remboursement_du', 'remboursement_effectue', 'annulation_du'],
    );
    const [refundC] = await db.select().from(remboursements).where(eq(remboursements.reservationId, 3));
    assert.deepEqual([refundC?.etat, refundC?.stripeRefundId], ['effectué', 're_C']);

    assert.deepEqual(await books(4), [
      ['acompte_du', 25_000, null, null],
      ['annulation_du', 25_000, null, null],
    ]);
    assert.deepEqual(await books(5), [
      ['acompte_du', 40_000, null, null],
      ['acompte_recu', 40_000, 'autre', null],
    ]);
    assert.deepEqual(await books(6), []);
    assert.deepEqual((await ledgerSummary(db, 7)).comptes, {
      duCents: 50_000,
      recuCents: 50_000,
      rembourseCents: 0,
      resteDuCents: 0,
      aRembourserCents: 0,
    });

    // The stored balances are gone: the books are the only truth.
    const columns = await db.execute(
      sql`select column_name from information_schema.columns where table_name = 'reservations' and column_name in ('payment_completed', 'acompte_rembourse_cents')`,
    );
    assert.equal(((columns as unknown as { rows?: unknown[] }).rows ?? (columns as unknown as unknown[])).length, 0);
  });
});

/**
 * Issue 32: the admin list's total without a filter or by status alone comes from the counts the
 * triggers of migration 0028 keep (reservations/status-counts.ts), not from counting the table. It
 * must be what count(*) says right after every kind of write: a booking, a status change, a
 * cancellation, a deletion, a statement changing several stays, a write outside the API (another
 * process, a job), a rolled back transaction; and it stays so when the reads fold the rows.
 */
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { openDatabase } from '../src/db/client.js';
import { reservations, reservationsParStatut } from '../src/db/schema.js';
import { FOLD_AFTER_ROWS } from '../src/db/appended-counts.js';
import { startServer, usingPostgres, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';

const STATUSES = ['en attente', 'confirmée', 'annulée', 'terminée'] as const;

describe('the admin reservations total follows every write at once', () => {
  let server: TestServer;
  const t = { admin: '', client: '' };
  let clientId = 0;
  let apartments: number[] = [];

  /** count(*) by status, as the list's totals must say. */
  const counted = async (): Promise<Record<string, number>> => {
    const result = (await server.database.db.execute(
      sql`select status, count(*)::int as n from reservations group by status`,
    )) as unknown as { rows: { status: string; n: number }[] };
    const by = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<string, number>;
    for (const row of result.rows) by[row.status] = row.n;
    by.tout = result.rows.reduce((n, r) => n + r.n, 0);
    return by;
  };
  /** The totals the admin list answers, without a filter and for each status. */
  const listed = async () => {
    const totalOf = async (query: string) => {
      const res = await server.request<{ total: number }>('GET', `/api/admin/reservations?parPage=1${query}`, { token: t.admin });
      assert.equal(res.status, 200);
      return res.body.total;
    };
    const by: Record<string, number> = { tout: await totalOf('') };
    for (const status of STATUSES) by[status] = await totalOf(`&statut=${encodeURIComponent(status)}`);
    return by;
  };
  const assertTotalsExact = async (what: string) => assert.deepEqual(await listed(), await counted(), what);

  const stay = async (daysAhead: number, status: (typeof STATUSES)[number] = 'en attente') => {
    const start = addDaysIso(todayIn('Europe/Paris'), daysAhead);
    const [row] = await server.database.db
      .insert(reservations)
      .values({
        userId: clientId,
        appartementId: apartments[1]!,
        startDate: start,
        endDate: addDaysIso(start, 1),
        guestsCount: 1,
        adultes: 1,
        totalPrice: 100,
        deposit: 30,
        remainder: 70,
        status,
      })
      .returning({ id: reservations.id });
    return row!.id;
  };

  before(async () => {
    server = await startServer();
    t.admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    t.client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    clientId = (await server.request('GET', '/api/auth/me', { token: t.client })).body.user.id as number;
    apartments = (await allApartments(server)).map((a: { id: number }) => a.id);
  });
  after(() => server.close());

  it('counts the demo stays as count(*) does, for every status', async () => {
    const before = await counted();
    assert.ok(before.tout! > 10 && before['terminée']! > 0, JSON.stringify(before));
    await assertTotalsExact('données de démonstration');
  });

  it('follows a booking, its confirmation and its cancellation through the API', async () => {
    const before = await counted();
    const start = addDaysIso(todayIn('Europe/Paris'), 120);
    const booked = await server.request('POST', '/api/reservations', {
      token: t.client,
      body: { accepteCgv: true, appartementId: apartments[0], startDate: start, endDate: addDaysIso(start, 2), guestsCount: 1 },
    });
    assert.equal(booked.status, 201);
    const id = booked.body.reservation.id as number;
    const afterBooking = await listed();
    assert.equal(afterBooking.tout, before.tout! + 1);
    assert.equal(afterBooking['en attente'], before['en attente']! + 1);
    await assertTotalsExact('après la réservation');

    const confirmed = await server.request('PUT', `/api/reservations/${id}/status`, {
      token: t.admin,
      body: { status: 'confirmée', raison: 'Acompte reçu en espèces à l’agence.' },
    });
    assert.equal(confirmed.status, 200, confirmed.text);
    const afterConfirm = await listed();
    assert.equal(afterConfirm.tout, before.tout! + 1);
    assert.equal(afterConfirm['en attente'], before['en attente']);
    assert.equal(afterConfirm['confirmée'], before['confirmée']! + 1);
    await assertTotalsExact('après la confirmation');

    const cancelled = await server.request('PUT', `/api/reservations/${id}/status`, { token: t.client, body: { status: 'annulée' } });
    assert.equal(cancelled.status, 200, cancelled.text);
    const afterCancel = await listed();
    assert.equal(afterCancel['confirmée'], before['confirmée']);
    assert.equal(afterCancel['annulée'], before['annulée']! + 1);
    await assertTotalsExact('après l’annulation');
  });

  it('follows a deletion by the admin, writes outside the API and a statement changing several stays', async () => {
    const before = await counted();
    const manual = await stay(400);
    const deleted = await server.request('DELETE', `/api/reservations/${manual}`, { token: t.admin });
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(await listed(), before, 'la réservation supprimée ne compte plus');

    // Another process or a job writes straight to the table: nothing of this process is told, the total still follows.
    const a = await stay(410, 'confirmée');
    const b = await stay(420, 'en attente');
    await server.database.db.execute(
      sql`update reservations set status = case when id = ${a} then 'en attente' else 'confirmée' end where id in (${a}, ${b})`,
    );
    const swapped = await listed();
    assert.equal(swapped['en attente'], before['en attente']! + 1, 'deux séjours échangent leur statut : rien ne change');
    assert.equal(swapped['confirmée'], before['confirmée']! + 1);
    await server.database.db.update(reservations).set({ updatedAt: new Date() }).where(eq(reservations.id, a));
    await server.database.db.update(reservations).set({ status: 'terminée' }).where(eq(reservations.id, b));
    await assertTotalsExact('après des écritures directes');
    await server.database.db.delete(reservations).where(sql`${reservations.id} in (${a}, ${b})`);
    assert.deepEqual(await listed(), before);
  });

  it('counts nothing of a rolled back transaction', async () => {
    const before = await counted();
    await assert.rejects(
      server.database.db.transaction(async (tx) => {
        await tx.insert(reservations).values({
          userId: clientId,
          appartementId: apartments[2]!,
          startDate: addDaysIso(todayIn('Europe/Paris'), 430),
          endDate: addDaysIso(todayIn('Europe/Paris'), 432),
          guestsCount: 1,
          adultes: 1,
          totalPrice: 100,
          deposit: 30,
          remainder: 70,
        });
        throw new Error('abandon');
      }),
      /abandon/,
    );
    assert.deepEqual(await listed(), before);
  });

  it('folds its rows once there are many, the totals unchanged', async () => {
    const ids: number[] = [];
    for (let i = 0; i < FOLD_AFTER_ROWS; i += 1) ids.push(await stay(500 + i * 2, i % 2 === 0 ? 'en attente' : 'confirmée'));
    const rows = async () => (await server.database.db.select().from(reservationsParStatut)).length;
    assert.ok((await rows()) > FOLD_AFTER_ROWS, 'chaque écriture a ajouté sa ligne');
    await assertTotalsExact('avant le regroupement');
    assert.ok((await rows()) <= STATUSES.length, `${await rows()} lignes après le regroupement`);
    await assertTotalsExact('après le regroupement');
    await server.database.db.delete(reservations).where(sql`${reservations.id} = any(${`{${ids.join(',')}}`}::int[])`);
    await assertTotalsExact('après la suppression des séjours ajoutés');
  });

  it('sees at once a stay written through another connection (another API process)', { skip: !usingPostgres }, async () => {
    const other = await openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: tmpdir() });
    try {
      const before = await counted();
      const start = addDaysIso(todayIn('Europe/Paris'), 700);
      await other.db.insert(reservations).values({
        userId: clientId,
        appartementId: apartments[3]!,
        startDate: start,
        endDate: addDaysIso(start, 1),
        guestsCount: 1,
        adultes: 1,
        totalPrice: 100,
        deposit: 30,
        remainder: 70,
        status: 'confirmée',
      });
      const now = await listed();
      assert.equal(now['confirmée'], before['confirmée']! + 1);
      await assertTotalsExact('après l’écriture d’un autre processus');
    } finally {
      await other.close();
    }
  });
});

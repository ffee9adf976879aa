/**
 * Issue 31, DECISIONS 33: each Stripe event changes the books exactly once, even across a crash, and
 * a payment is applied to a stay only when it is the one the server asked for. The real `stripe`
 * package runs against `fake-stripe.ts`; events are signed as Stripe signs them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { mailQueue, mouvements, paiements, remboursements, reservations, stripeEvenements } from '../src/db/schema.js';
import { signedEvent, type FakeStripe } from './fake-stripe.js';
import { randomPort, startApiProcess, stopProcess, usingPostgres, waitForHttp, type TestServer } from './helpers.js';
import { deliverStripeEvent, startStripeServer } from './support/stripe-server.js';
import { bookTwoNights } from './support/bookings.js';

const WEBHOOK_SECRET = 'whsec_exactly_once';
const today = () => todayIn('Europe/Paris');

describe('Stripe events, exactly once and only when they match', () => {
  let server: TestServer;
  let fake: FakeStripe;
  let client: string;
  let admin: string;
  let apt: number;
  let offset = 30;

  const book = async () => {
    offset += 4;
    const { id } = await bookTwoNights(server, client, apt, addDaysIso(today(), offset), 'card');
    const session = [...fake.sessions.values()].find((s) => (s['metadata'] as { reservationId: string }).reservationId === String(id))!;
    return { id, sessionId: session['id'] as string, amount: session['amount_total'] as number };
  };
  const paidEvent = (eventId: string, sessionId: string, patch: Record<string, unknown> = {}, type = 'checkout.session.completed') =>
    signedEvent(WEBHOOK_SECRET, {
      id: eventId,
      type,
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        currency: 'eur',
        payment_intent: `pi_${sessionId}`,
        ...patch,
      },
    });
  const deliver = (event: { body: string; signature: string }) => deliverStripeEvent(server, event);
  const books = async (id: number) =>
    (await server.database.db.select().from(mouvements).where(eq(mouvements.reservationId, id)).orderBy(mouvements.id)).map((m) => [
      m.type,
      m.montantCents,
    ]);
  const status = async (id: number) =>
    (await server.database.db.select({ s: reservations.status }).from(reservations).where(eq(reservations.id, id)))[0]?.s;
  const refundCalls = (intent: string) => fake.calls.filter((c) => c.path === '/v1/refunds' && c.params['payment_intent'] === intent);
  const adminNotices = async (id: number) =>
    (await server.database.db.select({ subject: mailQueue.subject }).from(mailQueue).where(eq(mailQueue.kind, 'admin-paiement'))).filter(
      (m) => m.subject.includes(`n° ${id}`),
    );
  /** Stripe's retry of an event that left no trace: applied now, the stay confirmed, its receipt booked once. */
  const retryAppliesOnce = async (event: { body: string; signature: string }, id: number, amount: number) => {
    const retried = await deliver(event);
    assert.deepEqual(retried.body, { received: true, doublon: false });
    assert.equal(await status(id), 'confirmée');
    assert.deepEqual(await books(id), [
      ['acompte_du', amount],
      ['acompte_recu', amount],
    ]);
  };

  before(async () => {
    ({ fake, server, client, admin, apt } = await startStripeServer(WEBHOOK_SECRET));
  });
  after(async () => {
    await server.close();
    await fake.close();
  });

  it('a failure after the event is recorded leaves neither the record nor any effect; Stripe’s retry then applies it once', async () => {
    const { id, sessionId, amount } = await book();
    // The failure is injected in the database, inside the webhook's transaction, after the event's record.
    await server.database.db.execute(
      sql.raw(
        `create function echec_injecte() returns trigger language plpgsql as $$ begin if new.status = 'confirmée' and new.id = ${id} then raise exception 'panne injectée'; end if; return new; end $$`,
      ),
    );
    await server.database.db.execute(
      sql`create trigger echec_injecte before update on reservations for each row execute function echec_injecte()`,
    );
    const event = paidEvent('evt_crash_1', sessionId, { amount_total: amount, metadata: { reservationId: String(id) } });
    const failed = await deliver(event);
    assert.equal(failed.status, 500, 'Stripe sees a failure and will send the event again');
    assert.equal(
      (await server.database.db.select().from(stripeEvenements).where(eq(stripeEvenements.id, 'evt_crash_1'))).length,
      0,
      'no record of the event',
    );
    assert.deepEqual(await books(id), [['acompte_du', amount]], 'no receipt in the books');
    const [asked] = await server.database.db.select().from(paiements).where(eq(paiements.stripeSessionId, sessionId));
    assert.equal(asked?.etat, 'en attente', 'the session is not marked paid');
    assert.equal(await status(id), 'en attente');

    await server.database.db.execute(sql`drop trigger echec_injecte on reservations`);
    await server.database.db.execute(sql`drop function echec_injecte()`);
    await retryAppliesOnce(event, id, amount);
    assert.deepEqual((await deliver(event)).body, { received: true, doublon: true });
    assert.deepEqual(await books(id), [
      ['acompte_du', amount],
      ['acompte_recu', amount],
    ]);
  });

  it('the same event delivered five times at once is applied once', async () => {
    const { id, sessionId, amount } = await book();
    const event = paidEvent('evt_burst_1', sessionId, { amount_total: amount, metadata: { reservationId: String(id) } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200, 200, 200],
    );
    assert.equal(answers.filter((a) => a.body.doublon === false).length, 1);
    assert.deepEqual(await books(id), [
      ['acompte_du', amount],
      ['acompte_recu', amount],
    ]);
  });

  it('a second paid event of the same session (async_payment_succeeded) changes nothing and refunds nothing', async () => {
    const { id, sessionId, amount } = await book();
    const object = { amount_total: amount, metadata: { reservationId: String(id) } };
    assert.equal((await deliver(paidEvent('evt_twice_a', sessionId, object))).status, 200);
    assert.equal(
      (await deliver(paidEvent('evt_twice_b', sessionId, object, 'checkout.session.async_payment_succeeded'))).body.doublon,
      false,
    );
    assert.equal(await status(id), 'confirmée');
    assert.deepEqual(await books(id), [
      ['acompte_du', amount],
      ['acompte_recu', amount],
    ]);
    assert.equal(refundCalls(`pi_${sessionId}`).length, 0);
    const detail = await server.request('GET', `/api/reservations/${id}`, { token: client });
    assert.equal(detail.body.paiement.etat, 'payé');
  });

  it('metadata naming another reservation: not applied to the stay, refunded at once, admins told', async () => {
    const { id, sessionId, amount } = await book();
    const other = await book();
    const res = await deliver(paidEvent('evt_meta_1', sessionId, { amount_total: amount, metadata: { reservationId: String(other.id) } }));
    assert.equal(res.status, 200);
    assert.equal(await status(id), 'en attente');
    assert.equal(await status(other.id), 'en attente');
    assert.deepEqual(await books(other.id), [['acompte_du', other.amount]]);
    assert.deepEqual(await books(id), [
      ['acompte_du', amount],
      ['acompte_recu', amount],
      ['remboursement_du', amount],
    ]);
    const calls = refundCalls(`pi_${sessionId}`);
    assert.equal(calls.length, 1);
    assert.equal(Number(calls[0]!.params['amount']), amount);
    assert.match(calls[0]!.idempotencyKey ?? '', /^refund-\d+$/);
    assert.equal((await adminNotices(id)).length, 1);
  });

  it('an amount other than the one asked (1,00 € for the deposit): not applied, that amount refunded', async () => {
    const { id, sessionId, amount } = await book();
    await deliver(paidEvent('evt_amount_1', sessionId, { amount_total: 100, metadata: { reservationId: String(id) } }));
    assert.equal(await status(id), 'en attente');
    assert.deepEqual(await books(id), [
      ['acompte_du', amount],
      ['acompte_recu', 100],
      ['remboursement_du', 100],
    ]);
    assert.equal(Number(refundCalls(`pi_${sessionId}`)[0]?.params['amount']), 100);
    const detail = await server.request('GET', `/api/reservations/${id}`, { token: client });
    assert.equal(detail.body.paymentCompleted, false);
    assert.equal(detail.body.comptes.resteDuCents, amount);
  });

  it('another currency: nothing counted in the books, the whole payment refunded', async () => {
    const { id, sessionId, amount } = await book();
    await deliver(paidEvent('evt_usd_1', sessionId, { amount_total: amount, currency: 'usd', metadata: { reservationId: String(id) } }));
    assert.equal(await status(id), 'en attente');
    assert.deepEqual(await books(id), [['acompte_du', amount]]);
    const calls = refundCalls(`pi_${sessionId}`);
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.params['amount'], undefined, 'refunded whole');
    assert.equal(calls[0]!.idempotencyKey, `refund-devise-${sessionId}`);
  });

  it('a session this site never created changes nothing', async () => {
    const { id, amount } = await book();
    const res = await deliver(paidEvent('evt_foreign_1', 'cs_not_ours', { amount_total: amount, metadata: { reservationId: String(id) } }));
    assert.equal(res.status, 200);
    assert.equal(await status(id), 'en attente');
    assert.deepEqual(await books(id), [['acompte_du', amount]]);
    assert.equal(refundCalls('pi_cs_not_ours').length, 0);
  });

  it('a late payment on a stay the guest cancelled: refunded through Stripe, the stay stays cancelled, admins told', async () => {
    const { id, sessionId, amount } = await book();
    assert.equal(
      (await server.request('PUT', `/api/reservations/${id}/status`, { token: client, body: { status: 'annulée' } })).status,
      200,
    );
    const res = await deliver(paidEvent('evt_late_1', sessionId, { amount_total: amount, metadata: { reservationId: String(id) } }));
    assert.equal(res.status, 200);
    assert.equal(await status(id), 'annulée');
    const calls = refundCalls(`pi_${sessionId}`);
    assert.equal(calls.length, 1);
    assert.equal(Number(calls[0]!.params['amount']), amount);
    assert.deepEqual(await books(id), [
      ['acompte_du', amount],
      ['annulation_du', amount],
      ['acompte_recu', amount],
      ['remboursement_du', amount],
    ]);
    const detail = await server.request('GET', `/api/reservations/${id}`, { token: client });
    assert.equal(detail.body.status, 'annulée');
    assert.equal(detail.body.paiement.etat, 'remboursement en cours');
    assert.deepEqual(detail.body.comptes, { duCents: 0, recuCents: amount, rembourseCents: 0, resteDuCents: 0, aRembourserCents: amount });
    assert.equal((await adminNotices(id)).length, 1);
    const [row] = await server.database.db.select().from(remboursements).where(eq(remboursements.reservationId, id));
    assert.deepEqual([row?.moyen, row?.etat], ['stripe', 'demandé']);
  });

  it('a second session paid for a deposit already paid is refunded, the first one stands', async () => {
    const { id, sessionId, amount } = await book();
    await deliver(paidEvent('evt_first_pay', sessionId, { amount_total: amount, metadata: { reservationId: String(id) } }));
    // Another session for the same deposit (a second tab, an old link): what Stripe would send for it.
    await server.database.db.insert(paiements).values({
      reservationId: id,
      fournisseur: 'stripe',
      type: 'acompte',
      montantCents: amount,
      etat: 'en attente',
      stripeSessionId: `${sessionId}_bis`,
    });
    await deliver(paidEvent('evt_second_pay', `${sessionId}_bis`, { amount_total: amount, metadata: { reservationId: String(id) } }));
    assert.equal(await status(id), 'confirmée');
    assert.equal(refundCalls(`pi_${sessionId}`).length, 0);
    assert.equal(refundCalls(`pi_${sessionId}_bis`).length, 1);
    assert.deepEqual(await books(id), [
      ['acompte_du', amount],
      ['acompte_recu', amount],
      ['acompte_recu', amount],
      ['remboursement_du', amount],
    ]);
  });

  it('a transfer marked received on a cancelled stay becomes a refund to make, listed for admins', async () => {
    const { id, amount } = await book();
    assert.equal(
      (await server.request('PUT', `/api/reservations/${id}/status`, { token: client, body: { status: 'annulée' } })).status,
      200,
    );
    const res = await server.request('POST', `/api/admin/reservations/${id}/acompte-recu`, { token: admin, body: {} });
    assert.equal(res.status, 200);
    assert.equal(res.body.reservation.status, 'annulée');
    assert.equal(res.body.reservation.paiement.etat, 'remboursement en cours');
    const list = await server.request('GET', '/api/admin/remboursements', { token: admin });
    const item = list.body.find((r: { reservationId: number }) => r.reservationId === id);
    assert.deepEqual(
      { montantCents: item.montantCents, moyen: item.moyen, etat: item.etat, iban: item.iban },
      { montantCents: amount, moyen: 'virement', etat: 'à effectuer', iban: null },
    );
    assert.equal((await adminNotices(id)).length, 1);
  });

  it(
    'a webhook killed between the record and the effect (kill -9) leaves neither: the retry applies it',
    { skip: !usingPostgres && 'needs two processes on one PostgreSQL database' },
    async () => {
      const { id, sessionId, amount } = await book();
      const port = randomPort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-kill-'));
      const child = startApiProcess({
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: server.config.databaseUrl!,
        JOBS_ENABLED: 'false',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
      });
      const holder = new pg.Client({ connectionString: server.config.databaseUrl! });
      await holder.connect();
      try {
        await waitForHttp(`http://127.0.0.1:${port}/api/health`);
        // Hold the stay's row: the child's webhook records the event, then waits here, inside its transaction.
        await holder.query('begin');
        await holder.query('select id from reservations where id = $1 for update', [id]);
        const event = paidEvent('evt_killed_1', sessionId, { amount_total: amount, metadata: { reservationId: String(id) } });
        const pending = fetch(`http://127.0.0.1:${port}/api/paiements/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          body: event.body,
        }).catch(() => null);
        for (let i = 0; i < 100; i += 1) {
          const waiting = await holder.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          if (waiting.rows[0].n > 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
        await pending;
        await holder.query('rollback');
        // PostgreSQL rolls back the dead process's transaction: no record, no effect.
        for (let i = 0; i < 100; i += 1) {
          const left = await holder.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`,
          );
          if (left.rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        assert.equal((await server.database.db.select().from(stripeEvenements).where(eq(stripeEvenements.id, 'evt_killed_1'))).length, 0);
        assert.equal(await status(id), 'en attente');
        await retryAppliesOnce(event, id, amount);
      } finally {
        await holder.end().catch(() => undefined);
        if (child.exitCode === null && child.signalCode === null) await stopProcess(child);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

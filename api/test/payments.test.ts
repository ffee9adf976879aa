/**
 * Issue 13: the deposit is really collected. Bank transfer (default) confirmed by an admin; Stripe's
 * hosted checkout confirmed only by its signed webhook (the real `stripe` package against a local
 * fake of its API); unpaid holds and overdue transfers free their dates; refunds on cancellation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { CGV_VERSION } from 'shared-kernel/domain';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { paiements, reservations } from '../src/db/schema.js';
import type { ReservationEvent } from '../src/modules/reservations/events.js';
import { PAYMENT_EXPIRY_JOB } from '../src/modules/payments/service.js';
import { virementInstructions } from '../src/modules/payments/virement.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { checkoutCompleted, signedEvent, startFakeStripe, type FakeStripe } from './fake-stripe.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';

const today = () => todayIn('Europe/Paris');
const flexible = demoApartments.find((a) => a.politiqueAnnulation === 'Flexible')!;
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_fake';

async function apartmentId(server: TestServer, slug: string): Promise<number> {
  return (await allApartments(server)).find((a: { slug: string }) => a.slug === slug).id;
}

function recordEvents(server: TestServer): ReservationEvent[] {
  const events: ReservationEvent[] = [];
  server.app.reservationEvents.subscribe((event) => void events.push(event));
  return events;
}

async function overdue(server: TestServer, id: number): Promise<void> {
  await server.database.db
    .update(reservations)
    .set({ paiementEcheance: sql`now() - interval '1 minute'` })
    .where(eq(reservations.id, id));
}

/** Each call a new stay of that many nights, after the last one (3 free days between): tests never overlap. */
function freshStays(): (nights?: number) => { startDate: string; endDate: string } {
  let offset = 20;
  return (nights = 2) => {
    offset += nights + 3;
    return { startDate: addDaysIso(today(), offset), endDate: addDaysIso(today(), offset + nights) };
  };
}

describe('payment by bank transfer (default, nothing configured)', () => {
  let server: TestServer;
  let client: string;
  let admin: string;
  let apt: number;
  let events: ReservationEvent[];
  const stay = freshStays();

  before(async () => {
    server = await startServer();
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    apt = await apartmentId(server, flexible.slug);
    events = recordEvents(server);
  });
  after(() => server.close());

  it('offers only the bank transfer, and the CSP sends forms nowhere but the site', async () => {
    const res = await server.request('GET', '/api/paiements/options');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { methodes: ['virement'], delaiVirementHeures: 72, delaiStripeMinutes: 0, soldeJoursAvantArrivee: 7 });
    assert.match(res.headers.get('content-security-policy') ?? '', /form-action 'self';/);
  });

  it('refuses a booking without the terms of sale, and a card payment Stripe is not configured for', async () => {
    const count = async () => (await server.database.db.select({ id: reservations.id }).from(reservations)).length;
    const before = await count();
    const noCgv = await server.request('POST', '/api/reservations', { token: client, body: { appartementId: apt, ...stay(), adultes: 1 } });
    assert.equal(noCgv.status, 400);
    assert.equal(noCgv.body.message, 'Vous devez accepter les conditions générales de vente pour réserver.');
    const refused = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: apt, ...stay(), adultes: 1, accepteCgv: false },
    });
    assert.equal(refused.status, 400);
    const card = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: apt, ...stay(), adultes: 1, accepteCgv: true, paymentMethod: 'card' },
    });
    assert.equal(card.status, 400);
    assert.equal(card.body.message, "Ce moyen de paiement n'est pas disponible. Moyens acceptés : virement.");
    assert.equal(await count(), before);
  });

  it('holds the stay until the deadline and gives the transfer details, with the CGV version stored', async () => {
    const before = Date.now();
    const res = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: apt, ...stay(), adultes: 1, accepteCgv: true },
    });
    assert.equal(res.status, 201);
    const r = res.body.reservation;
    assert.equal(r.status, 'en attente');
    assert.equal(r.paymentMethod, 'virement');
    assert.equal(r.paymentCompleted, false);
    assert.equal(r.paiement.etat, 'en attente');
    assert.equal(r.cgvVersion, CGV_VERSION);
    const i = res.body.instructionsVirement;
    assert.equal(i.reference, `SM-${r.id}`);
    assert.equal(i.montantCents, Math.round(r.deposit * 100));
    assert.equal(i.exemple, true);
    assert.match(i.iban, /^FR76/);
    const deadline = new Date(i.echeance).getTime();
    assert.ok(deadline >= before + 72 * 3_600_000 - 1000 && deadline <= Date.now() + 72 * 3_600_000 + 1000, 'deadline 72 h after booking');
    const [row] = await server.database.db.select().from(reservations).where(eq(reservations.id, r.id));
    assert.equal(row!.cgvVersion, CGV_VERSION);
    assert.ok(row!.cgvAccepteeLe && row!.cgvAccepteeLe.getTime() >= before - 1000);
    // Issue 31: what is owed is in the books from the booking on.
    const detail = await server.request('GET', `/api/reservations/${r.id}`, { token: client });
    assert.deepEqual(
      detail.body.mouvements.map((m: { type: string; montantCents: number }) => [m.type, m.montantCents]),
      [['acompte_du', i.montantCents]],
    );
    assert.deepEqual(detail.body.comptes, {
      duCents: i.montantCents,
      recuCents: 0,
      rembourseCents: 0,
      resteDuCents: i.montantCents,
      aRembourserCents: 0,
    });
    // The detail page and the mail get the same instructions.
    assert.deepEqual(detail.body.instructionsVirement, i);
    const forMail = await virementInstructions(server.database.db, server.config.payments, r.id);
    assert.equal(forMail?.reference, `SM-${r.id}`);
    assert.ok(forMail?.echeance instanceof Date);
    assert.deepEqual(
      events.filter((e) => e.reservationId === r.id),
      [{ type: 'reçue', reservationId: r.id }],
    );
  });

  it("'Acompte reçu' confirms (admin only, once) and the payment row says paid", async () => {
    const res = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: apt, ...stay(), adultes: 1, accepteCgv: true },
    });
    const id = res.body.reservation.id;
    const notAdmin = await server.request('POST', `/api/admin/reservations/${id}/acompte-recu`, { token: client, body: {} });
    assert.equal(notAdmin.status, 403);
    const ok = await server.request('POST', `/api/admin/reservations/${id}/acompte-recu`, { token: admin, body: {} });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.reservation.status, 'confirmée');
    assert.equal(ok.body.reservation.paiement.etat, 'payé');
    const again = await server.request('POST', `/api/admin/reservations/${id}/acompte-recu`, { token: admin, body: {} });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, "L'acompte de cette réservation est déjà reçu.");
    const missing = await server.request('POST', '/api/admin/reservations/999999/acompte-recu', { token: admin, body: {} });
    assert.equal(missing.status, 404);
    const books = (await server.request('GET', `/api/reservations/${id}`, { token: admin })).body;
    assert.deepEqual(
      books.mouvements.map((m: { type: string; moyen: string | null; reference: string | null; auteur: string }) => [
        m.type,
        m.moyen,
        m.reference,
        m.auteur,
      ]),
      [
        ['acompte_du', null, null, 'client'],
        ['acompte_recu', 'virement', `SM-${id}`, 'admin'],
      ],
    );
    assert.equal(books.comptes.resteDuCents, 0);
    assert.equal((await server.request('GET', `/api/admin/reservations/${id}/paiements`, { token: client })).status, 403);
    assert.deepEqual(
      events.filter((e) => e.reservationId === id).map((e) => e.type),
      ['reçue', 'confirmée'],
    );
    const detail = await server.request('GET', `/api/reservations/${id}`, { token: client });
    assert.equal(detail.body.instructionsVirement, null);
  });

  it('past the deadline an unpaid reservation is cancelled by the job and its dates can be booked again', async () => {
    const dates = stay(3);
    const first = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: apt, ...dates, adultes: 1, accepteCgv: true },
    });
    const id = first.body.reservation.id;
    const taken = await server.request('POST', '/api/reservations', {
      token: admin,
      body: { appartementId: apt, ...dates, adultes: 1, accepteCgv: true },
    });
    assert.equal(taken.status, 409);
    await overdue(server, id);
    // Availability already answers the dates as free, before any job ran.
    const days = await server.request('GET', `/api/appartements/disponibilites/${apt}`);
    assert.equal(days.status, 200);
    assert.ok(!days.body.some((d: { date: string }) => d.date === dates.startDate));
    assert.equal(await server.app.jobs.runNow(PAYMENT_EXPIRY_JOB), true);
    const [row] = await server.database.db.select().from(reservations).where(eq(reservations.id, id));
    assert.equal(row!.status, 'annulée');
    assert.deepEqual(
      events.find((e) => e.reservationId === id && e.type === 'annulée'),
      { type: 'annulée', reservationId: id, par: 'système', remboursementCents: null },
    );
    const detail = await server.request('GET', `/api/reservations/${id}`, { token: client });
    assert.equal(detail.body.paiement.etat, 'non payé');
    // What was due is written off: the guest owes nothing.
    assert.deepEqual(
      detail.body.mouvements.map((m: { type: string; auteur: string }) => [m.type, m.auteur]),
      [
        ['acompte_du', 'client'],
        ['annulation_du', 'système'],
      ],
    );
    assert.equal(detail.body.comptes.duCents, 0);
    assert.equal(detail.body.comptes.resteDuCents, 0);
    const again = await server.request('POST', '/api/reservations', {
      token: admin,
      body: { appartementId: apt, ...dates, adultes: 1, accepteCgv: true },
    });
    assert.equal(again.status, 201);
  });

  it('a booking frees overdue holds itself, without waiting for the job', async () => {
    const dates = stay(2);
    const first = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: apt, ...dates, adultes: 1, accepteCgv: true },
    });
    await overdue(server, first.body.reservation.id);
    const again = await server.request('POST', '/api/reservations', {
      token: admin,
      body: { appartementId: apt, ...dates, adultes: 1, accepteCgv: true },
    });
    assert.equal(again.status, 201);
  });

  it('a guest cancelling an unpaid transfer refunds nothing (null)', async () => {
    const res = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: apt, ...stay(), adultes: 1, accepteCgv: true },
    });
    const id = res.body.reservation.id;
    const cancelled = await server.request('PUT', `/api/reservations/${id}/status`, { token: client, body: { status: 'annulée' } });
    assert.equal(cancelled.status, 200);
    assert.deepEqual(
      events.find((e) => e.reservationId === id && e.type === 'annulée'),
      { type: 'annulée', reservationId: id, par: 'client', remboursementCents: null },
    );
    assert.deepEqual(cancelled.body.reservation.comptes, {
      duCents: 0,
      recuCents: 0,
      rembourseCents: 0,
      resteDuCents: 0,
      aRembourserCents: 0,
    });
  });
});

describe('payment through Stripe (keys configured, real SDK against a local fake)', () => {
  let server: TestServer;
  let fake: FakeStripe;
  let client: string;
  let admin: string;
  let apt: number;
  let events: ReservationEvent[];
  const stay = freshStays();
  const book = (token: string, body: Record<string, unknown>) =>
    server.request('POST', '/api/reservations', {
      token,
      body: { appartementId: apt, adultes: 1, accepteCgv: true, paymentMethod: 'card', ...body },
    });
  const webhook = (body: string, signature?: string) =>
    server.request('POST', '/api/paiements/stripe/webhook', {
      rawBody: body,
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    });
  const completed = (eventId: string, sessionId: string, reservationId: number, amount: number) =>
    checkoutCompleted(WEBHOOK_SECRET, eventId, {
      id: sessionId,
      status: 'complete',
      amount_total: amount,
      payment_intent: `pi_${sessionId}`,
      metadata: { reservationId: String(reservationId) },
    });

  before(async () => {
    fake = await startFakeStripe();
    server = await startServer({
      payments: {
        stripe: {
          secretKey: 'sk_test_fake',
          webhookSecret: WEBHOOK_SECRET,
          methods: ['card', 'paypal'],
          holdMinutes: 30,
          apiUrl: fake.url,
          checkoutOrigin: 'https://checkout.stripe.com',
        },
        virement: { titulaire: 'SCI Séjours', iban: 'FR76 1111 2222 3333 4444 5555 666', bic: 'BANKFRPP', exemple: false, delaiHeures: 48 },
        soldeJours: 7,
      },
    });
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    apt = await apartmentId(server, flexible.slug);
    events = recordEvents(server);
  });
  after(async () => {
    await server.close();
    await fake.close();
  });

  it('offers the enabled Stripe methods and the transfer; the CSP lets forms reach checkout.stripe.com only', async () => {
    const res = await server.request('GET', '/api/paiements/options');
    assert.deepEqual(res.body.methodes, ['card', 'paypal', 'virement']);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /form-action 'self' https:\/\/checkout\.stripe\.com;/);
    const apple = await book(client, { ...stay(), paymentMethod: 'applepay' });
    assert.equal(apple.status, 400);
  });

  it('creates the reservation on hold and a Checkout Session for the deposit, then the signed webhook confirms it once', async () => {
    const res = await book(client, stay());
    assert.equal(res.status, 201);
    const r = res.body.reservation;
    assert.equal(r.status, 'en attente');
    assert.equal(r.paiement.etat, 'en attente');
    const hold = new Date(r.paiement.echeance).getTime() - Date.now();
    assert.ok(hold > 29 * 60_000 && hold <= 30 * 60_000, `hold of 30 minutes (${hold} ms)`);
    const call = fake.calls.find((c) => c.path === '/v1/checkout/sessions' && c.params['metadata[reservationId]'] === String(r.id))!;
    assert.ok(call, 'session created');
    assert.equal(call.authorization, 'Bearer sk_test_fake');
    assert.equal(call.idempotencyKey, `checkout-${r.id}`);
    assert.equal(call.params['mode'], 'payment');
    assert.equal(call.params['line_items[0][price_data][currency]'], 'eur');
    assert.equal(Number(call.params['line_items[0][price_data][unit_amount]']), Math.round(r.deposit * 100));
    assert.equal(call.params['allowed_payment_method_types[0]'], 'card');
    assert.match(call.params['success_url']!, new RegExp(`/appartement/${flexible.slug}/checkout\\?reservation=${r.id}&paiement=ok$`));
    const sessionId = [...fake.sessions.values()].find((s) => (s['metadata'] as { reservationId: string }).reservationId === String(r.id))![
      'id'
    ] as string;
    assert.equal(res.body.redirectUrl, `https://checkout.stripe.com/c/pay/${sessionId}`);

    // A wrong signature, or none, changes nothing.
    const event = completed('evt_paid_1', sessionId, r.id, Math.round(r.deposit * 100));
    const forged = signedEvent('whsec_not_ours', {
      id: 'evt_forged',
      type: 'checkout.session.completed',
      object: JSON.parse(event.body).data.object,
    });
    const bad = await webhook(forged.body, forged.signature);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'Signature Stripe invalide.');
    const tampered = await webhook(event.body.replace('"paid"', '"unpaid"'), event.signature);
    assert.equal(tampered.status, 400);
    assert.equal((await webhook(event.body)).status, 400);
    assert.equal((await server.request('GET', `/api/reservations/${r.id}`, { token: client })).body.status, 'en attente');

    const ok = await webhook(event.body, event.signature);
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { received: true, doublon: false });
    const detail = await server.request('GET', `/api/reservations/${r.id}`, { token: client });
    assert.equal(detail.body.status, 'confirmée');
    assert.equal(detail.body.paymentCompleted, true);
    assert.equal(detail.body.paiement.etat, 'payé');
    const rows = await server.database.db.select().from(paiements).where(eq(paiements.reservationId, r.id));
    assert.deepEqual(
      rows.map((p) => [p.fournisseur, p.etat, p.stripeSessionId, p.stripePaymentIntentId]),
      [['stripe', 'payé', sessionId, `pi_${sessionId}`]],
    );
    assert.deepEqual(
      detail.body.mouvements.map((m: { type: string; moyen: string | null; reference: string | null; auteur: string }) => [
        m.type,
        m.moyen,
        m.reference,
        m.auteur,
      ]),
      [
        ['acompte_du', null, null, 'client'],
        ['acompte_recu', 'stripe', `pi_${sessionId}`, 'stripe'],
      ],
    );

    // Replayed: same answer, nothing changes, no second event.
    const replay = await webhook(event.body, event.signature);
    assert.equal(replay.status, 200);
    assert.deepEqual(replay.body, { received: true, doublon: true });
    assert.equal((await server.database.db.select().from(paiements).where(eq(paiements.reservationId, r.id))).length, 1);
    assert.equal((await server.request('GET', `/api/reservations/${r.id}`, { token: client })).body.mouvements.length, 2);
    assert.deepEqual(
      events.filter((e) => e.reservationId === r.id).map((e) => e.type),
      ['reçue', 'confirmée'],
    );
  });

  it('a hold past its time is cancelled, its Stripe session expired, and the same dates can be booked again', async () => {
    const dates = stay(3);
    const first = await book(client, dates);
    const id = first.body.reservation.id;
    assert.equal((await book(admin, dates)).status, 409);
    await overdue(server, id);
    await server.app.jobs.runNow(PAYMENT_EXPIRY_JOB);
    assert.equal((await server.request('GET', `/api/reservations/${id}`, { token: client })).body.status, 'annulée');
    const sessionId = [...fake.sessions.values()].find((s) => (s['metadata'] as { reservationId: string }).reservationId === String(id))![
      'id'
    ] as string;
    assert.ok(
      fake.calls.some((c) => c.path === `/v1/checkout/sessions/${sessionId}/expire`),
      'session expired on Stripe',
    );
    assert.deepEqual(
      events.find((e) => e.reservationId === id && e.type === 'annulée'),
      { type: 'annulée', reservationId: id, par: 'système', remboursementCents: null },
    );
    const again = await book(admin, dates);
    assert.equal(again.status, 201);
  });

  it('an expired session (webhook) cancels the reservation and frees its dates', async () => {
    const dates = stay(2);
    const first = await book(client, dates);
    const id = first.body.reservation.id;
    const sessionId = [...fake.sessions.values()].find((s) => (s['metadata'] as { reservationId: string }).reservationId === String(id))![
      'id'
    ] as string;
    const expired = signedEvent(WEBHOOK_SECRET, {
      id: 'evt_expired_1',
      type: 'checkout.session.expired',
      object: {
        id: sessionId,
        object: 'checkout.session',
        status: 'expired',
        payment_status: 'unpaid',
        currency: 'eur',
        metadata: { reservationId: String(id) },
      },
    });
    assert.equal((await webhook(expired.body, expired.signature)).status, 200);
    assert.equal((await server.request('GET', `/api/reservations/${id}`, { token: client })).body.status, 'annulée');
    assert.equal((await book(admin, dates)).status, 201);
  });

  it('a guest cancelling within the free window is refunded through Stripe, once: in progress until Stripe confirms it', async () => {
    const res = await book(client, stay());
    const r = res.body.reservation;
    const sessionId = [...fake.sessions.values()].find((s) => (s['metadata'] as { reservationId: string }).reservationId === String(r.id))![
      'id'
    ] as string;
    const amount = Math.round(r.deposit * 100);
    const paid = completed(`evt_paid_${r.id}`, sessionId, r.id, amount);
    assert.equal((await webhook(paid.body, paid.signature)).status, 200);
    const cancel = await server.request('PUT', `/api/reservations/${r.id}/status`, { token: client, body: { status: 'annulée' } });
    assert.equal(cancel.status, 200);
    // Announced, asked to Stripe, not yet done (DECISIONS 35).
    assert.equal(cancel.body.reservation.paiement.etat, 'remboursement en cours');
    assert.equal(cancel.body.reservation.paiement.aRembourserCents, amount);
    const refunds = fake.calls.filter((c) => c.path === '/v1/refunds' && c.params['payment_intent'] === `pi_${sessionId}`);
    assert.equal(refunds.length, 1);
    assert.equal(Number(refunds[0]!.params['amount']), amount);
    assert.match(refunds[0]!.idempotencyKey ?? '', /^refund-\d+$/);
    assert.deepEqual(
      events.find((e) => e.reservationId === r.id && e.type === 'annulée'),
      { type: 'annulée', reservationId: r.id, par: 'client', remboursementCents: amount },
    );
    // Stripe's refund.updated (succeeded) makes it done, once.
    const refundId = fake.refunds.at(-1)!['id'] as string;
    const done = signedEvent(WEBHOOK_SECRET, {
      id: `evt_refund_${r.id}`,
      type: 'refund.updated',
      object: { ...fake.refunds.at(-1)!, status: 'succeeded' },
    });
    assert.equal((await webhook(done.body, done.signature)).status, 200);
    const after = (await server.request('GET', `/api/reservations/${r.id}`, { token: client })).body;
    assert.equal(after.paiement.etat, 'remboursé');
    assert.equal(after.paiement.rembourseCents, amount);
    assert.deepEqual(after.comptes, { duCents: 0, recuCents: amount, rembourseCents: amount, resteDuCents: 0, aRembourserCents: 0 });
    assert.deepEqual(
      after.mouvements.map((m: { type: string; reference: string | null }) => [m.type, m.reference]),
      [
        ['acompte_du', null],
        ['acompte_recu', `pi_${sessionId}`],
        ['annulation_du', null],
        ['remboursement_du', `pi_${sessionId}`],
        ['remboursement_effectue', refundId],
      ],
    );
  });

  it('outside the window the deposit is kept (0) and nothing is refunded', async () => {
    const startDate = today();
    const res = await book(client, { startDate, endDate: addDaysIso(startDate, 2) });
    assert.equal(res.status, 201, res.text);
    const r = res.body.reservation;
    const sessionId = [...fake.sessions.values()].find((s) => (s['metadata'] as { reservationId: string }).reservationId === String(r.id))![
      'id'
    ] as string;
    const paid = completed(`evt_paid_${r.id}`, sessionId, r.id, Math.round(r.deposit * 100));
    await webhook(paid.body, paid.signature);
    const refundsBefore = fake.calls.filter((c) => c.path === '/v1/refunds').length;
    const cancel = await server.request('PUT', `/api/reservations/${r.id}/status`, { token: client, body: { status: 'annulée' } });
    assert.equal(cancel.status, 200);
    assert.equal(cancel.body.reservation.paiement.etat, 'payé');
    assert.equal(cancel.body.reservation.paiement.rembourseCents, 0);
    assert.equal(fake.calls.filter((c) => c.path === '/v1/refunds').length, refundsBefore);
    assert.deepEqual(
      events.find((e) => e.reservationId === r.id && e.type === 'annulée'),
      { type: 'annulée', reservationId: r.id, par: 'client', remboursementCents: 0 },
    );
  });

  it('when Stripe fails, the guest gets a French 503 and the dates are free again', async () => {
    const dates = stay();
    fake.failNext(1);
    const res = await book(client, dates);
    assert.equal(res.status, 503);
    assert.equal(
      res.body.message,
      'Le paiement en ligne est momentanément indisponible. Veuillez réessayer ou choisir le virement bancaire.',
    );
    assert.equal((await book(client, dates)).status, 201);
  });

  it('50 simultaneous checkouts for the same dates give one reservation and one Checkout Session', async () => {
    const dates = stay(3);
    const before = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').length;
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => book(i % 2 ? client : admin, dates).then((r) => r.status)));
    assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 409).length, 49, statuses.join(','));
    assert.equal(fake.calls.filter((c) => c.path === '/v1/checkout/sessions').length - before, 1);
    const rows = await server.database.db
      .select({ status: reservations.status })
      .from(reservations)
      .where(and(eq(reservations.appartementId, apt), eq(reservations.startDate, dates.startDate)));
    assert.deepEqual(
      rows.map((r) => r.status),
      ['en attente'],
    );
  });
});

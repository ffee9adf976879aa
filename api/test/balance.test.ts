/**
 * Issue 31, DECISIONS 34: a transfer deadline never falls after the arrival day; a stay too close for
 * a transfer is paid online or refused with the reason; confirming an unpaid stay takes a reason,
 * kept in the books; the balance is payable N days before arrival, by a Stripe page the mails link
 * to, or by transfer with 'Solde reçu'; reminders; unpaid at arrival is 'en retard', never cancelled.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { addDaysIso, latestTransferInstant, todayIn } from 'shared-kernel/rules';
import { mailQueue, reservations } from '../src/db/schema.js';
import { MAIL_JOBS } from '../src/mail/install.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { checkoutCompleted, startFakeStripe, stripePaymentSettings, type FakeStripe } from './fake-stripe.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';
import { deliverStripeEvent } from './support/stripe-server.js';

const WEBHOOK_SECRET = 'whsec_balance';
const today = () => todayIn('Europe/Paris');
const priciest = [...demoApartments].sort((a, b) => b.prixParNuit - a.prixParNuit)[0]!;
const nights = Math.ceil(700 / priciest.prixParNuit);
const TOO_CLOSE =
  /^Votre arrivée est trop proche pour un paiement par virement : il doit nous parvenir au plus tard 24 heures avant le jour d'arrivée, et un virement peut mettre 24 heures à arriver\./;

async function apartmentId(server: TestServer): Promise<number> {
  return (await allApartments(server)).find((a: { slug: string }) => a.slug === priciest.slug).id;
}

describe('deadlines and confirmation, transfer only', () => {
  let server: TestServer;
  let client: string;
  let admin: string;
  let apt: number;
  let elsewhere: number;
  const book = (startOffset: number, n = 2, appartementId = apt) => {
    const startDate = addDaysIso(today(), startOffset);
    return server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId, startDate, endDate: addDaysIso(startDate, n), adultes: 1, accepteCgv: true },
    });
  };

  before(async () => {
    server = await startServer();
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    apt = await apartmentId(server);
    // The cheapest apartment: two nights there cost less than the deposit (no balance).
    const cheapest = [...demoApartments].sort((a, b) => a.prixParNuit - b.prixParNuit)[0]!;
    elsewhere = (await allApartments(server)).find((a: { slug: string }) => a.slug === cheapest.slug).id;
  });
  after(() => server.close());

  it('the transfer deadline never falls after the arrival day: 24 h before it begins when that comes first', async () => {
    const res = await book(4, 2, elsewhere);
    assert.equal(res.status, 201, res.text);
    const deadline = new Date(res.body.instructionsVirement.echeance).getTime();
    const startDate = res.body.reservation.startDate as string;
    // 72 h from now would reach into the day before arrival or later: 24 h before arrival day's midnight (Paris) wins.
    assert.ok(Date.now() + 72 * 3_600_000 > latestTransferInstant(startDate).getTime());
    assert.equal(deadline, latestTransferInstant(startDate).getTime());
    assert.ok(deadline < Date.parse(`${startDate}T00:00:00Z`), 'before the arrival day');
  });

  it('a stay too close for a transfer is refused with the reason, and nothing is stored (booked today for tomorrow)', async () => {
    const before = (await server.database.db.select({ id: reservations.id }).from(reservations)).length;
    for (const offset of [0, 1]) {
      const res = await book(offset);
      assert.equal(res.status, 400);
      assert.match(res.body.message, TOO_CLOSE);
      assert.match(res.body.message, /Choisissez une arrivée à partir du \d{1,2} \S+ \d{4}\.$/);
    }
    assert.equal((await server.database.db.select({ id: reservations.id }).from(reservations)).length, before);
  });

  it("'Confirmer' without the deposit asks for a reason (400), kept as the note of a movement and shown", async () => {
    const res = await book(60);
    const id = res.body.reservation.id;
    for (const body of [
      { status: 'confirmée' },
      { status: 'confirmée', raison: ' a ' },
      { status: 'confirmée', raison: 'x'.repeat(501) },
    ]) {
      const refused = await server.request('PUT', `/api/reservations/${id}/status`, { token: admin, body });
      assert.equal(refused.status, 400, JSON.stringify(body).slice(0, 60));
    }
    const missing = await server.request('PUT', `/api/reservations/${id}/status`, { token: admin, body: { status: 'confirmée' } });
    assert.equal(
      missing.body.message,
      "Cette réservation n'a pas reçu son acompte : indiquez la raison de la confirmer sans lui (3 à 500 caractères).",
    );
    assert.equal(
      (await server.database.db.select({ s: reservations.status }).from(reservations).where(eq(reservations.id, id)))[0]?.s,
      'en attente',
    );
    const ok = await server.request('PUT', `/api/reservations/${id}/status`, {
      token: admin,
      body: { status: 'confirmée', raison: 'Virement envoyé, reçu de la banque du client' },
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.reservation.status, 'confirmée');
    assert.equal(ok.body.reservation.paiement.etat, 'non payé', 'the deposit is still owed');
    assert.equal(ok.body.reservation.paiement.echeance, null, 'and no longer cancels the stay');
    const detail = await server.request('GET', `/api/reservations/${id}`, { token: client });
    const note = detail.body.mouvements.find((m: { note: string | null }) => m.note?.startsWith('Confirmée sans acompte reçu'));
    assert.deepEqual(
      [note.type, note.montantCents, note.auteur, note.note],
      ['acompte_du', 0, 'admin', 'Confirmée sans acompte reçu : Virement envoyé, reçu de la banque du client'],
    );
    // The deposit arriving later is recorded as usual.
    assert.equal((await server.request('POST', `/api/admin/reservations/${id}/acompte-recu`, { token: admin, body: {} })).status, 200);
    assert.equal((await server.request('GET', `/api/reservations/${id}`, { token: client })).body.paiement.etat, 'payé');
  });

  it('the balance by transfer: details once payable, reminders, "Solde reçu" once, "en retard" at arrival and never cancelled', async () => {
    const res = await book(30, nights);
    const r = res.body.reservation;
    const totalCents = Math.round(r.totalPrice * 100);
    await server.request('POST', `/api/admin/reservations/${r.id}/acompte-recu`, { token: admin, body: {} });
    const early = (await server.request('GET', `/api/reservations/${r.id}`, { token: client })).body;
    assert.equal(early.solde.etat, 'à venir');
    assert.equal(early.instructionsVirement, null, 'nothing to transfer before it is payable');
    assert.equal(early.soldeEnLigne, false);
    await server.app.jobs.runNow(MAIL_JOBS.stay, { force: true });
    assert.equal((await balanceMails(r.id)).length, 0, 'no mail before it is payable');

    // Four days before arrival (payable since three days): the stay's dates moved for the test.
    await server.database.db
      .update(reservations)
      .set({ startDate: addDaysIso(today(), 4), endDate: addDaysIso(today(), 4 + nights), soldeExigibleLe: addDaysIso(today(), -3) })
      .where(eq(reservations.id, r.id));
    const due = (await server.request('GET', `/api/reservations/${r.id}`, { token: client })).body;
    assert.equal(due.solde.etat, 'à régler');
    assert.deepEqual(
      [due.instructionsVirement.objet, due.instructionsVirement.montantCents, due.instructionsVirement.reference],
      ['solde', totalCents - 50_000, `SM-${r.id}`],
    );
    assert.equal(due.instructionsVirement.echeance, latestTransferInstant(addDaysIso(today(), 4)).toISOString());
    await server.app.jobs.runNow(MAIL_JOBS.stay, { force: true });
    await server.app.jobs.runNow(MAIL_JOBS.stay, { force: true });
    const [first] = await balanceMails(r.id);
    assert.equal(first?.subject, `Solde à régler : ${priciest.titre}`);
    assert.match(first!.text, new RegExp(`Référence à indiquer : SM-${r.id}`));
    assert.equal((await balanceMails(r.id)).length, 1, 'not sent twice');
    // Three days before: one reminder.
    await server.database.db
      .update(reservations)
      .set({ startDate: addDaysIso(today(), 3), endDate: addDaysIso(today(), 3 + nights) })
      .where(eq(reservations.id, r.id));
    await server.app.jobs.runNow(MAIL_JOBS.stay, { force: true });
    await server.app.jobs.runNow(MAIL_JOBS.stay, { force: true });
    const mails = await balanceMails(r.id);
    assert.deepEqual(
      mails.map((m) => m.subject),
      [`Solde à régler : ${priciest.titre}`, `Rappel : solde à régler pour « ${priciest.titre} »`],
    );

    // Arrival day, still unpaid: 'en retard' for admins, the stay stays confirmed.
    await server.database.db
      .update(reservations)
      .set({ startDate: today(), endDate: addDaysIso(today(), nights) })
      .where(eq(reservations.id, r.id));
    const late = (await server.request('GET', '/api/reservations/all', { token: admin })).body.find((x: { id: number }) => x.id === r.id);
    assert.deepEqual([late.status, late.solde.etat, late.solde.resteCents], ['confirmée', 'en retard', totalCents - 50_000]);

    const received = await server.request('POST', `/api/admin/reservations/${r.id}/solde-recu`, { token: admin, body: {} });
    assert.equal(received.status, 200);
    assert.equal(received.body.reservation.solde.etat, 'payé');
    assert.equal(received.body.reservation.comptes.resteDuCents, 0);
    const again = await server.request('POST', `/api/admin/reservations/${r.id}/solde-recu`, { token: admin, body: {} });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, 'Le solde de cette réservation est déjà réglé.');
    assert.equal((await server.request('POST', `/api/admin/reservations/${r.id}/solde-recu`, { token: client, body: {} })).status, 403);
    const received2 = (await mailsFor(r.id)).filter((m) => m.subject.startsWith('Solde reçu'));
    assert.equal(received2.length, 1);
  });

  it("'Solde reçu' on a stay without a balance is refused", async () => {
    const res = await book(10, 2, elsewhere);
    assert.equal(res.status, 201, res.text);
    const r = res.body.reservation;
    const refused = await server.request('POST', `/api/admin/reservations/${r.id}/solde-recu`, { token: admin, body: {} });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, "Cette réservation n'a pas de solde à régler.");
  });

  const mailsFor = async (id: number) =>
    (
      await server.database.db.select({ subject: mailQueue.subject, text: mailQueue.textBody, key: mailQueue.dedupeKey }).from(mailQueue)
    ).filter((m) => m.key?.includes(`:${id}`));
  const balanceMails = async (id: number) =>
    (await mailsFor(id)).filter((m) => m.key?.startsWith('solde-a-regler:') || m.key?.startsWith('solde-rappel:'));
});

describe('the balance online (Stripe configured)', () => {
  let server: TestServer;
  let fake: FakeStripe;
  let client: string;
  let other: string;
  let apt: number;

  before(async () => {
    fake = await startFakeStripe();
    server = await startServer({ payments: stripePaymentSettings(fake, WEBHOOK_SECRET) });
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    await server.request('POST', '/api/users/register', {
      body: { nom: 'Hugo Petit', email: 'hugo.balance@exemple.fr', password: 'motdepasse-hugo' },
    });
    other = await server.login('hugo.balance@exemple.fr', 'motdepasse-hugo');
    apt = await apartmentId(server);
  });
  after(async () => {
    await server.close();
    await fake.close();
  });

  const deliver = (event: { body: string; signature: string }) => deliverStripeEvent(server, event);
  const pay = (eventId: string, session: Record<string, unknown>, reservationId: number) =>
    deliver(
      checkoutCompleted(WEBHOOK_SECRET, eventId, {
        id: session['id'],
        amount_total: session['amount_total'],
        payment_intent: `pi_${String(session['id'])}`,
        metadata: { reservationId: String(reservationId) },
      }),
    );

  it('a stay too close for a transfer must be paid online: the transfer is refused, the card accepted', async () => {
    const startDate = addDaysIso(today(), 1);
    const body = { appartementId: apt, startDate, endDate: addDaysIso(startDate, 1), adultes: 1, accepteCgv: true };
    const transfer = await server.request('POST', '/api/reservations', { token: client, body: { ...body, paymentMethod: 'virement' } });
    assert.equal(transfer.status, 400);
    assert.match(transfer.body.message, TOO_CLOSE);
    assert.match(transfer.body.message, /Payez en ligne \(carte bancaire\), ou choisissez une arrivée à partir du/);
    const card = await server.request('POST', '/api/reservations', { token: client, body: { ...body, paymentMethod: 'card' } });
    assert.equal(card.status, 201, card.text);
    // Inside the balance window: the whole stay on Stripe's page.
    const session = [...fake.sessions.values()].find(
      (s) => (s['metadata'] as { reservationId: string }).reservationId === String(card.body.reservation.id),
    )!;
    assert.equal(session['amount_total'], Math.round(card.body.reservation.totalPrice * 100));
  });

  it('the guest pays the balance on a Stripe page once payable (the same page while open); the webhook records it once', async () => {
    const startDate = addDaysIso(today(), 20);
    const res = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: apt, startDate, endDate: addDaysIso(startDate, nights), adultes: 1, accepteCgv: true, paymentMethod: 'card' },
    });
    const r = res.body.reservation;
    const totalCents = Math.round(r.totalPrice * 100);
    const deposit = [...fake.sessions.values()].find((s) => (s['metadata'] as { reservationId: string }).reservationId === String(r.id))!;
    assert.equal((await pay('evt_dep_bal', deposit, r.id)).status, 200);
    const path = `/api/reservations/${r.id}/solde/paiement`;

    const notYet = await server.request('POST', path, { token: client });
    assert.equal(notYet.status, 409);
    assert.match(notYet.body.message, /^Le solde sera à régler à partir du \d{1,2} \S+ \d{4}\.$/);
    await server.database.db.update(reservations).set({ soldeExigibleLe: today() }).where(eq(reservations.id, r.id));
    const detail = (await server.request('GET', `/api/reservations/${r.id}`, { token: client })).body;
    assert.deepEqual([detail.solde.etat, detail.soldeEnLigne, detail.instructionsVirement], ['à régler', true, null]);
    await server.app.jobs.runNow(MAIL_JOBS.stay, { force: true });
    const [mail] = await server.database.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.dedupeKey, `solde-a-regler:${r.id}`));
    assert.match(mail?.textBody ?? '', new RegExp(`Payer le solde : https?://[^ ]+/reservation/${r.id}`));

    assert.equal((await server.request('POST', path, { token: other })).status, 404);
    assert.equal((await server.request('POST', path)).status, 401);
    const first = await server.request('POST', path, { token: client });
    assert.equal(first.status, 200, first.text);
    const second = await server.request('POST', path, { token: client });
    assert.equal(second.body.redirectUrl, first.body.redirectUrl, 'the open page is reused');
    const balanceSession = [...fake.sessions.values()].find((s) => first.body.redirectUrl.endsWith(String(s['id'])))!;
    assert.equal(balanceSession['amount_total'], totalCents - 50_000);
    assert.equal((balanceSession['metadata'] as { objet: string }).objet, 'solde');

    assert.equal((await pay('evt_bal_1', balanceSession, r.id)).status, 200);
    const paid = (await server.request('GET', `/api/reservations/${r.id}`, { token: client })).body;
    assert.equal(paid.solde.etat, 'payé');
    assert.deepEqual(
      paid.mouvements.map((m: { type: string }) => m.type),
      ['acompte_du', 'solde_du', 'acompte_recu', 'solde_recu'],
    );
    assert.deepEqual(paid.comptes, { duCents: totalCents, recuCents: totalCents, rembourseCents: 0, resteDuCents: 0, aRembourserCents: 0 });
    const done = await server.request('POST', path, { token: client });
    assert.equal(done.status, 409);
    assert.equal(done.body.message, 'Le solde de cette réservation est déjà réglé.');
  });
});

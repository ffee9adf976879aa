/**
 * Issue 31, DECISIONS 35: a refund that is announced is executed. Stripe: the Refunds API, done on
 * Stripe's webhook (refund.updated, charge.refunded); by transfer: the guest gives an IBAN (ISO 13616
 * checked), an admin marks it made with its date and reference. Until then 'Remboursement en cours',
 * 'Remboursé le …' after, in the API and in the mails.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { factures, mailQueue, mouvements, remboursements, reservations } from '../src/db/schema.js';
import { STRIPE_REFUNDS_JOB } from '../src/modules/payments/service.js';
import { checkoutCompleted, signedEvent, type FakeStripe } from './fake-stripe.js';
import type { TestServer } from './helpers.js';
import { deliverStripeEvent, startStripeServer } from './support/stripe-server.js';
import { bookTwoNights } from './support/bookings.js';

const WEBHOOK_SECRET = 'whsec_refunds';
const today = () => todayIn('Europe/Paris');
const VALID_IBAN = 'FR76 3000 6000 0112 3456 7890 189';

describe('refunds executed', () => {
  let server: TestServer;
  let fake: FakeStripe;
  let client: string;
  let other: string;
  let admin: string;
  let apt: number;
  let offset = 30;

  const book = async (paymentMethod: 'card' | 'virement') => {
    offset += 4;
    return bookTwoNights(server, client, apt, addDaysIso(today(), offset), paymentMethod);
  };
  const deliver = (event: { body: string; signature: string }) => deliverStripeEvent(server, event);
  const payByStripe = async (id: number) => {
    const session = [...fake.sessions.values()].find((s) => (s['metadata'] as { reservationId: string }).reservationId === String(id))!;
    const event = checkoutCompleted(WEBHOOK_SECRET, `evt_pay_${id}`, {
      id: session['id'],
      amount_total: session['amount_total'],
      payment_intent: `pi_${id}`,
      metadata: { reservationId: String(id) },
    });
    assert.equal((await deliver(event)).status, 200);
    return session['amount_total'] as number;
  };
  const detail = async (id: number, token = client) => (await server.request('GET', `/api/reservations/${id}`, { token })).body;
  const refundOf = async (id: number) =>
    (await server.database.db.select().from(remboursements).where(eq(remboursements.reservationId, id)))[0]!;
  const mailsTo = async (subjectStart: string) =>
    (await server.database.db.select({ subject: mailQueue.subject, text: mailQueue.textBody }).from(mailQueue)).filter((m) =>
      m.subject.startsWith(subjectStart),
    );

  before(async () => {
    ({ fake, server, client, admin, apt } = await startStripeServer(WEBHOOK_SECRET));
    await server.request('POST', '/api/users/register', {
      body: { nom: 'Hugo Petit', email: 'hugo.refunds@exemple.fr', password: 'motdepasse-hugo' },
    });
    other = await server.login('hugo.refunds@exemple.fr', 'motdepasse-hugo');
  });
  after(async () => {
    await server.close();
    await fake.close();
  });

  it('Stripe: asked at once, in progress until the webhook, then done once with its date; the guest is mailed', async () => {
    const r = await book('card');
    const amount = await payByStripe(r.id);
    await server.request('PUT', `/api/reservations/${r.id}/status`, { token: client, body: { status: 'annulée' } });
    const pending = await detail(r.id);
    assert.equal(pending.paiement.etat, 'remboursement en cours');
    assert.equal(pending.paiement.rembourseLe, null);
    assert.equal((await refundOf(r.id)).etat, 'demandé');
    const [cancelMail] = await mailsTo('Réservation annulée');
    assert.match(cancelMail?.text ?? '', /Remboursement en cours/);
    assert.doesNotMatch(cancelMail?.text ?? '', /Remboursé le|a été effectué/);

    const refund = fake.refunds.find((x) => x['payment_intent'] === `pi_${r.id}`)!;
    const succeeded = { ...refund, status: 'succeeded' };
    for (const event of [
      signedEvent(WEBHOOK_SECRET, { id: `evt_re_${r.id}`, type: 'refund.updated', object: succeeded }),
      signedEvent(WEBHOOK_SECRET, { id: `evt_re2_${r.id}`, type: 'refund.created', object: succeeded }),
    ]) {
      assert.equal((await deliver(event)).status, 200);
    }
    const done = await detail(r.id);
    assert.equal(done.paiement.etat, 'remboursé');
    assert.equal(done.paiement.rembourseLe?.length > 0, true);
    assert.deepEqual(done.comptes, { duCents: 0, recuCents: amount, rembourseCents: amount, resteDuCents: 0, aRembourserCents: 0 });
    assert.equal(done.mouvements.filter((m: { type: string }) => m.type === 'remboursement_effectue').length, 1, 'done once');
    const row = await refundOf(r.id);
    assert.deepEqual([row.etat, row.effectueLe, row.stripeRefundId], ['effectué', today(), refund['id']]);
    const doneMails = await mailsTo(`Remboursement effectué : réservation n° ${r.id}`);
    assert.equal(doneMails.length, 1);
    assert.match(doneMails[0]!.text, /Votre remboursement de .* a été effectué le .* sur la carte/);
  });

  it('Stripe: charge.refunded without the refund list settles the refunds of that payment', async () => {
    const r = await book('card');
    const amount = await payByStripe(r.id);
    await server.request('PUT', `/api/reservations/${r.id}/status`, { token: admin, body: { status: 'annulée' } });
    const charge = {
      id: `ch_${r.id}`,
      object: 'charge',
      payment_intent: `pi_${r.id}`,
      amount: amount,
      amount_refunded: amount,
      refunded: true,
      currency: 'eur',
    };
    assert.equal(
      (await deliver(signedEvent(WEBHOOK_SECRET, { id: `evt_ch_${r.id}`, type: 'charge.refunded', object: charge }))).status,
      200,
    );
    assert.equal((await detail(r.id)).paiement.etat, 'remboursé');
  });

  it('Stripe down when the refund is asked: kept to do, asked again by the job, never twice', async () => {
    const r = await book('card');
    await payByStripe(r.id);
    fake.failNext(2);
    await server.request('PUT', `/api/reservations/${r.id}/status`, { token: client, body: { status: 'annulée' } });
    const waiting = await refundOf(r.id);
    assert.equal(waiting.etat, 'à effectuer');
    assert.ok(waiting.derniereErreur, 'the error is kept for the admin');
    assert.equal((await detail(r.id)).paiement.etat, 'remboursement en cours');
    await server.app.jobs.runNow(STRIPE_REFUNDS_JOB, { force: true });
    await server.app.jobs.runNow(STRIPE_REFUNDS_JOB, { force: true });
    assert.equal((await refundOf(r.id)).etat, 'demandé');
    const keys = fake.calls
      .filter((c) => c.path === '/v1/refunds' && c.params['payment_intent'] === `pi_${r.id}`)
      .map((c) => c.idempotencyKey);
    assert.ok(keys.length >= 2 && new Set(keys).size === 1, 'every attempt carries the same idempotency key');
    assert.equal(fake.refunds.filter((x) => x['payment_intent'] === `pi_${r.id}`).length, 1, 'one refund at Stripe');
  });

  it('Stripe: a refund that fails is listed for the admin, who marks it done by hand', async () => {
    const r = await book('card');
    await payByStripe(r.id);
    await server.request('PUT', `/api/reservations/${r.id}/status`, { token: admin, body: { status: 'annulée' } });
    const refund = fake.refunds.find((x) => x['payment_intent'] === `pi_${r.id}`)!;
    await deliver(
      signedEvent(WEBHOOK_SECRET, {
        id: `evt_fail_${r.id}`,
        type: 'refund.updated',
        object: { ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' },
      }),
    );
    const row = await refundOf(r.id);
    assert.equal(row.etat, 'échec');
    const list = (await server.request('GET', '/api/admin/remboursements', { token: admin })).body;
    assert.equal(list.find((x: { id: number }) => x.id === row.id).erreur, 'expired_or_canceled_card');
    assert.equal(
      (
        await server.request('POST', `/api/admin/remboursements/${row.id}/effectue`, {
          token: admin,
          body: { date: today(), reference: 'Avoir chèque 881' },
        })
      ).status,
      200,
    );
    assert.equal((await detail(r.id)).paiement.etat, 'remboursé');
  });

  it('transfer: the guest gives a valid IBAN, the admin marks the transfer made; the guest reads "Remboursé le"', async () => {
    const r = await book('virement');
    const amount = Math.round(r.deposit * 100);
    assert.equal((await server.request('POST', `/api/admin/reservations/${r.id}/acompte-recu`, { token: admin, body: {} })).status, 200);
    const answer = await server.request('PUT', `/api/reservations/${r.id}/status`, { token: client, body: { status: 'annulée' } });
    assert.equal(answer.status, 200);
    // The answer is what the page shows next: the IBAN is asked at once.
    assert.equal(answer.body.reservation.attenteIban, true);
    assert.equal(answer.body.reservation.mouvements.at(-1).type, 'remboursement_du');
    const cancelled = await detail(r.id);
    assert.equal(cancelled.paiement.etat, 'remboursement en cours');
    assert.equal(cancelled.attenteIban, true);
    assert.equal(cancelled.ibanRemboursement, null);
    const [cancelMail] = (await mailsTo('Réservation annulée')).slice(-1);
    assert.match(cancelMail?.text ?? '', /indiquez sur votre réservation l’IBAN/);
    const row = await refundOf(r.id);

    // Not before the guest has given where to send it.
    const early = await server.request('POST', `/api/admin/remboursements/${row.id}/effectue`, {
      token: admin,
      body: { date: today(), reference: 'VIR-1' },
    });
    assert.equal(early.status, 409);
    assert.equal(early.body.message, "Le client n'a pas encore indiqué l'IBAN où le rembourser : il ne peut pas être marqué effectué.");

    const badKey = await server.request('PUT', `/api/reservations/${r.id}/iban`, {
      token: client,
      body: { iban: 'FR76 3000 6000 0112 3456 7890 188', titulaire: 'Camille Martin' },
    });
    assert.equal(badKey.status, 400);
    assert.equal(badKey.body.message, "Cet IBAN n'est pas valide : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère.");
    const short = await server.request('PUT', `/api/reservations/${r.id}/iban`, {
      token: client,
      body: { iban: 'FR76 3000', titulaire: 'Camille Martin' },
    });
    assert.equal(short.body.message, 'Un IBAN FR compte 27 caractères (8 saisis).');
    const noHolder = await server.request('PUT', `/api/reservations/${r.id}/iban`, {
      token: client,
      body: { iban: VALID_IBAN, titulaire: ' ' },
    });
    assert.equal(noHolder.body.message, 'Saisissez le nom du titulaire du compte.');
    const stranger = await server.request('PUT', `/api/reservations/${r.id}/iban`, {
      token: other,
      body: { iban: VALID_IBAN, titulaire: 'Hugo Petit' },
    });
    assert.equal(stranger.status, 404);
    assert.equal(
      (await server.request('PUT', `/api/reservations/${r.id}/iban`, { body: { iban: VALID_IBAN, titulaire: 'X' } })).status,
      401,
    );

    const saved = await server.request('PUT', `/api/reservations/${r.id}/iban`, {
      token: client,
      body: { iban: VALID_IBAN.toLowerCase(), titulaire: 'Camille Martin' },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.body.ibanRemboursement, { titulaire: 'Camille Martin', iban: 'FR76 •••• 0189' });
    assert.deepEqual((await detail(r.id)).ibanRemboursement, { titulaire: 'Camille Martin', iban: 'FR76 •••• 0189' });
    const item = (await server.request('GET', '/api/admin/remboursements', { token: admin })).body.find(
      (x: { id: number }) => x.id === row.id,
    );
    assert.deepEqual(
      {
        reservationId: item.reservationId,
        montantCents: item.montantCents,
        iban: item.iban,
        titulaire: item.titulaire,
        etat: item.etat,
        moyen: item.moyen,
      },
      {
        reservationId: r.id,
        montantCents: amount,
        iban: 'FR7630006000011234567890189',
        titulaire: 'Camille Martin',
        etat: 'à effectuer',
        moyen: 'virement',
      },
    );

    for (const [body, message] of [
      [{ date: '2026-02-30', reference: 'VIR-1' }, 'La date du remboursement doit être une date valide au format AAAA-MM-JJ.'],
      [{ date: addDaysIso(today(), 1), reference: 'VIR-1' }, 'La date du remboursement ne peut pas être dans le futur.'],
      [{ date: today(), reference: ' ' }, 'Indiquez la référence du virement de remboursement (au moins 2 caractères).'],
      [{ date: today() }, 'Le champ « référence » est obligatoire.'],
      [{ date: 20260101, reference: 'VIR-1' }, 'Le champ « date » doit être un texte.'],
    ] as const) {
      const res = await server.request('POST', `/api/admin/remboursements/${row.id}/effectue`, { token: admin, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.message, message);
    }
    assert.equal(
      (
        await server.request('POST', `/api/admin/remboursements/${row.id}/effectue`, {
          token: client,
          body: { date: today(), reference: 'VIR-1' },
        })
      ).status,
      403,
    );
    assert.equal(
      (
        await server.request('POST', '/api/admin/remboursements/999999/effectue', {
          token: admin,
          body: { date: today(), reference: 'VIR-1' },
        })
      ).status,
      404,
    );

    const day = addDaysIso(today(), -1);
    const done = await server.request('POST', `/api/admin/remboursements/${row.id}/effectue`, {
      token: admin,
      body: { date: day, reference: ' VIR-2026-118 ' },
    });
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(
      [done.body.remboursement.etat, done.body.remboursement.effectueLe, done.body.remboursement.reference],
      ['effectué', day, 'VIR-2026-118'],
    );
    const twice = await server.request('POST', `/api/admin/remboursements/${row.id}/effectue`, {
      token: admin,
      body: { date: day, reference: 'VIR-2026-118' },
    });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.message, 'Ce remboursement est déjà marqué effectué.');

    const after = await detail(r.id);
    assert.equal(after.paiement.etat, 'remboursé');
    assert.equal(after.attenteIban, false);
    assert.deepEqual(after.comptes, { duCents: 0, recuCents: amount, rembourseCents: amount, resteDuCents: 0, aRembourserCents: 0 });
    const settled = after.mouvements.find((m: { type: string }) => m.type === 'remboursement_effectue');
    assert.deepEqual(
      [settled.moyen, settled.reference, settled.auteur, todayIn('Europe/Paris', new Date(settled.date))],
      ['virement', 'VIR-2026-118', 'admin', day],
    );
    const mails = await mailsTo(`Remboursement effectué : réservation n° ${r.id}`);
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.text, /a été effectué le .* par virement sur le compte que vous avez indiqué/);
    // Done: no IBAN is asked any more.
    const late = await server.request('PUT', `/api/reservations/${r.id}/iban`, {
      token: client,
      body: { iban: VALID_IBAN, titulaire: 'Camille Martin' },
    });
    assert.equal(late.status, 409);
    assert.equal(late.body.message, "Aucun remboursement par virement n'attend de coordonnées bancaires pour cette réservation.");
    assert.equal(
      (await server.request('GET', '/api/admin/remboursements', { token: admin })).body.some((x: { id: number }) => x.id === row.id),
      false,
      'no longer to do',
    );
    assert.equal(
      (await server.request('GET', '/api/admin/remboursements?tous=1', { token: admin })).body.some((x: { id: number }) => x.id === row.id),
      true,
    );
  });

  it('the refunds list is for admins only', async () => {
    assert.equal((await server.request('GET', '/api/admin/remboursements')).status, 401);
    assert.equal((await server.request('GET', '/api/admin/remboursements', { token: client })).status, 403);
    const bad = await server.request('GET', '/api/admin/remboursements?tous=oui', { token: admin });
    assert.equal(bad.status, 400);
  });

  it('erasing the account blanks the IBAN and holder of its refunds and keeps the money rows', async () => {
    await server.request('POST', '/api/users/register', {
      body: { nom: 'Léa Effacée', email: 'lea.effacee@exemple.fr', password: 'motdepasse-lea' },
    });
    const lea = await server.login('lea.effacee@exemple.fr', 'motdepasse-lea');
    offset += 4;
    const { id } = await bookTwoNights(server, lea, apt, addDaysIso(today(), offset), 'virement');
    assert.equal(
      (
        await server.request('PUT', `/api/reservations/${id}/facturation`, {
          token: lea,
          body: { societe: 'Léa Conseil', adresse: '3 rue des Clercs, Metz' },
        })
      ).status,
      200,
    );
    assert.equal((await server.request('POST', `/api/admin/reservations/${id}/acompte-recu`, { token: admin, body: {} })).status, 200);
    assert.equal((await server.request('PUT', `/api/reservations/${id}/status`, { token: lea, body: { status: 'annulée' } })).status, 200);
    assert.equal(
      (await server.request('PUT', `/api/reservations/${id}/iban`, { token: lea, body: { iban: VALID_IBAN, titulaire: 'Léa Effacée' } }))
        .status,
      200,
    );
    const erased = await server.request('DELETE', '/api/users/me', { token: lea, body: { motDePasse: 'motdepasse-lea' } });
    assert.ok(erased.status < 300, erased.text);

    const [stay] = await server.database.db.select().from(reservations).where(eq(reservations.id, id));
    assert.deepEqual(
      [stay?.remboursementIban, stay?.remboursementTitulaire, stay?.facturationSociete, stay?.facturationAdresse],
      [null, null, null, null],
    );
    const refund = await refundOf(id);
    assert.equal(refund.etat, 'à effectuer');
    assert.ok(refund.montantCents > 0);
    const books = await server.database.db.select({ type: mouvements.type }).from(mouvements).where(eq(mouvements.reservationId, id));
    assert.ok(books.some((m) => m.type === 'acompte_recu') && books.some((m) => m.type === 'remboursement_du'), 'the money rows stay');
    assert.equal(
      (await server.database.db.select().from(factures).where(eq(factures.reservationId, id))).length,
      2,
      'the facture and avoir stay',
    );
  });
});

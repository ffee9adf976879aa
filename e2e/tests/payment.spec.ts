/**
 * Issue 13, in the browser. The bank transfer end to end: the guest's reservation waits for its
 * deposit with the transfer details, the admin marks 'Acompte reçu' from 'Acompte à recevoir' and sees
 * the books of the stay, the guest then reads 'Séjour payé' and the reminder before arrival.
 * Stripe up to the redirect: on a private server whose Stripe API is a local fake (the hosted page is
 * outside our reach, so the browser's visit to checkout.stripe.com is answered by the test), then back
 * after the signed webhook: 'Réservation confirmée !' and the profile.
 */
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { DEMO_ADMIN } from '../support/demo';
import { startPrivateServer, type PrivateServer } from '../support/private-server';
import { apiLogin, apiReserve, futureStay, header, pickStay, registerUser, signIn, stayCalendar } from '../support/journeys';
import { signedEvent, startFakeStripe, type FakeStripe } from '../../api/test/fake-stripe';

const CGV = "J'ai lu et j'accepte les conditions générales de vente";

test.describe('Paiement par virement', () => {
  test('réservation en attente avec les coordonnées du virement → « Acompte reçu » par l’administrateur → « Acompte payé » et rappel', async ({
    page,
    request,
  }, testInfo) => {
    // Three sign-ins and four pages across two roles: more than the default 30 s on a busy 2-core machine.
    test.slow();
    const slug = 'studio-gare-sablon';
    const stay = futureStay(150, 2, testInfo);
    const guest = await registerUser(request, testInfo, 'Paul Virement', 'virement');
    const reservation = await apiReserve(request, await apiLogin(request, guest.email, guest.password), slug, stay);

    await signIn(page, guest);
    await page.goto(`/reservation/${reservation.id}`);
    const payment = page.getByRole('region', { name: 'Paiement', exact: true });
    await expect(payment.getByText(/^En attente de paiement \(expire le \d{1,2} \S+ \d{4} à \d{2}:\d{2}\)$/)).toBeVisible();
    await expect(payment.getByRole('definition').nth(4)).toHaveText(`SM-${reservation.id}`);
    await header(page).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();

    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin/reservations');
    const awaited = page.getByRole('region', { name: 'Acompte à recevoir' });
    const item = awaited.getByRole('listitem').filter({ hasText: `Réservation n° ${reservation.id}` });
    await expect(item).toContainText(`référence SM-${reservation.id}`);
    await item.getByRole('button', { name: `Acompte reçu pour la réservation n° ${reservation.id}` }).click();
    await expect(page.getByText(`Acompte reçu : la réservation n° ${reservation.id} est confirmée.`, { exact: true })).toBeVisible();
    await expect(awaited.getByRole('listitem').filter({ hasText: `Réservation n° ${reservation.id}` })).toHaveCount(0);

    // The books of the stay (issue 31): what was owed at booking, then the transfer received.
    await page.goto(`/reservation/${reservation.id}`);
    const rows = page.getByRole('table', { name: 'Historique des paiements' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1).getByRole('cell')).toHaveText([/.+/, 'Acompte dû', '—', '—', /€$/]);
    await expect(rows.nth(2).getByRole('cell')).toHaveText([/.+/, 'Acompte reçu', 'Virement', `SM-${reservation.id}`, /€$/]);
    await header(page).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();

    await signIn(page, guest);
    await page.goto(`/reservation/${reservation.id}`);
    const paid = page.getByRole('region', { name: 'Paiement', exact: true });
    // Two nights cost less than the deposit: the whole stay was paid at booking.
    await expect(paid.getByText('Séjour payé', { exact: true })).toBeVisible();
    await expect(
      paid.getByText(/^Rappel avant votre arrivée : votre séjour commence le .+ \(dans \d+ jours\)\. Il ne reste rien à régler\.$/),
    ).toBeVisible();
    await expect(paid.getByRole('table', { name: 'Historique des paiements' }).getByRole('row')).toHaveCount(3);
    // The Stripe sessions' fragment is the admins' only.
    await expect(page.getByRole('region', { name: 'Sessions de paiement Stripe', exact: true })).toHaveCount(0);
  });
});

const WEBHOOK_SECRET = 'whsec_e2e_fake_stripe';

const stripe = test.extend<object, { stripeSite: { server: PrivateServer; fake: FakeStripe } }>({
  stripeSite: [
    async ({}, use, workerInfo) => {
      const configDir = workerInfo.config.configFile ? path.dirname(workerInfo.config.configFile) : process.cwd();
      const fake = await startFakeStripe();
      const server = await startPrivateServer(path.resolve(configDir, '..'), 120_000, {
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PAYMENT_METHODS: 'card,paypal',
        STRIPE_API_URL: fake.url,
      });
      await use({ server, fake });
      await server.stop();
      await fake.close();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ stripeSite }, use) => {
    await use(stripeSite.server.url);
  },
});

stripe.describe('Paiement Stripe', () => {
  stripe(
    'carte → page Stripe (hors de notre site) → webhook signé → « Réservation confirmée ! » → profil',
    async ({ page, request, stripeSite }, testInfo) => {
      // A journey over two sites and a webhook: about 30 s on a busy CI machine, the default limit.
      stripe.setTimeout(90_000);
      const slug = 'studio-cosy-cathedrale';
      const stay = futureStay(40, 2, testInfo);
      const guest = await registerUser(request, testInfo, 'Clara Carte', 'stripe');
      // Stripe's hosted page is outside our reach: the test answers the browser's visit to it.
      await page.route('https://checkout.stripe.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Page de paiement Stripe</h1>' }),
      );

      await signIn(page, guest);
      await page.goto(`/appartement/${slug}`);
      await pickStay(stayCalendar(page.getByRole('region', { name: 'Réservez votre séjour' })), stay);
      await page.getByRole('region', { name: 'Réservez votre séjour' }).getByRole('button', { name: 'Réserver maintenant' }).click();
      const methods = page.getByRole('group', { name: 'Payer avec' });
      await expect(methods.getByRole('radio')).toHaveCount(3);
      await expect(methods.getByRole('radio', { name: 'Carte bancaire' })).toBeChecked();
      await expect(methods.getByRole('radio', { name: 'PayPal' })).toBeVisible();
      await expect(methods.getByRole('radio', { name: 'Virement bancaire' })).toBeVisible();
      await expect(page.getByLabel('Numéro de carte')).toHaveCount(0);
      await expect(page.getByText(/^Vous allez être redirigé vers la page de paiement sécurisée de Stripe/)).toBeVisible();
      await page.getByRole('checkbox', { name: CGV }).check();
      const created = page.waitForResponse((r) => r.url().endsWith('/api/reservations') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Réserver maintenant' }).click();
      expect((await created).status()).toBe(201);
      // The browser has left our site (so the answer's body is gone): the session tells the rest.
      await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
      await expect(page.getByRole('heading', { name: 'Page de paiement Stripe' })).toBeVisible();
      const sessionId = new URL(page.url()).pathname.split('/').pop()!;
      const session = stripeSite.fake.sessions.get(sessionId)!;
      const reservationId = Number((session['metadata'] as { reservationId: string }).reservationId);
      const held = await request.get(`/api/reservations/${reservationId}`, {
        headers: { Authorization: `Bearer ${await apiLogin(request, guest.email, guest.password)}` },
      });
      const body = { reservation: (await held.json()) as { id: number; deposit: number; status: string } };
      expect(body.reservation.status).toBe('en attente');
      expect(session['amount_total']).toBe(Math.round(body.reservation.deposit * 100));

      // Stripe tells our server the deposit is paid, with a signed event.
      const event = signedEvent(WEBHOOK_SECRET, {
        id: `evt_e2e_${sessionId}`,
        type: 'checkout.session.completed',
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          status: 'complete',
          amount_total: session['amount_total'],
          currency: 'eur',
          payment_intent: `pi_${sessionId}`,
          metadata: { reservationId: String(body.reservation.id) },
        },
      });
      const hook = await request.post('/api/paiements/stripe/webhook', {
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        data: event.body,
      });
      expect(hook.status(), await hook.text()).toBe(200);

      // Stripe sends the guest back to the success URL it was given.
      await page.goto(String(session['success_url']));
      // The page asks every 2 s (POLL_INTERVAL_MS) once the session is back: a few asks on a busy machine.
      await expect(page.getByRole('heading', { level: 1, name: 'Réservation confirmée !' })).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
      await page.goto(`/reservation/${body.reservation.id}`);
      await expect(page.getByRole('region', { name: 'Paiement', exact: true }).getByText('Séjour payé', { exact: true })).toBeVisible();
    },
  );
});

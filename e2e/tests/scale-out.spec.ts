/**
 * The scaled-out setup (issue 16): nginx balancing three API processes on one PostgreSQL database
 * and Redis, all started by this test (support/scaled-site.ts). A guest and the admin have their
 * sockets on different processes; the guest writes to the support and the admin is notified
 * through Redis; the process holding the guest's socket is killed (SIGKILL) in the middle of the
 * checkout; the booking still succeeds (nginx goes to the next process), the guest's socket
 * reconnects to a live process, and the admin's reply arrives live.
 *
 * Runs only when DATABASE_URL and REDIS_URL are set (CI sets them; `npm test` installs nginx).
 * Figures (requests per process, recovery times) are printed and attached to the report.
 */
import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import path from 'node:path';
import { DEMO_ADMIN } from '../support/demo';
import { demoApartment, futureStay, header, pickStay, signIn, stayCalendar, TEST_PASSWORD, uniqueEmail } from '../support/journeys';
import { readAccessLog, startScaledSite, type ScaledSite } from '../support/scaled-site';

const { DATABASE_URL, REDIS_URL } = process.env;
const ADMIN_NAME = 'Claire Administratrice';

test.skip(!DATABASE_URL || !REDIS_URL, 'PostgreSQL (DATABASE_URL) et Redis (REDIS_URL) seulement');

/** Which process holds the page's socket (X-Served-By of each WebSocket handshake), and when it authenticated. */
async function watchSocket(page: Page) {
  const handshakes: Array<{ servedBy: string; at: number }> = [];
  const authenticated: number[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    const servedBy = headers['X-Served-By'] ?? headers['x-served-by'];
    if (servedBy) handshakes.push({ servedBy, at: Date.now() });
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('42["authenticated"')) authenticated.push(Date.now());
    });
  });
  return {
    /** The process of the socket authenticated last, once it is authenticated after `since`. */
    async onlineSince(since: number): Promise<{ servedBy: string; at: number }> {
      await expect
        .poll(() => authenticated.filter((t) => t >= since).length, {
          message: 'la connexion temps réel doit être authentifiée',
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      const last = handshakes.at(-1);
      expect(last, 'la poignée de main WebSocket doit dire quel processus répond').toBeTruthy();
      return { servedBy: last!.servedBy, at: authenticated.filter((t) => t >= since)[0]! };
    },
  };
}

/** Console errors of a page, except the socket cut on purpose by the kill. */
function consoleErrors(page: Page, label: string, into: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && !/WebSocket connection to .* failed/.test(message.text())) into.push(`${label}: ${message.text()}`);
  });
  page.on('pageerror', (error) => into.push(`${label}: ${error.message}`));
}

test('trois processus derrière nginx : réservation et messagerie continuent quand un processus est tué', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  // playwright.config.ts lives in e2e/, one level under the repository.
  const repoRoot = path.resolve(testInfo.config.configFile ? path.dirname(testInfo.config.configFile) : testInfo.config.rootDir, '..');
  const site: ScaledSite = await startScaledSite(repoRoot, { databaseUrl: DATABASE_URL!, redisUrl: REDIS_URL! });
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  try {
    const open = async (label: string) => {
      const context = await browser.newContext({ baseURL: site.url, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
      contexts.push(context);
      const page = await context.newPage();
      consoleErrors(page, label, errors);
      return page;
    };

    // Every process answers, and says so.
    const names = new Set<string>();
    for (let i = 0; i < 6; i += 1) names.add((await fetch(`${site.url}/api/health`)).headers.get('x-served-by') ?? '');
    expect([...names].sort()).toEqual(['api-1', 'api-2', 'api-3']);

    // The admin, signed in on the home page.
    const admin = await open('admin');
    const adminSocket = await watchSocket(admin);
    const adminSince = Date.now();
    await signIn(admin, DEMO_ADMIN);
    const adminOn = (await adminSocket.onlineSince(adminSince)).servedBy;

    // The guest, with a socket on another process than the admin's.
    const guestUser = { nom: 'Inès Montée-en-charge', email: uniqueEmail(testInfo, 'scale'), password: TEST_PASSWORD };
    const registered = await fetch(`${site.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(guestUser),
    });
    expect(registered.status).toBe(201);
    const guest = await open('voyageuse');
    const guestSocket = await watchSocket(guest);
    // A page load opens a new socket, on the next process nginx picks: reload until it is not the admin's.
    const awayFromAdmin = async (since: number, avoid: string[]): Promise<string> => {
      let on = (await guestSocket.onlineSince(since)).servedBy;
      for (let i = 0; avoid.includes(on) && i < 10; i += 1) {
        // nginx takes turns: a page load makes a fixed number of requests, so shift the turn at random.
        for (let extra = Math.floor(Math.random() * 3); extra > 0; extra -= 1) await fetch(`${site.url}/api/health`);
        const reloadedAt = Date.now();
        await guest.reload();
        on = (await guestSocket.onlineSince(reloadedAt)).servedBy;
      }
      expect(avoid, 'la voyageuse et l’admin sont sur deux processus différents').not.toContain(on);
      return on;
    };
    const signedInAt = Date.now();
    await signIn(guest, guestUser);
    await awayFromAdmin(signedInAt, [adminOn]);

    // The guest writes to the support: the admin, on another process, is notified through Redis.
    await header(guest)
      .getByRole('link', { name: /^Messagerie/ })
      .click();
    await guest.getByRole('button', { name: 'Contacter le support' }).click();
    const question = 'Bonjour, le parking est-il inclus pendant mon séjour ?';
    await guest.getByRole('textbox', { name: 'Votre message' }).fill(question);
    await guest.getByRole('button', { name: 'Envoyer', exact: true }).click();
    const toast = admin.getByRole('status').filter({ hasText: 'Nouveau message de' });
    await expect(toast).toBeVisible();
    await expect(toast.getByText(guestUser.nom, { exact: true })).toBeVisible();

    // The guest books; the process holding her socket is killed in the middle of the checkout.
    const slug = 'duplex-place-saint-louis';
    const apartment = demoApartment(slug);
    const stay = futureStay(30, 3, testInfo);
    const openedAt = Date.now();
    await guest.goto(`/appartement/${slug}`);
    const guestOn = await awayFromAdmin(openedAt, [adminOn]);
    const panel = guest.getByRole('region', { name: 'Réservez votre séjour' });
    await pickStay(stayCalendar(panel), stay);
    await panel.getByRole('button', { name: 'Réserver maintenant' }).click();
    await expect(guest.getByRole('heading', { level: 1, name: 'Réserver votre séjour' })).toBeVisible();
    await guest.getByRole('checkbox', { name: "J'ai lu et j'accepte les conditions générales de vente" }).check();

    const victim = site.apis.find((a) => a.name === guestOn)!;
    const countsBefore = countByProcess(site);
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await new Promise<void>((resolve) =>
      victim.child.exitCode !== null || victim.child.signalCode !== null ? resolve() : victim.child.once('exit', () => resolve()),
    );
    // The first request after the kill: nginx finds the dead process and answers from another.
    const health = await fetch(`${site.url}/api/health`);
    const httpRecoveryMs = Date.now() - killedAt;
    expect(health.status).toBe(200);
    expect(health.headers.get('x-served-by')).not.toBe(victim.name);

    const created = guest.waitForResponse((r) => r.url().endsWith('/api/reservations') && r.request().method() === 'POST');
    await guest.getByRole('button', { name: 'Réserver maintenant' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.headers()['x-served-by']).not.toBe(victim.name);
    await expect(guest.getByRole('heading', { level: 1, name: 'Demande de réservation enregistrée' })).toBeVisible();
    await guest.getByRole('link', { name: 'Voir mes réservations' }).click();
    await expect(guest).toHaveURL(/\/profile$/, { timeout: 10_000 });
    const booking = guest
      .getByRole('region', { name: 'Mes réservations' })
      .getByRole('listitem')
      .filter({ has: guest.getByRole('heading', { name: apartment.titre, exact: true }) });
    await expect(booking).toHaveCount(1);

    // Her socket came back on a live process by itself.
    const back = await guestSocket.onlineSince(killedAt);
    const socketRecoveryMs = back.at - killedAt;
    expect(back.servedBy).not.toBe(victim.name);

    // The chat goes on across processes: if she came back on the admin's, a reload moves her.
    await header(guest)
      .getByRole('link', { name: /^Messagerie/ })
      .click();
    await awayFromAdmin(killedAt, [adminOn, victim.name]);
    await guest
      .getByRole('complementary', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(`^${ADMIN_NAME}`) })
      .click();
    await header(admin)
      .getByRole('link', { name: /^Messagerie/ })
      .click();
    await admin
      .getByRole('complementary', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(`^${guestUser.nom}`) })
      .click();
    const reply = 'Oui, une place vous attend au parking de la résidence. Bon séjour à Metz !';
    await admin.getByRole('textbox', { name: 'Votre message' }).fill(reply);
    await admin.getByRole('button', { name: 'Envoyer', exact: true }).click();
    const guestPanel = guest.getByRole('region', { name: `Conversation avec ${ADMIN_NAME}` });
    await expect(guestPanel.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: reply })).toHaveCount(1);

    // Figures: requests per process (nginx's log), and how fast the site recovered.
    const counts = countByProcess(site);
    const failed = readAccessLog(site.accessLog).filter((l) => l.status >= 500);
    const figures = [
      `requêtes servies par processus avant l'arrêt : ${JSON.stringify(countsBefore)}`,
      `requêtes servies par processus à la fin : ${JSON.stringify(counts)}`,
      `processus tué : ${victim.name} (socket de la voyageuse) ; admin sur ${adminOn} ; voyageuse revenue sur ${back.servedBy}`,
      `première requête HTTP réussie après l'arrêt : ${httpRecoveryMs} ms ; socket de la voyageuse ré-authentifiée après ${socketRecoveryMs} ms`,
      `réponses 5xx au navigateur : ${failed.length}`,
    ].join('\n');
    console.log(figures);
    await testInfo.attach('montee-en-charge', { body: figures, contentType: 'text/plain' });
    for (const name of ['api-1', 'api-2', 'api-3']) expect(countsBefore[name] ?? 0, `${name} a servi des requêtes`).toBeGreaterThan(0);
    expect(counts[victim.name], 'le processus tué ne sert plus rien').toBe(countsBefore[victim.name]);
    expect(failed.map((l) => `${l.status} ${l.request}`)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    for (const context of contexts) await context.close();
    await site.stop();
  }
});

/**
 * HTTP requests answered by each process, from nginx's log (the last upstream tried is the one
 * that answered). WebSockets (101) are left out: nginx logs them when they close.
 */
function countByProcess(site: ScaledSite): Record<string, number> {
  const byPort = new Map(site.apis.map((a) => [`127.0.0.1:${a.port}`, a.name]));
  const counts: Record<string, number> = {};
  for (const line of readAccessLog(site.accessLog)) {
    if (line.status === 101) continue;
    const name = byPort.get(line.upstreams.at(-1) ?? '');
    if (name) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

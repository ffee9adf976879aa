/**
 * Accessibility on every page (issue 11): axe-core finds no serious or critical violation on any
 * route of the route table, signed out, as a client and as an admin, on a desktop (1280×800) and a
 * phone (390×844), nor in the open states (filters panel, gallery dialog, checkout with each payment
 * method and its editors, profile editor, Administration menu, apartment editor).
 * The totals of each run are attached to the report ('axe') and printed.
 */
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { axeSerious, concreteRoutes, nodeCount, settle, type AxeFinding, type RouteScene } from '../support/a11y';
import { DEMO_ADMIN, demoApartments } from '../support/demo';
import { expect, test, type Page } from '../support/fixtures';
import { openFilters } from '../support/home';
import { apiLogin, apiReserve, futureStay, header, pickStay, registerUser, signIn, stayCalendar, type TestUser } from '../support/journeys';

const VIEWPORTS = [
  { name: 'bureau', width: 1280, height: 800 },
  { name: 'téléphone', width: 390, height: 844 },
] as const;

// The unknown reset token and the 404 page answer 404 / 400 on purpose.
test.use({ bypassCSP: true, allowedConsoleErrors: [/status of (400|404)/] });

interface Scene extends RouteScene {
  client: TestUser;
}

/**
 * A client with a reservation far ahead and a message each way with the support (unread badges on both
 * sides). Each test has its `slot` of 20 days (they run in parallel), and a retry six slots further:
 * the failed attempt may have kept its stay, and a retry must not take another test's dates (the
 * latest start, slot 5 retried, stays within the 18 months a stay may start ahead).
 */
async function makeScene(request: APIRequestContext, testInfo: TestInfo, slot: number): Promise<Scene> {
  const slug = demoApartments[1]!.slug;
  const client = await registerUser(request, testInfo, 'Inès Accessible', 'a11y');
  const login = await request.post('/api/auth/login', { data: { email: client.email, password: client.password } });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const reservation = await apiReserve(request, token, slug, futureStay(250 + 20 * (slot + SLOTS * testInfo.retry), 2));
  const toSupport = await request.post('/api/messages/contacter-support', {
    headers: { Authorization: `Bearer ${token}` },
    data: { contenu: 'Bonjour, une question sur mon séjour.' },
  });
  expect(toSupport.status(), await toSupport.text()).toBe(201);
  const adminToken = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const reply = await request.post('/api/messages/envoyer', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { receiverId: user.id, contenu: 'Bonjour Inès, bien sûr.' },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return { slug, reservationId: reservation.id, clientId: user.id, client };
}

const SLOTS = 6;
const slot = (viewport: string, role: number) => (viewport === 'bureau' ? 0 : 3) + role;

class Audit {
  readonly results: Array<{ where: string; findings: AxeFinding[] }> = [];
  constructor(
    private readonly page: Page,
    private readonly prefix: string,
  ) {}

  async scan(label: string): Promise<void> {
    const findings = await axeSerious(this.page);
    this.results.push({ where: `${this.prefix} · ${label}`, findings });
  }

  async report(testInfo: TestInfo): Promise<void> {
    const failing = this.results.filter((r) => r.findings.length > 0);
    const total = this.results.reduce((n, r) => n + nodeCount(r.findings), 0);
    const byRule = new Map<string, number>();
    for (const r of this.results) for (const f of r.findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + f.nodes.length);
    const summary = `axe ${this.prefix}: ${this.results.length} pages/états, ${total} nœuds sérieux ou critiques ${JSON.stringify(Object.fromEntries(byRule))}`;
    console.log(summary);
    await testInfo.attach('axe', { body: JSON.stringify({ summary, failing }, null, 2), contentType: 'application/json' });
    expect(
      failing.map((r) => ({ where: r.where, findings: r.findings })),
      summary,
    ).toEqual([]);
  }
}

/**
 * Visits every route and scans each page once: a guarded route shown to a visitor (or an admin route
 * shown to a client) lands on the same sign-in page as the others, with the same content, and scanning
 * it again would find nothing new.
 */
async function scanRoutes(page: Page, audit: Audit, scene: Scene): Promise<void> {
  const scanned = new Set<string>();
  for (const { route, path } of concreteRoutes(scene)) {
    await page.goto(path);
    await settle(page);
    const shown = `${new URL(page.url()).pathname}\n${await page.getByRole('main').innerText()}`;
    if (scanned.has(shown)) continue;
    scanned.add(shown);
    await audit.scan(route);
  }
}

// Six long tests, independent (each its own client and dates): both workers share them.
test.describe.configure({ mode: 'parallel' });

for (const viewport of VIEWPORTS) {
  test.describe(`axe-core, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('visiteur : toutes les routes, le panneau des filtres et la galerie', async ({ page, request }, testInfo) => {
      test.setTimeout(240_000);
      const scene = await makeScene(request, testInfo, slot(viewport.name, 0));
      const audit = new Audit(page, `visiteur ${viewport.name}`);
      await scanRoutes(page, audit, scene);

      await page.goto('/');
      await settle(page);
      await openFilters(page);
      await audit.scan('/ filtres ouverts');

      await page.goto(`/appartement/${scene.slug}`);
      await settle(page);
      await page.getByRole('button', { name: /^Agrandir la photo 1 sur/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit.scan('/appartement/:slug galerie ouverte');
      await audit.report(testInfo);
    });

    test('client : toutes les routes, le paiement par chaque moyen, les éditeurs', async ({ page, request }, testInfo) => {
      test.setTimeout(240_000);
      const scene = await makeScene(request, testInfo, slot(viewport.name, 1));
      const audit = new Audit(page, `client ${viewport.name}`);
      await signIn(page, scene.client);
      await scanRoutes(page, audit, scene);

      // Checkout, reached from the panel, with each payment method and each editor open.
      await page.goto(`/appartement/${scene.slug}`);
      await settle(page);
      await pickStay(stayCalendar(page), futureStay(120, 2, testInfo));
      await page.getByRole('button', { name: 'Réserver maintenant' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Réserver votre séjour' })).toBeVisible();
      await settle(page);
      await audit.scan('checkout virement bancaire');
      // The consent error, announced next to its box.
      await page.getByRole('button', { name: 'Réserver maintenant' }).last().click();
      await expect(page.getByText('Veuillez accepter les conditions générales de vente pour réserver.', { exact: true })).toBeVisible();
      await audit.scan('checkout CGV non acceptées');
      await page.getByRole('button', { name: 'Modifier les dates' }).click();
      await expect(stayCalendar(page)).toBeVisible();
      await audit.scan('checkout dates ouvertes');
      await page.getByRole('button', { name: 'Modifier les voyageurs' }).click();
      await audit.scan('checkout voyageurs ouverts');

      await page.goto('/profile');
      await settle(page);
      await page.getByRole('button', { name: 'Modifier le profil' }).click();
      await audit.scan('/profile éditeur ouvert');
      await audit.report(testInfo);
    });

    test('admin : toutes les routes, le menu Administration et l’éditeur d’appartement', async ({ page, request }, testInfo) => {
      test.setTimeout(240_000);
      const scene = await makeScene(request, testInfo, slot(viewport.name, 2));
      const audit = new Audit(page, `admin ${viewport.name}`);
      await signIn(page, DEMO_ADMIN);
      await scanRoutes(page, audit, scene);

      await page.goto(`/appartement/${scene.slug}`);
      await settle(page);
      await header(page)
        .getByRole('button', { name: /Administration/ })
        .click();
      await expect(header(page).getByRole('link', { name: 'Gérer les réservations' })).toBeVisible();
      await audit.scan('menu Administration ouvert');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: "Modifier l'appartement" }).click();
      await expect(page.getByRole('form', { name: "Modifier l'appartement" })).toBeVisible();
      await audit.scan("éditeur d'appartement ouvert");
      await audit.report(testInfo);
    });
  });
}

/**
 * Phone layout and stability (issue 11): no page scrolls sideways at 360 px in any role, and the
 * page does not shift while it loads (cumulative layout shift on / and an apartment page with every
 * API answer delayed by 1 s, at most 0.02). The figures are printed and attached ('cls').
 */
import { concreteRoutes, layoutShift, recordLayoutShift, settle, sidewaysOverflow } from '../support/a11y';
import { DEMO_ADMIN, demoApartments } from '../support/demo';
import { expectCount } from '../support/home';
import { expect, test, type Page } from '../support/fixtures';
import { apiReserve, futureStay, registerUser, signIn, stayCalendar, type TestUser } from '../support/journeys';

test.use({ bypassCSP: true, allowedConsoleErrors: [/status of (400|404)/] });

const ROLES = ['visiteur', 'client', 'admin'] as const;

test.describe('Téléphone 360 px : aucune page ne défile de côté', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  ROLES.forEach((role, index) => {
    test(`${role} : toutes les routes tiennent dans la largeur de l’écran`, async ({ page, request }, testInfo) => {
      test.setTimeout(180_000);
      const slug = demoApartments[2]!.slug;
      const client: TestUser = await registerUser(request, testInfo, 'Inès Téléphone', 'phone');
      const login = await request.post('/api/auth/login', { data: { email: client.email, password: client.password } });
      const { token, user } = (await login.json()) as { token: string; user: { id: number } };
      const reservation = await apiReserve(request, token, slug, futureStay(430 + 35 * index, 2, testInfo));
      if (role === 'client') await signIn(page, client);
      if (role === 'admin') await signIn(page, DEMO_ADMIN);

      const overflowing: string[] = [];
      for (const { route, path } of concreteRoutes({ slug, reservationId: reservation.id, clientId: user.id })) {
        await page.goto(path);
        await settle(page);
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) overflowing.push(`${route} : ${overflow} px de trop`);
      }
      expect(overflowing, 'scrollWidth <= innerWidth sur chaque page').toEqual([]);
    });
  });
});

async function delayApi(page: Page, ms: number): Promise<void> {
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

test.describe('Pas de décalage de mise en page pendant le chargement (API retardée d’1 s)', () => {
  const pages: ReadonlyArray<{ name: string; path: string; ready: (page: Page) => Promise<void> }> = [
    { name: 'accueil', path: '/', ready: (page) => expectCount(page, demoApartments.length) },
    {
      name: 'page d’un appartement',
      path: `/appartement/${demoApartments[0]!.slug}`,
      ready: async (page) => {
        await expect(stayCalendar(page)).toBeVisible({ timeout: 15_000 });
        await settle(page);
      },
    },
  ];
  for (const viewport of [
    { name: 'bureau', width: 1280, height: 800 },
    { name: 'téléphone', width: 390, height: 844 },
  ]) {
    for (const target of pages) {
      test(`${target.name}, ${viewport.name} : CLS ≤ 0,02`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await recordLayoutShift(page);
        await delayApi(page, 1000);
        await page.goto(target.path);
        await target.ready(page);
        // Late shifts (images, fonts) still count: a short quiet time after the page is ready.
        await page.waitForTimeout(500);
        const { total, shifts } = await layoutShift(page);
        const figure = `CLS ${target.name} ${viewport.name} : ${total.toFixed(4)}`;
        console.log(figure);
        await testInfo.attach('cls', { body: JSON.stringify({ total, shifts }, null, 2), contentType: 'application/json' });
        expect(total, `${figure} ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);
      });
    }
  }
});

/**
 * The operator's dashboard (issue 30 item 1): the admin reaches it first in the Administration menu,
 * reads the figures the API computed, switches period, downloads the CSV (under the site's CSP); the
 * page passes axe and fits a 360 px phone.
 */
import { readFileSync } from 'node:fs';
import { axeSerious, settle, sidewaysOverflow } from '../support/a11y';
import { DEMO_ADMIN } from '../support/demo';
import { expect, test } from '../support/fixtures';
import { apiLogin, header, signIn, todayInParis } from '../support/journeys';

interface Figures {
  nuitsVendues: number;
  nuitsOuvertes: number;
  chiffreAffairesCents: number;
  parAppartement: unknown[];
}

/** The euro amount as the kernel writes it: '4 600 €', '71,88 €'. */
const euroCents = (cents: number) =>
  `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(cents / 100).replace(/[\u202f\u00a0]/g, ' ')} €`;

test('Tableau de bord : chiffres, changement de période, graphiques, export CSV', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN);
  await header(page)
    .getByRole('button', { name: /Administration/ })
    .click();
  const links = header(page).getByRole('link');
  const first = header(page).locator('.sh-admin-menu__list a').first();
  await expect(first).toHaveText('Tableau de bord');
  await expect(links.filter({ hasText: 'Planning' })).toHaveAttribute('href', '/admin/planning');
  await first.click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await settle(page);
  await expect(page.getByRole('button', { name: 'Ce mois' })).toHaveAttribute('aria-pressed', 'true');

  // The year: the demo's finished stays are in it, so there are nights and revenue to show.
  const year = todayInParis().slice(0, 4);
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/statistiques') && r.url().includes(`du=${year}-01-01`));
  await page.getByRole('button', { name: 'Cette année' }).click();
  const shown = (await (await answered).json()) as Figures;
  await settle(page);
  const token = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const api = await request.get(`/api/admin/statistiques?du=${year}-01-01&au=${year}-12-31`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(api.status()).toBe(200);
  const figures = (await api.json()) as Figures;
  expect(figures.nuitsVendues).toBeGreaterThan(0);
  expect(shown.nuitsVendues).toBeGreaterThan(0);
  const tile = (label: string) => page.locator('.adm-dash__tile').filter({ has: page.getByText(label, { exact: true }) });
  await expect(tile('Chiffre d’affaires').locator('.adm-dash__value')).toHaveText(euroCents(shown.chiffreAffairesCents));
  await expect(tile('Taux d’occupation')).toContainText(`${shown.nuitsVendues} nuits vendues sur ${shown.nuitsOuvertes} ouvertes`);
  await expect(page.getByRole('table', { name: 'Chiffres par appartement' }).locator('tbody tr')).toHaveCount(shown.parAppartement.length);
  await expect(
    page.getByRole('table', { name: 'Chiffre d’affaires par mois, et le même mois un an avant' }).locator('tbody tr'),
  ).toHaveCount(12);
  // The charts came with the page's lazily loaded chart chunk, drawn in SVG.
  await expect(
    page.getByRole('img', { name: 'Graphique du chiffre d’affaires par mois et un an avant' }).locator('svg').first(),
  ).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statistiques-${year}-01-01-${year}-12-31.csv`);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe(
    'Ligne;Mois;Appartement;Nuits vendues;Nuits ouvertes;Taux d’occupation (%);Chiffre d’affaires (€);Prix moyen par nuit (€);RevPAR (€);Annulations;Nuits autres canaux',
  );
  expect(lines[1]).toMatch(new RegExp(`^Total;${year}-01-01 au ${year}-12-31;Tous;${shown.nuitsVendues};${shown.nuitsOuvertes};`));
  expect(lines.filter((l) => l.startsWith('Mois;'))).toHaveLength(12);
});

test.describe('Tableau de bord : accessibilité', () => {
  // axe-core is injected as a script, which the site's CSP forbids; the test above runs under the CSP.
  test.use({ bypassCSP: true });

  test('axe : aucune erreur sérieuse, sur ordinateur et à 360 px sans défilement de côté', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin');
    await settle(page);
    await page.getByRole('button', { name: 'Cette année' }).click();
    await settle(page);
    await expect(
      page.getByRole('img', { name: 'Graphique du taux d’occupation par mois et un an avant' }).locator('svg').first(),
    ).toBeVisible();
    expect(await axeSerious(page)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await settle(page);
    await page.getByRole('button', { name: 'Cette année' }).click();
    await settle(page);
    await expect(page.getByRole('table', { name: 'Chiffres par appartement' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await axeSerious(page)).toEqual([]);
  });
});

/**
 * The admin at scale (issue 32 item 6) on a 360 px phone: the reservations list filtered by the
 * server from its address (town, page), the calendar's timeline of one town; accessible (axe, 0
 * serious) and without sideways scroll of the page (the tables scroll inside their region).
 */
import { expect, test } from '../support/fixtures';
import { axeSerious, sidewaysOverflow } from '../support/a11y';
import { DEMO_ADMIN } from '../support/demo';
import { signIn } from '../support/journeys';

// axe-core is injected as a script: the page's CSP would refuse it.
test.use({ bypassCSP: true, viewport: { width: 360, height: 740 } });

interface Town {
  ville: string;
  slug: string;
  nombre: number;
}

test('téléphone 360 px : les réservations d’une ville depuis l’adresse, la frise d’une ville', async ({ page, request }) => {
  const towns = (await (await request.get('/api/villes')).json()) as Town[];
  const metz = towns.find((t) => t.slug === 'metz')!;
  await signIn(page, DEMO_ADMIN);

  await page.goto('/admin/reservations?ville=metz');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Réservations' })).toBeVisible();
  await expect(page.getByText(/^(Aucune réservation|\d+ réservations?) correspondant aux filtres$/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ville' })).toHaveValue('metz');
  await expect(page.getByRole('navigation', { name: 'Pages des réservations' })).toContainText(/^Page 1 sur \d+/);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeSerious(page), 'les réservations filtrées').toEqual([]);

  await page.goto('/admin/calendrier');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendrier' })).toBeVisible();
  await page.getByLabel('Vue').selectOption('frise');
  await page.getByRole('combobox', { name: 'Ville' }).selectOption('metz');
  const timeline = page.getByRole('region', { name: `Frise des appartements de ${metz.ville}` });
  await expect(timeline).toBeVisible();
  // Drafts included: at least the published apartments of the town, each a line with its row header.
  await expect(timeline.getByRole('table')).toHaveAttribute('aria-rowcount', /\d+/);
  const rowCount = Number(await timeline.getByRole('table').getAttribute('aria-rowcount')) - 1;
  expect(rowCount).toBeGreaterThanOrEqual(metz.nombre);
  // The count of the town's apartments, said above the lines (they come by pages of 50).
  await expect(page.getByText(`${rowCount} appartement${rowCount > 1 ? 's' : ''}`, { exact: true })).toBeVisible();
  await expect(timeline.getByRole('rowheader').first()).toBeVisible();
  // The region takes the keyboard focus to scroll.
  await timeline.focus();
  await expect(timeline).toBeFocused();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeSerious(page), 'la frise d’une ville').toEqual([]);
});

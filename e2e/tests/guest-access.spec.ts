/**
 * Issue 30 item 3 and issue 27 item 2, in the browser: the admin enters an apartment's private
 * check-in instructions in the editor's « Accès et arrivée »; the guest of a confirmed stay reads
 * them on the reservation page, with the apartment's own times and the cancellation windows as
 * dates; axe finds nothing serious there.
 */
import { DEMO_ADMIN, demoApartments } from '../support/demo';
import { axeSerious } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { apiLogin, futureStay, header, registerUser, reserveAs, signIn } from '../support/journeys';

// axe-core is injected as an inline script, which the site's CSP refuses (as a11y.spec.ts does).
test.use({ bypassCSP: true });

test('l’administrateur saisit l’accès → le voyageur au séjour confirmé le lit sur sa réservation', async ({ page, request }, testInfo) => {
  test.slow();
  const apartment = demoApartments[4]!;
  const code = `CODE-4821B-${testInfo.repeatEachIndex}${testInfo.retry}`;

  await signIn(page, DEMO_ADMIN);
  await page.goto(`/appartement/${apartment.slug}`);
  await page.getByRole('button', { name: 'Accès et arrivée (privé)' }).click();
  const section = page.getByRole('region', { name: 'Accès et arrivée' });
  await section.getByLabel('Adresse du logement').fill('12 rue des Jardins, 57000 Metz');
  await section.getByLabel('Code d’accès').fill(code);
  await section.getByLabel('Nom du wifi').fill('SejoursMessins');
  await section.getByLabel('Mot de passe du wifi').fill('wifi-77');
  await section.getByRole('button', { name: 'Enregistrer les instructions d’arrivée' }).click();
  await expect(section.getByText('Instructions d’arrivée enregistrées.')).toBeVisible();

  const guest = await registerUser(request, testInfo, 'Inès Arrivée', 'acces');
  const reservation = await reserveAs(request, guest, apartment.slug, futureStay(230, 2, testInfo));
  const adminToken = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);

  await header(page).getByRole('button', { name: 'Déconnexion' }).click();
  await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
  await signIn(page, guest);
  await page.goto(`/reservation/${reservation.id}`);
  await expect(page.getByRole('region', { name: 'Arrivée, départ et annulation' }).getByText(/^Départ avant \d{2}:\d{2}$/)).toBeVisible();
  // Not confirmed yet: no instructions.
  await expect(page.getByRole('region', { name: 'Accès au logement' })).toHaveCount(0);
  await expect(page.getByText(code)).toHaveCount(0);

  const confirmed = await request.post(`/api/admin/reservations/${reservation.id}/acompte-recu`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {},
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await page.reload();
  const access = page.getByRole('region', { name: 'Accès au logement' });
  await expect(access.getByText('12 rue des Jardins, 57000 Metz')).toBeVisible();
  await expect(access.getByText(code, { exact: true })).toBeVisible();
  await expect(access.getByText('wifi-77', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Arrivée, départ et annulation' }).getByText(/jusqu’au \d{1,2} \S+ \d{4} à \d{2}:\d{2}/),
  ).toBeVisible();
  expect(await axeSerious(page)).toEqual([]);
});

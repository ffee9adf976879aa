/**
 * Administration (spec sections 2, 4, 5, 6 and 8; DECISIONS 2, 10 and 15): adding and editing an
 * apartment, managing reservations, a client's profile with the live conversation, and the admin
 * remote that only an admin's browser ever downloads (with its weight).
 *
 * The tests that change shared data (a new apartment: no API removes one, and other files count the
 * demo apartments; an edited price; reservations on demo apartments) run against a private server
 * of this worker, on its own fresh data folder (support/private-server.ts). The download checks run
 * on the run's server.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, BrowserContext, Locator, Page, Response, TestInfo } from '@playwright/test';
import { countText, DEMO_ADMIN, demoApartments } from '../support/demo';
import { cards, countHeading } from '../support/home';
import {
  apiLogin,
  apiReserve,
  euros,
  futureStay,
  header,
  registerUser,
  shortDate,
  signIn,
  stayCalendar,
  type ApiReservation,
  type TestUser,
} from '../support/journeys';
import { expect, expectRealtime, test, watchRealtime } from '../support/people';
import { insertStayWithoutPayment } from '../support/past-stay';
import { onPrivateServer, type PrivateServer } from '../support/private-server';

/** The tests below that change shared data use this worker's private server as base URL. */
const isolated = test.extend<object, { privateServer: PrivateServer }>(onPrivateServer);

const ADMIN_NAME = 'Claire Administratrice';

function suffix(): string {
  return Math.random().toString(36).slice(2, 7);
}

async function apartmentCount(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/appartements');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

/** Opens the header's Administration menu and follows one of its links. */
async function adminMenu(page: Page, link: 'Ajouter un appartement' | 'Gérer les réservations'): Promise<void> {
  const toggle = header(page).getByRole('button', { name: 'Administration' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await header(page).getByRole('link', { name: link }).click();
}

// ---------------------------------------------------------------------------------------------
// Apartments

isolated.describe('Administration : appartements', () => {
  isolated(
    'ajouter un appartement : message, retour à l’accueil après 2 s, la carte, et il se réserve comme les autres',
    async ({ page, request, openPerson, baseURL }, testInfo) => {
      // Two people, a 2 s redirect and a registration: over 30 s when the machine is busy.
      isolated.slow();
      const before = await apartmentCount(request);
      const id = suffix();
      const titre = `Loft test Pontiffroy ${id}`;
      const slug = `loft-test-pontiffroy-${id}`;
      const image = `${baseURL}/media/demo/${demoApartments[0]!.slug}-1.jpg`;

      await signIn(page, DEMO_ADMIN);
      await adminMenu(page, 'Ajouter un appartement');
      await expect(page).toHaveURL(`${baseURL}/admin/add-appartement`);
      await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un appartement' })).toBeVisible();
      await expect(page).toHaveTitle('Ajouter un appartement | Séjours Messins');

      // The form's defaults (spec section 3).
      await expect(page.getByLabel('Prix par nuit (€)')).toHaveValue('0');
      await expect(page.getByLabel('Surface (m²)')).toHaveValue('0');
      for (const field of ['Voyageurs', 'Chambres', 'Lits', 'Salles de bain'])
        await expect(page.getByLabel(field, { exact: true })).toHaveValue('1');
      await expect(page.getByRole('radio', { name: 'Flexible' })).toBeChecked();
      const smoobu = Number(await page.getByLabel('Identifiant Smoobu').inputValue());
      expect(smoobu).toBeGreaterThanOrEqual(1_000_000);
      expect(smoobu).toBeLessThanOrEqual(9_999_999);

      // Every required field.
      await page.getByLabel('Titre', { exact: true }).fill(titre);
      await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(slug);
      await page
        .getByLabel('Description', { exact: true })
        .fill('Un loft calme au cœur du Pontiffroy, à deux pas de la Moselle et du centre Pompidou.');
      await page.getByLabel('Localisation', { exact: true }).fill('Metz - Pontiffroy');
      await page.getByLabel('Prix par nuit (€)').fill('87');
      await page.getByLabel('Surface (m²)').fill('48');
      await page.getByLabel('Voyageurs', { exact: true }).fill('3');
      await page.getByLabel('Chambres', { exact: true }).fill('1');
      await page.getByLabel('Lits', { exact: true }).fill('2');
      await page.getByLabel('Salles de bain', { exact: true }).fill('1');
      // With its registration number (an example) the apartment is published at once, not kept as a draft.
      await page.getByLabel("Numéro d'enregistrement").fill('57463000999ZZ');

      // An image served by the site, added to the list.
      await page.getByLabel("URL de l'image").fill(image);
      await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      const images = page.getByRole('list', { name: "Images de l'appartement" });
      await expect(images.getByRole('listitem')).toHaveCount(1);
      await expect(images.getByLabel('Image 1')).toHaveValue(image);
      await expect(page.getByLabel("URL de l'image")).toHaveValue('');

      // Wifi is toggled on.
      const wifi = page.getByRole('group', { name: 'Inclus' }).getByRole('button', { name: 'Wifi' });
      await expect(wifi).toHaveAttribute('aria-pressed', 'false');
      await wifi.click();
      await expect(wifi).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('radio', { name: 'Modérée' }).check();

      await page.getByRole('button', { name: "Ajouter l'appartement" }).click();
      await expect(page.getByText('Appartement ajouté avec succès!')).toBeVisible();
      const shownAt = Date.now();
      await expect(page.getByRole('heading', { level: 2, name: titre })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Ajouter un autre appartement' })).toBeVisible();
      await expect(page.getByRole('link', { name: "Voir sur la page d'accueil" })).toHaveAttribute('href', '/');

      // To the home page after 2 seconds (spec section 9), where the new apartment is listed.
      await expect(page).toHaveURL(`${baseURL}/`, { timeout: 10_000 });
      expect(Date.now() - shownAt, 'la redirection attend 2 s').toBeGreaterThanOrEqual(1500);
      await expect(countHeading(page)).toHaveText(countText(before + 1));
      await expect(cards(page)).toHaveCount(before + 1);
      const card = cards(page).filter({ hasText: titre });
      await expect(card).toHaveAttribute('href', `/appartement/${slug}`);
      await expect(card).toContainText(`${euros(87)} / nuit`);
      await expect(card).toContainText('Metz - Pontiffroy');
      await expect(card.getByRole('listitem')).toHaveText(['1 ch.', '1 sdb', '3 pers.']);
      await expect(card.getByRole('img', { name: titre })).toHaveAttribute('src', image);

      // Stored as typed: the API gives it back with Wifi and the chosen policy.
      const stored = (await (await request.get(`/api/appartements/slug/${slug}`)).json()) as Record<string, unknown>;
      expect(stored).toMatchObject({
        titre,
        localisation: 'Metz - Pontiffroy',
        prixParNuit: 87,
        surface: 48,
        smoobuId: smoobu,
        politiqueAnnulation: 'Modérée',
        numeroEnregistrement: '57463000999ZZ',
        publie: true,
      });

      // A client opens it: a page like any other, with the booking panel and its calendar.
      const client = await registerUser(request, testInfo, `Basile Locataire ${id}`, 'adm');
      const guest = await openPerson('client');
      await signIn(guest, client);
      await cards(guest).filter({ hasText: titre }).click();
      await expect(guest).toHaveURL(`${baseURL}/appartement/${slug}`);
      await expect(guest.getByRole('heading', { level: 1, name: titre })).toBeVisible();
      await expect(guest.getByText('Wifi', { exact: true })).toBeVisible();
      const calendar = stayCalendar(guest);
      await expect(calendar).toBeVisible();
      await expect(calendar.getByRole('button', { name: 'Mois suivant' })).toBeVisible();
      await expect(guest.getByRole('button', { name: "Modifier l'appartement" })).toHaveCount(0);
    },
  );

  isolated(
    'modifier le prix depuis la page de l’appartement : message de succès et nouveau prix affiché',
    async ({ page, request, baseURL }) => {
      const id = suffix();
      const titre = `Studio test Sablon ${id}`;
      const slug = `studio-test-sablon-${id}`;
      const token = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const created = await request.post('/api/appartements', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          titre,
          description: 'Un studio près de la gare, refait à neuf.',
          localisation: 'Metz - Sablon',
          prixParNuit: 70,
          surface: 25,
          capacite: JSON.stringify({ voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 }),
          hote: JSON.stringify({ nom: 'Claire Muller', experience: 'Nouveau', tauxReponse: '100%', delaiReponse: '1h' }),
          regles: JSON.stringify({ arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 2 }),
          images: JSON.stringify([`${baseURL}/media/demo/${demoApartments[1]!.slug}-1.jpg`]),
          equipements: JSON.stringify({ salleDeBain: [], internetEtBureau: [] }),
          inclus: ['Wifi'],
          nonInclus: [],
          slug,
          smoobuId: 1_000_000 + Math.floor(Math.random() * 8_999_999),
          note: 5,
          nombreAvis: 0,
          politiqueAnnulation: 'Flexible',
          // An example number: published, so the catalogue serves it to everybody.
          numeroEnregistrement: '57463000998ZZ',
        },
      });
      expect(created.status(), await created.text()).toBe(201);

      await signIn(page, DEMO_ADMIN);
      await page.goto(`/appartement/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: titre })).toBeVisible();
      // The price per night beside the booking panel.
      const priceCard = page.getByRole('complementary', { name: 'Prix et réservation' });
      await expect(priceCard.getByText(`${euros(70)} / nuit`)).toBeVisible();

      // 'Annuler' closes the form without saving.
      await page.getByRole('button', { name: "Modifier l'appartement" }).click();
      const form = page.getByRole('form', { name: "Modifier l'appartement" });
      await expect(form).toBeVisible();
      await expect(form.getByLabel('Prix par nuit (€)')).toHaveValue('70');
      await form.getByLabel('Prix par nuit (€)').fill('99');
      await form.getByRole('button', { name: 'Annuler' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText(`${euros(99)} / nuit`)).toHaveCount(0);

      // Saving: the success message, then the new price everywhere on the page.
      await page.getByRole('button', { name: "Modifier l'appartement" }).click();
      await expect(form.getByLabel('Prix par nuit (€)')).toHaveValue('70');
      await form.getByLabel('Prix par nuit (€)').fill('84.5');
      await form.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await expect(page.getByText("L'appartement a été mis à jour avec succès !")).toBeVisible();
      await expect(form).toBeHidden();
      await expect(priceCard.getByText(`${euros(84.5)} / nuit`)).toBeVisible();
      await expect(page.getByText(`${euros(70)} / nuit`)).toHaveCount(0);
      expect(euros(84.5)).toBe('84,50 €');

      // The catalogue has it too.
      const stored = (await (await request.get(`/api/appartements/slug/${slug}`)).json()) as { prixParNuit: number; titre: string };
      expect(stored).toMatchObject({ prixParNuit: 84.5, titre });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Reservations

/** The table row of one reservation (its row header is the link 'Réservation #id'). */
function reservationRow(page: Page, id: number): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Réservation #${id}`, exact: true }) });
}

async function setupClientWithReservations(
  request: APIRequestContext,
  testInfo: TestInfo,
  nom: string,
  stays: Array<[string, number, number]>,
) {
  const client = await registerUser(request, testInfo, nom, 'adm');
  const token = await apiLogin(request, client.email, client.password);
  const reservations: ApiReservation[] = [];
  for (const [slug, daysAhead, nights] of stays)
    reservations.push(await apiReserve(request, token, slug, futureStay(daysAhead, nights, testInfo)));
  return { client, token, reservations };
}

isolated.describe('Administration : réservations', () => {
  // Refusing to finish a stay still to come is a 400 the page explains; the browser logs the status.
  // Writing a stay without payment into the private server's database restarts it: the open page's socket loses its server meanwhile.
  // (One pattern: Playwright would read a two-item array as a fixture's [value, options].)
  isolated.use({
    allowedConsoleErrors: [
      /status of 400 .*\/api\/reservations\/\d+\/status|WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/socket\.io\/.*ERR_CONNECTION_REFUSED/,
    ],
  });
  isolated('filtrer, rechercher, confirmer, changer le statut, supprimer', async ({ page, request, baseURL, privateServer }, testInfo) => {
    // It restarts the private server once (a stay without payment written into its database): past 30 s on a busy machine.
    isolated.slow();
    const { client, token, reservations } = await setupClientWithReservations(request, testInfo, `Margaux Réservante ${suffix()}`, [
      [demoApartments[2]!.slug, 110, 3],
      [demoApartments[3]!.slug, 140, 2],
    ]);
    const [first, second] = reservations as [ApiReservation, ApiReservation];
    expect([first.status, second.status]).toEqual(['en attente', 'en attente']);

    await signIn(page, DEMO_ADMIN);
    await adminMenu(page, 'Gérer les réservations');
    await expect(page).toHaveURL(`${baseURL}/admin/reservations`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Réservations' })).toBeVisible();
    // The total the server counted (issue 32 item 6: filtered and paged by the server).
    const footer = page.getByText(/^(Aucune réservation|\d+ réservations?)( correspondant aux filtres)?$/);
    await expect(footer).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pages des réservations' })).toContainText(/Page 1 sur \d+/);

    // The guest's email in « Client »: their two reservations; the filter is in the address and survives a reload.
    const search = page.getByRole('searchbox', { name: 'Client' });
    const apply = page.getByRole('button', { name: 'Filtrer' });
    await search.fill(client.email);
    await apply.click();
    await expect(footer).toHaveText('2 réservations correspondant aux filtres');
    await expect(page).toHaveURL(`${baseURL}/admin/reservations?client=${encodeURIComponent(client.email)}`);
    await page.reload();
    await expect(footer).toHaveText('2 réservations correspondant aux filtres');
    await expect(search).toHaveValue(client.email);
    await expect(page.getByRole('navigation', { name: 'Pages des réservations' })).toHaveText('Page 1 sur 1');
    const body = page.getByRole('table').getByRole('rowgroup').nth(1);
    await expect(body.getByRole('row')).toHaveCount(2);
    const row1 = reservationRow(page, first.id);
    const row2 = reservationRow(page, second.id);
    await expect(row1).toContainText(client.nom);
    await expect(row1).toContainText(client.email);
    await expect(row1).toContainText(demoApartments[2]!.titre);
    await expect(row1).toContainText(`Du ${shortDate(first.startDate)}`);
    await expect(row1).toContainText(`au ${shortDate(first.endDate)}`);
    await expect(row1).toContainText(euros(first.totalPrice));
    await expect(row1.getByRole('link', { name: client.nom })).toHaveAttribute('href', new RegExp(`^/admin/client/\\d+$`));
    await expect(row1.getByRole('link', { name: `Réservation #${first.id}` })).toHaveAttribute('href', `/reservation/${first.id}`);

    // The CSV of exactly the filtered list, fetched with the admin's session.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('reservations.csv');
    const csvLines = readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csvLines).toHaveLength(3);
    expect(csvLines[0]).toMatch(/^\ufeff?Référence;Statut;Arrivée;Départ/);
    expect(
      csvLines
        .slice(1)
        .map((line) => line.split(';')[0])
        .sort(),
    ).toEqual([`SM-${first.id}`, `SM-${second.id}`].sort());

    // Filter by status.
    const status = page.getByLabel('Statut', { exact: true });
    await status.selectOption('confirmée');
    await apply.click();
    await expect(footer).toHaveText('Aucune réservation correspondant aux filtres');
    await expect(page.getByText('Aucune réservation trouvée')).toBeVisible();
    await status.selectOption('en attente');
    await apply.click();
    await expect(footer).toHaveText('2 réservations correspondant aux filtres');

    // Quick confirm on a pending row: its deposit is not received, so the reason is asked (issue 31).
    await expect(row1.getByRole('button', { name: 'Annuler' })).toBeVisible();
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept('Virement annoncé par le client');
    });
    await row1.getByRole('button', { name: 'Confirmer' }).click();
    await expect
      .poll(() => asked)
      .toEqual([
        "L'acompte de cette réservation n'est pas reçu. Pour la confirmer quand même, indiquez pourquoi (gardé dans les comptes de la réservation) :",
      ]);
    await expect(page.getByText('Statut mis à jour avec succès: confirmée')).toBeVisible();
    // Still filtered on 'en attente': the page is read again, the confirmed one leaves the list.
    await expect(footer).toHaveText('1 réservation correspondant aux filtres');
    await expect(row1).toHaveCount(0);
    await status.selectOption('confirmée');
    await apply.click();
    await expect(footer).toHaveText('1 réservation correspondant aux filtres');
    await expect(row1.getByRole('cell', { name: 'confirmée', exact: true })).toBeVisible();
    await expect(row1.getByRole('button', { name: 'Confirmer' })).toHaveCount(0);
    await expect(row1.getByRole('button', { name: 'Annuler' })).toHaveCount(0);
    await status.selectOption('');
    await apply.click();
    await expect(footer).toHaveText('2 réservations correspondant aux filtres');

    // Edit the other row's status with the select, then save.
    await row2.getByRole('button', { name: 'Modifier' }).click();
    const select = row2.getByRole('combobox', { name: `Nouveau statut de la réservation n° ${second.id}` });
    await expect(select).toHaveValue('en attente');
    // A stay still to come cannot be finished (DECISIONS 30): the server's reason is shown, the edit stays open.
    await select.selectOption('terminée');
    await row2.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      page.getByText("Impossible de sauvegarder les modifications: Une réservation ne peut être terminée qu'après la date de départ."),
    ).toBeVisible();
    await expect(select).toHaveValue('terminée');
    const unchanged = await request.get(`/api/reservations/${second.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await unchanged.json()) as { status: string }).status).toBe('en attente');
    await select.selectOption('annulée');
    await row2.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Statut mis à jour avec succès: annulée')).toBeVisible();
    await expect(select).toHaveCount(0);
    await expect(row2.getByRole('cell', { name: 'annulée', exact: true })).toBeVisible();
    const check = await request.get(`/api/reservations/${second.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await check.json()) as { status: string }).status).toBe('annulée');

    // Both have money in their books (their deposit was owed at booking): no 'Supprimer', they are cancelled instead (DECISIONS 32).
    await expect(row1.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
    await expect(row2.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);

    // One entered by hand with no payment asked can be deleted: the confirm dialog; dismissed, nothing happens; accepted, the row goes.
    const manual = await insertStayWithoutPayment(privateServer, client.email, demoApartments[4]!.slug, 200, 2);
    const row3 = reservationRow(page, manual.id);
    await page.getByRole('button', { name: 'Rafraîchir' }).click();
    await expect(footer).toHaveText('3 réservations correspondant aux filtres');
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await row3.getByRole('button', { name: 'Supprimer' }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    await expect(row3).toHaveCount(1);
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await row3.getByRole('button', { name: 'Supprimer' }).click();
    await expect(row3).toHaveCount(0);
    expect(dialogs).toEqual([
      'Êtes-vous sûr de vouloir supprimer cette réservation ?',
      'Êtes-vous sûr de vouloir supprimer cette réservation ?',
    ]);
    await expect(footer).toHaveText('2 réservations correspondant aux filtres');

    // Gone on the server too (after a refresh as well); the others stay.
    const adminToken = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const gone = await request.get(`/api/reservations/${manual.id}`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(gone.status()).toBe(404);
    await page.getByRole('button', { name: 'Rafraîchir' }).click();
    await expect(footer).toHaveText('2 réservations correspondant aux filtres');
    await expect(row2).toHaveCount(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Client profile with live messaging

isolated.describe('Administration : profil client', () => {
  isolated(
    'depuis le tableau, le profil du client ; il écrit au support, l’admin le voit en direct et répond',
    async ({ page, request, openPerson, baseURL }, testInfo) => {
      // Two people, live messaging both ways and a registration: past 30 s on a busy machine.
      isolated.slow();
      const nom = `Théo Profil ${suffix()}`;
      const { client, reservations } = await setupClientWithReservations(request, testInfo, nom, [[demoApartments[4]!.slug, 180, 2]]);
      const [reservation] = reservations as [ApiReservation];

      const adminRealtime = watchRealtime(page);
      await signIn(page, DEMO_ADMIN);
      await page.goto('/admin/reservations');
      await page.getByRole('searchbox', { name: 'Client' }).fill(client.email);
      await page.getByRole('button', { name: 'Filtrer' }).click();
      await expect(page.getByText('1 réservation correspondant aux filtres')).toBeVisible();
      await reservationRow(page, reservation.id).getByRole('link', { name: nom }).click();
      await expect(page).toHaveURL(new RegExp(`^${baseURL}/admin/client/\\d+$`));
      const userId = Number(new URL(page.url()).pathname.split('/').at(-1));

      await expect(page.getByRole('heading', { level: 1, name: 'Profil client' })).toBeVisible();
      await expect(page).toHaveTitle(`Profil client : ${nom} | Séjours Messins`);
      await expect(page.getByRole('heading', { level: 2, name: nom, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: client.email })).toHaveAttribute('href', `mailto:${client.email}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Informations personnelles' })).toBeVisible();
      const history = page.getByRole('list', { name: 'Réservations du client' });
      await expect(history.getByRole('listitem')).toHaveCount(1);
      await expect(history.getByRole('link', { name: `Réservation n° ${reservation.id}` })).toHaveAttribute(
        'href',
        `/reservation/${reservation.id}`,
      );
      await expect(history).toContainText('en attente');

      const section = page.getByRole('region', { name: `Messages avec ${nom}` });
      const panel = section.getByRole('region', { name: `Conversation avec ${nom}` });
      await expect(panel.getByRole('heading', { level: 3, name: nom })).toBeVisible();
      await expect(panel.getByText('Aucun message avec ce client')).toBeVisible();
      await expectRealtime(adminRealtime);

      // The client writes to the support from the messaging page.
      const guest = await openPerson('client');
      const guestRealtime = watchRealtime(guest);
      await signIn(guest, client);
      await guest.goto('/messagerie');
      await expectRealtime(guestRealtime);
      await guest.getByRole('button', { name: 'Contacter le support' }).click();
      const question = 'Bonjour, puis-je arriver plus tôt, vers 13 h ?';
      await guest.getByRole('textbox', { name: 'Votre message' }).fill(question);
      await guest.getByRole('button', { name: 'Envoyer', exact: true }).click();
      const guestPanel = guest.getByRole('region', { name: `Conversation avec ${ADMIN_NAME}` });
      const sent = guestPanel.getByRole('listitem').filter({ hasText: question });
      await expect(sent).toBeVisible();

      // Live on the admin's page (no reload, no toast for the conversation on screen), read at once.
      await expect(panel.getByRole('listitem').filter({ hasText: question })).toContainText(`${nom} :`);
      await expect(panel.getByText('Aucun message avec ce client')).toHaveCount(0);
      await expect(page).toHaveURL(`${baseURL}/admin/client/${userId}`);
      await expect(sent).toContainText('Lu');
      await expect(sent).not.toContainText('Non lu');
      await expect(page.getByRole('status').filter({ hasText: 'Nouveau message de' })).toHaveCount(0);

      // The admin replies from the profile page; the client sees it live.
      const reply = 'Bonjour, oui : le logement sera prêt dès 13 h.';
      await panel.getByRole('textbox', { name: 'Votre message' }).fill(reply);
      await panel.getByRole('button', { name: 'Envoyer', exact: true }).click();
      await expect(guestPanel.getByRole('listitem').filter({ hasText: reply })).toContainText(`${ADMIN_NAME} :`);
      await expect(panel.getByRole('listitem').filter({ hasText: reply })).toContainText('Lu');
      await expect(guest).toHaveURL(`${baseURL}/messagerie`);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Who downloads the admin remote (the run's server)

const ADMIN_FILES = '/mfe/admin/';

/** Notes the URL of every request of a browser context (every page, worker and script of it). */
async function recordRequests(context: BrowserContext, into: string[]): Promise<void> {
  context.on('request', (request) => into.push(request.url()));
}

test.describe('Le remote d’administration', () => {
  test('un client ne télécharge jamais le remote admin (accueil, appartement, profil, messagerie, /admin/reservations)', async ({
    openPerson,
    request,
    baseURL,
  }, testInfo) => {
    const client: TestUser = await registerUser(request, testInfo, `Nina Cliente ${suffix()}`, 'adm');
    const urls: string[] = [];
    const page = await openPerson('client', { beforeFirstPage: (context) => recordRequests(context, urls) });

    await signIn(page, client);
    await expect(countHeading(page)).toHaveText(countText(demoApartments.length));
    await expect(header(page).getByRole('button', { name: 'Administration' })).toHaveCount(0);

    await cards(page).first().click();
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/appartement/[a-z0-9-]+$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(stayCalendar(page)).toBeVisible();
    await expect(page.getByRole('button', { name: "Modifier l'appartement" })).toHaveCount(0);

    await header(page).getByRole('link', { name: 'Mon profil' }).click();
    await expect(page).toHaveURL(`${baseURL}/profile`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();

    await header(page)
      .getByRole('link', { name: /^Messagerie/ })
      .click();
    await expect(page).toHaveURL(`${baseURL}/messagerie`);
    await expect(page.getByRole('button', { name: 'Contacter le support' })).toBeVisible();

    // An admin address: sent to /login, invited to sign in with an admin account; no admin page.
    await page.goto('/admin/reservations');
    await expect(page).toHaveURL(`${baseURL}/login?redirect=%2Fadmin%2Freservations`);
    await expect(
      page.getByText('Cette page est réservée aux administrateurs. Connectez-vous avec un compte administrateur.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gestion des Réservations' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Mon profil' })).toBeVisible();

    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((url) => url.includes(ADMIN_FILES))).toEqual([]);
  });

  test('un visiteur ne télécharge jamais le remote admin', async ({ openPerson, baseURL }) => {
    const urls: string[] = [];
    const page = await openPerson('visiteur', { beforeFirstPage: (context) => recordRequests(context, urls) });

    await page.goto('/');
    await expect(countHeading(page)).toHaveText(countText(demoApartments.length));
    await cards(page).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(stayCalendar(page)).toBeVisible();

    for (const [path, encoded] of [
      ['/profile', '%2Fprofile'],
      ['/messagerie', '%2Fmessagerie'],
      ['/admin/reservations', '%2Fadmin%2Freservations'],
      ['/admin/add-appartement', '%2Fadmin%2Fadd-appartement'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(`${baseURL}/login?redirect=${encoded}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    }

    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((url) => url.includes(ADMIN_FILES))).toEqual([]);
  });

  test('un admin sur /admin/reservations télécharge le remote admin ; son poids gzip', async ({ openPerson }, testInfo) => {
    const urls: string[] = [];
    const page = await openPerson('admin', { beforeFirstPage: (context) => recordRequests(context, urls) });
    await signIn(page, DEMO_ADMIN);
    // The home page of an admin needs nothing of the admin remote yet: it is loaded on demand.
    await expect(countHeading(page)).toHaveText(countText(demoApartments.length));
    await expect(header(page).getByRole('button', { name: 'Administration' })).toBeVisible();
    expect(urls.filter((url) => url.includes(ADMIN_FILES))).toEqual([]);

    const pending: Array<Promise<{ path: string; raw: number; gzip: number } | null>> = [];
    const isAdminScript = (response: Response) => {
      const url = new URL(response.url());
      return (
        url.pathname.startsWith(ADMIN_FILES) &&
        response.status() === 200 &&
        (/\.m?js$/.test(url.pathname) || /javascript/.test(response.headers()['content-type'] ?? ''))
      );
    };
    page.on('response', (response) => {
      if (!isAdminScript(response)) return;
      pending.push(
        response.body().then(
          (body) => ({ path: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
          () => null,
        ),
      );
    });

    await page.goto('/admin/reservations');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Réservations' })).toBeVisible();
    await expect(page.getByText(/^\d+ réservations?$/)).toBeVisible();

    // Positive control: the admin's browser did download the admin remote.
    expect(urls.some((url) => url.includes(ADMIN_FILES))).toBe(true);

    const seen = new Set<string>();
    const files = (await Promise.all(pending)).filter(
      (f): f is NonNullable<typeof f> => f !== null && !seen.has(f.path) && !!seen.add(f.path),
    );
    expect(files.length).toBeGreaterThanOrEqual(1);
    const total = files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), { raw: 0, gzip: 0 });
    const kb = (bytes: number) => (Math.round((bytes / 1024) * 10) / 10).toFixed(1);
    console.log(
      `\nRemote admin sur /admin/reservations : ${files.length} fichier(s) JavaScript, ${kb(total.raw)} Ko brut, ${kb(total.gzip)} Ko gzip (niveau 9)\n` +
        files.map((f) => `  ${f.path}  ${kb(f.raw)} Ko brut, ${kb(f.gzip)} Ko gzip`).join('\n') +
        '\n',
    );

    const report = {
      page: '/admin/reservations',
      remote: 'admin',
      measuredAt: new Date().toISOString(),
      files: files.length,
      rawBytes: total.raw,
      gzipBytes: total.gzip,
      details: files.map((f) => ({ path: f.path, rawBytes: f.raw, gzipBytes: f.gzip })),
    };
    const configDir = testInfo.config.configFile ? path.dirname(testInfo.config.configFile) : process.cwd();
    const outFile = path.join(configDir, 'test-results', 'admin-weight.json');
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
    await testInfo.attach('admin-weight.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' });
  });
});

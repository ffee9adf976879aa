/**
 * Account (spec sections 2, 4 and 6, DECISIONS 10-12): a guest's reservation on the profile and its
 * detail page, cancelling it; an admin confirming then finishing a stay and the guest's review; the
 * password reset through the outbox mail; editing the profile.
 * Reservations are made through the API to set the scene quickly; everything checked is in the UI.
 */
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from '../support/fixtures';
import { DEMO_ADMIN } from '../support/demo';
import { insertPastStay } from '../support/past-stay';
import { onPrivateServer, type PrivateServer } from '../support/private-server';
import {
  apiLogin,
  apiReserve,
  collectDialogs,
  demoApartment,
  euros,
  expectedReviews,
  futureStay,
  header,
  longDate,
  newestMailFor,
  priceOf,
  ratingLabel,
  ratingText,
  registerUser,
  shortDate,
  signIn,
  todayInParis,
  TEST_PASSWORD,
  type Stay,
} from '../support/journeys';

/** Tests that need a past stay run on this worker's private server (support/private-server.ts). */
const isolated = test.extend<object, { privateServer: PrivateServer }>(onPrivateServer);

const nightsText = (n: number) => `${n} ${n > 1 ? 'nuits' : 'nuit'}`;

function badges(page: Page, status: string) {
  return page.getByRole('main').getByText(status, { exact: true });
}

async function logout(page: Page): Promise<void> {
  await header(page).getByRole('button', { name: 'Déconnexion' }).click();
  await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
}

/** One row of a <dl>: the definition that follows the term `label`. */
function definitionOf(scope: Locator, label: string): Locator {
  return scope
    .locator('div')
    .filter({
      has: scope
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) }),
    })
    .getByRole('definition');
}

test.describe('Mon compte', () => {
  test('le profil liste la réservation ; sa page détaille les blocs ; le client l’annule après confirmation', async ({
    page,
    request,
  }, testInfo) => {
    const slug = 'balcon-sur-la-moselle';
    const apartment = demoApartment(slug);
    const stay: Stay = futureStay(40, 3, testInfo);
    // Taxe de séjour, 2 adults, non classé: 5 % × 76 € / 2 occupants = 1,90 € per adult per night (under
    // the 2,50 € ceiling) × 2 adults × 3 nights = 11,40 €, + 10 % departmental = 1,14 € → 12,54 €.
    const price = priceOf(apartment.prixParNuit, stay.nights, 12.54);
    expect(apartment.prixParNuit).toBe(76);
    expect(price.total).toBe(240.54);
    const guest = await registerUser(request, testInfo, 'Hugo Lefèvre', 'annul');
    const reservation = await apiReserve(request, await apiLogin(request, guest.email, guest.password), slug, stay, 2);
    expect(reservation.status).toBe('en attente');

    await signIn(page, guest);
    await header(page).getByRole('link', { name: 'Mon profil' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const booking = page.getByRole('region', { name: 'Mes réservations' }).getByRole('listitem');
    await expect(booking).toHaveCount(1);
    await expect(booking.getByRole('heading', { level: 3 })).toHaveText(apartment.titre);
    await expect(booking.getByText(`Du ${shortDate(stay.startDate)} au ${shortDate(stay.endDate)}`, { exact: true })).toBeVisible();
    await expect(booking.getByText('en attente', { exact: true })).toHaveClass(/sk-badge--warning/);
    await expect(booking.getByText(`Total : ${euros(price.total)}`, { exact: true })).toBeVisible();

    await booking.getByRole('link', { name: 'Voir les détails' }).click();
    await expect(page).toHaveURL(new RegExp(`/reservation/${reservation.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Détails de la réservation' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: apartment.titre, exact: true })).toBeVisible();
    await expect(page.getByText(apartment.localisation, { exact: true })).toBeVisible();
    await expect(
      page.getByText(`Du ${shortDate(stay.startDate)} au ${shortDate(stay.endDate)} (${nightsText(stay.nights)})`, { exact: true }),
    ).toBeVisible();

    // 'Récapitulatif' and its three blocks.
    const recap = page.getByRole('region', { name: 'Récapitulatif' });
    await expect(recap.getByRole('heading', { level: 3 })).toHaveText([
      'Informations réservation',
      'Informations client',
      'Détails du paiement',
    ]);
    const booked = page.getByRole('region', { name: 'Informations réservation' });
    await expect(definitionOf(booked, 'ID de réservation')).toHaveText(String(reservation.id));
    await expect(definitionOf(booked, 'Date de réservation')).toHaveText(shortDate(todayInParis()));
    await expect(definitionOf(booked, 'Statut')).toHaveText('en attente');
    await expect(definitionOf(booked, 'Voyageurs')).toHaveText('2 voyageurs');
    const client = page.getByRole('region', { name: 'Informations client' });
    await expect(definitionOf(client, 'Nom')).toHaveText(guest.nom);
    await expect(definitionOf(client, 'Email')).toHaveText(guest.email);
    const payment = page.getByRole('region', { name: 'Détails du paiement' });
    // Issue 27: the quote's lines, not the base price per night.
    await expect(payment.getByText('Prix par nuit', { exact: true })).toHaveCount(0);
    await expect(definitionOf(payment, 'Taxe de séjour')).toBeVisible();
    await expect(definitionOf(payment, 'Nombre de nuits')).toHaveText(nightsText(stay.nights));
    await expect(definitionOf(payment, 'Total')).toHaveText(euros(price.total));

    // Cancel: a refused confirmation changes nothing; an accepted one cancels, then the alert.
    const actions = page.getByRole('region', { name: 'Actions' });
    await expect(actions.getByRole('button')).toHaveText(['Annuler la réservation']);
    const dialogs: Array<{ type: string; message: string }> = [];
    let refuseNextConfirm = true;
    page.on('dialog', (dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      if (dialog.type() === 'confirm' && refuseNextConfirm) {
        refuseNextConfirm = false;
        void dialog.dismiss();
      } else {
        void dialog.accept();
      }
    });
    await actions.getByRole('button', { name: 'Annuler la réservation' }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toEqual({ type: 'confirm', message: 'Êtes-vous sûr de vouloir annuler cette réservation ?' });
    await expect(badges(page, 'en attente')).toHaveCount(2);

    await actions.getByRole('button', { name: 'Annuler la réservation' }).click();
    await expect.poll(() => dialogs.length).toBe(3);
    expect(dialogs.slice(1)).toEqual([
      { type: 'confirm', message: 'Êtes-vous sûr de vouloir annuler cette réservation ?' },
      { type: 'alert', message: 'Statut mis à jour avec succès: annulée' },
    ]);
    // Both badges (header and summary) are red; a cancelled reservation has no actions.
    await expect(badges(page, 'annulée')).toHaveCount(2);
    for (const badge of await badges(page, 'annulée').all()) await expect(badge).toHaveClass(/\bsk-badge--danger\b/);
    await expect(page.getByRole('region', { name: 'Actions' })).toHaveCount(0);

    // The profile shows it cancelled too.
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Mes réservations' }).getByText('annulée', { exact: true })).toHaveClass(
      /sk-badge--danger/,
    );
  });

  // A stay can be finished only after its departure (DECISIONS 30): a past stay, written into a private server's database.
  isolated(
    'l’admin confirme puis termine un séjour passé ; le client laisse un avis, visible sur la page des avis',
    async ({ page, request, privateServer }, testInfo) => {
      test.setTimeout(90_000);
      const slug = 'calme-verdure-plantieres';
      const apartment = demoApartment(slug);
      const guest = await registerUser(request, testInfo, 'Noémie Vasseur', 'avis');
      const reservation = await insertPastStay(privateServer, guest.email, slug, 1, 2);
      const dialogs = collectDialogs(page);

      // The admin confirms, then marks the stay as finished.
      await signIn(page, DEMO_ADMIN);
      await page.goto(`/reservation/${reservation.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Détails de la réservation' })).toBeVisible();
      await expect(definitionOf(page.getByRole('region', { name: 'Informations client' }), 'Nom')).toHaveText(guest.nom);
      const actions = page.getByRole('region', { name: 'Actions' });
      await expect(actions.getByRole('button')).toHaveText(['Confirmer la réservation', 'Annuler la réservation']);
      await actions.getByRole('button', { name: 'Confirmer la réservation' }).click();
      await expect.poll(() => dialogs.at(-1)).toEqual({ type: 'alert', message: 'Statut mis à jour avec succès: confirmée' });
      await expect(badges(page, 'confirmée')).toHaveCount(2);
      for (const badge of await badges(page, 'confirmée').all()) await expect(badge).toHaveClass(/\bsk-badge--success\b/);
      await expect(actions.getByRole('button')).toHaveText(['Marquer comme terminée', 'Annuler la réservation']);

      await actions.getByRole('button', { name: 'Marquer comme terminée' }).click();
      await expect.poll(() => dialogs.at(-1)).toEqual({ type: 'alert', message: 'Statut mis à jour avec succès: terminée' });
      await expect(badges(page, 'terminée')).toHaveCount(2);
      for (const badge of await badges(page, 'terminée').all()) await expect(badge).toHaveClass(/\bsk-badge--info\b/);
      await expect(actions.getByText("Aucune action n'est possible sur cette réservation.", { exact: true })).toBeVisible();
      // No confirmation was asked for these two.
      expect(dialogs.map((d) => d.type)).toEqual(['alert', 'alert']);
      // The admin does not review someone else's stay.
      await expect(page.getByRole('form', { name: 'Laisser un avis' })).toHaveCount(0);

      // The guest leaves a review.
      await logout(page);
      await signIn(page, guest);
      await page.goto(`/reservation/${reservation.id}`);
      const form = page.getByRole('form', { name: 'Laisser un avis' });
      await expect(form).toBeVisible();
      const comment = 'Séjour parfait : appartement calme, lumineux et très propre. Merci !';
      await form.getByRole('radio', { name: '4 étoiles' }).check();
      await form.getByLabel('Votre commentaire').fill(comment);
      await form.getByRole('button', { name: 'Publier mon avis' }).click();
      await expect(page.getByText('Merci ! Votre avis a été publié.', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Votre avis' })).toBeVisible();
      await expect(page.getByText(comment, { exact: true })).toBeVisible();

      // The reviews page: the new review first, the average and the distribution updated.
      const before = expectedReviews(slug);
      const count = before.count + 1;
      const average = Math.round(((before.reviews.reduce((n, r) => n + r.note, 0) + 4) * 10) / count) / 10;
      await page.goto(`/appartement/${slug}/avis`);
      await expect(page.getByRole('heading', { level: 1, name: `Avis sur ${apartment.titre}` })).toBeVisible();
      const overview = page.getByRole('region', { name: 'Note moyenne' });
      await expect(overview.getByText(`${count} avis`, { exact: true })).toBeVisible();
      await expect(overview.getByText(ratingText(average), { exact: true })).toBeVisible();
      await expect(overview.getByRole('img', { name: `4 étoiles : ${before.distribution[4] + 1} avis`, exact: true })).toBeVisible();
      const list = page.getByRole('region', { name: 'Tous les avis' });
      await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Noémie', ...before.reviews.map((r) => r.prenom)]);
      const newest = list.getByRole('listitem').first();
      await expect(newest.getByText(comment, { exact: true })).toBeVisible();
      await expect(newest.locator('time')).toHaveText(longDate(todayInParis()));
      await expect(newest.getByRole('img', { name: ratingLabel(4), exact: true })).toBeVisible();
    },
  );

  test('mot de passe oublié : email dans la boîte d’envoi, lien, nouveau mot de passe, connexion', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const user = await registerUser(request, testInfo, 'Paul Renard', 'reset');
    const newPassword = 'Nouveau-mot-de-passe-2';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click();
    await expect(
      page.getByText('Un email de réinitialisation a été envoyé à votre adresse si elle existe dans notre base de données.', {
        exact: true,
      }),
    ).toBeVisible();

    // The mail written by the server (no SMTP in the tests), quoted-printable decoded.
    await expect.poll(() => newestMailFor(user.email), { message: 'un email pour cette adresse dans la boîte d’envoi' }).not.toBeNull();
    const mail = newestMailFor(user.email)!;
    expect(mail).toMatch(new RegExp(`^To: ${user.email.replace(/[.+]/g, '\\$&')}$`, 'm'));
    const link = /(https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(link, 'le lien de réinitialisation').toBeDefined();
    expect(new URL(link!).origin).toBe(new URL(baseURL!).origin);

    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Choisir un nouveau mot de passe' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill(newPassword);
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    await expect(page.getByText('Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.', { exact: true })).toBeVisible();

    // The link works only once, and the old password no longer works.
    const token = new URL(link!).pathname.split('/').pop()!;
    expect((await request.post('/api/auth/reset-password', { data: { token, password: 'Encore-un-autre-3' } })).status()).toBe(400);
    expect((await request.post('/api/auth/login', { data: { email: user.email, password: TEST_PASSWORD } })).status()).toBe(401);

    await page.getByRole('link', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(`Bonjour, ${user.nom} !`, { exact: true })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Mon profil' })).toHaveText('P');
  });

  test('modifier le profil (nom, ville) met la page à jour sans rechargement, l’en-tête suit', async ({ page, request }, testInfo) => {
    const user = await registerUser(request, testInfo, 'Jeanne Moreau', 'profil');
    await signIn(page, user);
    const avatar = header(page).getByRole('link', { name: 'Mon profil' });
    await expect(avatar).toHaveText('J');
    await avatar.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
    const infos = page.getByRole('region', { name: 'Informations personnelles' });
    await expect(infos.getByRole('definition')).toHaveText([
      user.nom,
      user.email,
      'Non défini',
      'Non définie',
      'Non définie',
      'Non défini',
      'Non défini',
      'Aucune information',
    ]);
    await expect(page.getByText("Vous n'avez pas encore de réservation.", { exact: true })).toBeVisible();

    // A marker on the window: it would be lost by a reload.
    await page.evaluate(() => Object.assign(window, { __e2eSansRechargement: true }));

    await page.getByRole('button', { name: 'Modifier le profil' }).click();
    const form = page.getByRole('form', { name: 'Modifier mes informations' });
    await expect(form.getByLabel('Nom', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Email', { exact: true })).toBeDisabled();
    await form.getByLabel('Nom', { exact: true }).fill('Zoé Lambert');
    await form.getByLabel('Ville').fill('Metz');
    await form.getByRole('button', { name: 'Enregistrer' }).click();

    await expect(page.getByText('Vos informations ont été mises à jour.', { exact: true })).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(infos.getByRole('definition')).toHaveText([
      'Zoé Lambert',
      user.email,
      'Non défini',
      'Non définie',
      'Metz',
      'Non défini',
      'Non défini',
      'Aucune information',
    ]);
    await expect(page.getByRole('complementary', { name: 'Mon compte' }).getByText('Zoé Lambert', { exact: true })).toBeVisible();
    await expect(avatar).toHaveText('Z');
    expect(await page.evaluate(() => (window as unknown as { __e2eSansRechargement?: boolean }).__e2eSansRechargement)).toBe(true);

    // The new name everywhere, still without a reload (the logo is a link inside the site).
    await header(page).getByRole('link', { name: 'Séjours Messins' }).click();
    await expect(page.getByText('Bonjour, Zoé Lambert !', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __e2eSansRechargement?: boolean }).__e2eSansRechargement)).toBe(true);

    // And after a reload, from the server.
    await page.goto('/profile');
    await expect(infos.getByRole('definition').nth(4)).toHaveText('Metz');
    await expect(avatar).toHaveText('Z');
  });
});

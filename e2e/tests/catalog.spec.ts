/**
 * Catalogue: the apartment page and its reviews (spec section 2, DECISIONS 11), an unknown
 * apartment (DECISIONS 16), the photo viewer, what search engines read before any script runs, and
 * the content pages (About, FAQ, owners — spec sections 1 and 2, DECISIONS 18 and 20).
 */
import { expect, test, type Page } from '../support/fixtures';
import { demoApartments } from '../support/demo';
import { cards, openHome } from '../support/home';
import { collectDialogs, demoApartment, euros, expectedReviews, longDate, ratingLabel, ratingText } from '../support/journeys';

const main = (page: Page) => page.getByRole('main');

function capacityTexts(slug: string): string[] {
  const { capacite, surface } = demoApartment(slug);
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n > 1 ? many : one}`;
  return [
    plural(capacite.voyageurs, 'voyageur'),
    plural(capacite.chambres, 'chambre'),
    plural(capacite.lits, 'lit'),
    plural(capacite.sallesDeBain, 'salle de bain', 'salles de bain'),
    ...(surface > 0 ? [`${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(surface)} m²`] : []),
  ];
}

test.describe('Fiche logement et avis', () => {
  // Reviews of this apartment are not changed by any other test.
  const SLUG = 'loft-lumineux-imperial';

  test('depuis l’accueil : fiche complète, puis la page des avis conforme aux avis de démonstration, puis retour', async ({ page }) => {
    const apartment = demoApartment(SLUG);
    const expected = expectedReviews(SLUG);
    expect(expected.count).toBeGreaterThan(1);

    await openHome(page);
    await cards(page)
      .filter({ has: page.getByRole('heading', { name: apartment.titre, exact: true }) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/appartement/${SLUG}$`));

    // Title, rating and review count, location.
    await expect(page.getByRole('heading', { level: 1, name: apartment.titre, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${apartment.titre} – ${apartment.localisation} | Séjours Messins`);
    await expect(
      main(page)
        .getByRole('img', { name: ratingLabel(expected.average), exact: true })
        .first(),
    ).toBeVisible();
    await expect(main(page).getByText(ratingText(expected.average), { exact: true }).first()).toBeVisible();
    await expect(main(page).getByText(`Emplacement : ${apartment.localisation}`, { exact: true })).toBeVisible();

    // Price per night, capacity, amenities.
    const aside = page.getByRole('complementary', { name: 'Prix et réservation' });
    // The loft's demo rules (weekend, Marché de Noël, summer) only raise its price: 'à partir de' its base price.
    await expect(aside.getByText(`à partir de ${euros(apartment.prixParNuit)} / nuit`, { exact: true })).toBeVisible();
    // Every listing shows its registration number (the demo ones are examples in Metz's format).
    await expect(page.getByText(/^Numéro d'enregistrement : 57463\d{6}[A-Z]{2}$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Capacité' }).getByRole('listitem')).toHaveText(capacityTexts(SLUG));
    const amenities = page.getByRole('region', { name: 'Équipements inclus' });
    if (apartment.inclus.length > 0) {
      await expect(amenities.getByRole('list').first().getByRole('listitem')).toHaveText(apartment.inclus);
    } else {
      await expect(amenities.getByText('Aucun équipement spécifié', { exact: true })).toBeVisible();
    }

    // The review summary of the page: average and count of the real reviews.
    const summary = page.getByRole('region', { name: 'Avis des voyageurs' });
    await expect(summary.getByText(`${expected.count} avis`, { exact: true })).toBeVisible();

    // The count next to the rating leads to all the reviews.
    await main(page)
      .getByRole('link', { name: `${expected.count} avis`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/appartement/${SLUG}/avis$`));
    await expect(page.getByRole('heading', { level: 1, name: `Avis sur ${apartment.titre}` })).toBeVisible();
    await expect(page).toHaveTitle(`Avis sur ${apartment.titre} | Séjours Messins`);

    const overview = page.getByRole('region', { name: 'Note moyenne' });
    await expect(overview.getByText(ratingText(expected.average), { exact: true })).toBeVisible();
    await expect(overview.getByRole('img', { name: ratingLabel(expected.average), exact: true })).toBeVisible();
    await expect(overview.getByText(`${expected.count} avis`, { exact: true })).toBeVisible();
    // The 5-to-1 distribution: one bar per star, spoken with its count, and the visible counts.
    const rows = overview.getByRole('listitem');
    await expect(rows).toHaveCount(5);
    for (const [index, star] of ([5, 4, 3, 2, 1] as const).entries()) {
      const count = expected.distribution[star];
      const stars = `${star} ${star > 1 ? 'étoiles' : 'étoile'}`;
      await expect(rows.nth(index).getByRole('img', { name: `${stars} : ${count} avis`, exact: true })).toBeVisible();
      await expect(rows.nth(index)).toHaveText(`${stars}${count}`);
    }

    // The list: the real reviews, newest first, with the first name only and the fr-FR date.
    const list = page.getByRole('region', { name: 'Tous les avis' });
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(expected.count);
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(expected.reviews.map((r) => r.prenom));
    for (const [index, review] of expected.reviews.entries()) {
      const item = items.nth(index);
      await expect(item.locator('time')).toHaveText(longDate(review.date));
      await expect(item.getByRole('img', { name: ratingLabel(review.note), exact: true })).toBeVisible();
      await expect(item.getByText(review.commentaire, { exact: true })).toBeVisible();
      // Only the first name is public.
      await expect(item).not.toContainText(review.nom);
    }

    // Back to the apartment.
    await page.getByRole('link', { name: "Retour à l'appartement" }).click();
    await expect(page).toHaveURL(new RegExp(`/appartement/${SLUG}$`));
    await expect(page.getByRole('heading', { level: 1, name: apartment.titre, exact: true })).toBeVisible();
  });

  test.describe('logement inconnu', () => {
    // The browser logs the 404 of the document and of the API call for the unknown slug; only those.
    test.use({
      allowedConsoleErrors: [
        /status of 404 \(Not Found\) \(http:\/\/[^/]+\/(appartement|api\/appartements\/slug)\/logement-qui-n-existe-pas:/,
      ],
    });

    test('message français, statut 404 et lien vers l’accueil', async ({ page }) => {
      const response = await page.goto('/appartement/logement-qui-n-existe-pas');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Appartement introuvable' })).toBeVisible();
      await expect(page.getByText("Ce logement n'existe pas ou n'est plus proposé.", { exact: true })).toBeVisible();
      await expect(page).toHaveTitle('Appartement introuvable | Séjours Messins');
      await main(page).getByRole('link', { name: "Retour à l'accueil" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(cards(page)).toHaveCount(demoApartments.length);
    });
  });

  test('la galerie ouvre les photos en grand dans une fenêtre, Échap la ferme', async ({ page }) => {
    const slug = 'balcon-sur-la-moselle';
    const apartment = demoApartment(slug);
    const count = apartment.images.length;
    expect(count).toBeGreaterThan(2);
    await page.goto(`/appartement/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: apartment.titre })).toBeVisible();

    const gallery = page.getByRole('region', { name: 'Photos du logement' });
    await expect(gallery.getByRole('img', { name: apartment.titre, exact: true })).toHaveAttribute('src', apartment.images[0]!);
    // Main photo and up to 4 thumbnails.
    await expect(gallery.getByRole('button', { name: /^Agrandir la photo/ })).toHaveCount(Math.min(count, 5));

    const opener = gallery.getByRole('button', { name: `Agrandir la photo 2 sur ${count}` });
    const thumbnail = await opener.boundingBox();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: `Photo 2 sur ${count}` });
    await expect(dialog).toBeVisible();
    const large = dialog.getByRole('img', { name: `${apartment.titre}, photo 2 sur ${count}` });
    await expect(large).toHaveAttribute('src', apartment.images[1]!);
    // The image has loaded and is shown larger than its thumbnail.
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const shown = await large.boundingBox();
    expect(shown && thumbnail && shown.width > thumbnail.width).toBe(true);
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused();

    // Next photo, then Escape closes and the focus returns to the thumbnail.
    await dialog.getByRole('button', { name: 'Image suivante' }).click();
    const next = page.getByRole('dialog', { name: `Photo 3 sur ${count}` });
    await expect(next).toBeVisible();
    await expect(next.getByRole('img', { name: `${apartment.titre}, photo 3 sur ${count}` })).toHaveAttribute('src', apartment.images[2]!);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('HTML servi sans script : <title>, og:image absolue et JSON-LD VacationRental avec les vrais avis', async ({ request, baseURL }) => {
    const slug = 'design-face-pompidou';
    const apartment = demoApartment(slug);
    const expected = expectedReviews(slug);
    const response = await request.get(`/appartement/${slug}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();

    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(title).toContain(apartment.titre);
    expect(title).toContain('Séjours Messins');

    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toBeDefined();
    const imageUrl = new URL(ogImage!); // throws if not absolute
    expect(imageUrl.origin).toBe(new URL(baseURL!).origin);
    expect(imageUrl.pathname).toBe(apartment.images[0]);
    const image = await request.get(imageUrl.href);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);

    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const rental = scripts.find((s) => s['@type'] === 'VacationRental');
    expect(rental, 'un JSON-LD VacationRental').toBeDefined();
    expect(rental!.name).toBe(apartment.titre);
    expect(rental!.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: expected.average,
      reviewCount: expected.count,
    });
  });
});

test.describe('Pages de contenu', () => {
  test('À propos : les chiffres comptés par le serveur, et les liens vers les logements et l’inscription', async ({ page, request }) => {
    // Issue 27: figures counted from the database, never above it (no '10 000+ voyageurs').
    const counted = (await (await request.get('/api/site/chiffres')).json()) as { appartements: number | null };
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos de Séjours Messins' })).toBeVisible();
    const figures = page.getByRole('region', { name: 'Séjours Messins en chiffres' });
    expect(counted.appartements).toBeGreaterThanOrEqual(demoApartments.length);
    await expect(figures.getByRole('listitem').first()).toHaveText(`${counted.appartements} appartements en ligne`);
    await expect(main(page)).not.toContainText(/10 000|500\+|50\+/);
    await expect(page.getByRole('region', { name: 'Nos valeurs' }).getByRole('heading', { level: 3 })).toHaveCount(4);

    const discover = main(page).getByRole('link', { name: 'Découvrir nos logements' });
    const register = main(page).getByRole('link', { name: 'Créer un compte' });
    await expect(discover).toHaveAttribute('href', '/');
    await expect(register).toHaveAttribute('href', '/register');
    await register.click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();
    await page.goBack();
    await main(page).getByRole('link', { name: 'Découvrir nos logements' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(cards(page)).toHaveCount(demoApartments.length);
  });

  test('FAQ : la recherche porte aussi sur les réponses, les catégories filtrent, l’accordéon s’ouvre', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Foire aux questions' })).toBeVisible();
    const list = page.getByRole('region', { name: /^(Toutes les questions|Questions : )/ });
    const questions = list.getByRole('heading', { level: 3 });
    await expect(page.getByRole('status').filter({ hasText: /questions?$/ })).toHaveText('14 questions');
    await expect(questions).toHaveCount(14);

    // 'Ménage' is only in the answer about the price's lines (not in any question).
    const search = page.getByRole('searchbox', { name: 'Rechercher dans la FAQ' });
    await search.fill('ménage');
    await expect(questions).toHaveText(['Y a-t-il des frais cachés ?']);
    await expect(page.getByText('1 question', { exact: true })).toBeVisible();

    // Nothing matches: the empty message and a way back to all questions.
    await search.fill('ménage sous-marin');
    await expect(page.getByText('Aucune question ne correspond à votre recherche.', { exact: true })).toBeVisible();
    await expect(questions).toHaveCount(0);
    await page.getByRole('button', { name: 'Afficher toutes les questions' }).click();
    await expect(search).toHaveValue('');
    await expect(questions).toHaveCount(14);

    // A category button filters (and says it is pressed).
    const category = page.getByRole('group', { name: 'Filtrer par catégorie' });
    await category.getByRole('button', { name: 'Compte', exact: true }).click();
    await expect(category.getByRole('button', { name: 'Compte', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Questions : Compte' })).toBeVisible();
    await expect(questions).toHaveText([
      'Dois-je créer un compte pour réserver ?',
      'Quel âge faut-il avoir pour réserver ?',
      'J’ai oublié mon mot de passe, que faire ?',
    ]);

    // The accordion opens and closes an answer.
    const question = list.getByRole('button', { name: 'Quel âge faut-il avoir pour réserver ?' });
    const answer = page.getByText('Il faut avoir au moins 18 ans pour réserver un logement.', { exact: false });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();

    // Back to every category.
    await category.getByRole('button', { name: 'Toutes', exact: true }).click();
    await expect(questions).toHaveCount(14);
  });

  test('propriétaires : email vide refusé sans alerte ; consentement exigé ; demande valide → alerte de remerciement', async ({ page }) => {
    const dialogs = collectDialogs(page);
    await page.goto('/loyer-garanti');
    await expect(page.getByRole('heading', { level: 1, name: 'Louez votre appartement à Metz, loyer garanti' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Demandez votre estimation gratuite' });
    const email = form.getByLabel('Email');

    await form.getByLabel('Nom', { exact: true }).fill('Durand');
    await form.getByRole('button', { name: 'Demander une estimation gratuite' }).click();
    await expect(form.getByText('Veuillez indiquer une adresse email valide.', { exact: true })).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    expect(dialogs).toEqual([]);

    await email.fill('proprietaire@exemple.fr');
    await expect(form.getByText('Veuillez indiquer une adresse email valide.')).toHaveCount(0);
    await form.getByRole('button', { name: 'Demander une estimation gratuite' }).click();
    const consent = form.getByRole('checkbox', { name: /J’accepte que Séjours Messins utilise ces informations/ });
    await expect(form.getByText('Veuillez accepter d’être recontacté pour recevoir votre estimation.')).toBeVisible();
    await expect(consent).toBeFocused();
    expect(dialogs).toEqual([]);

    await consent.check();
    await form.getByRole('button', { name: 'Demander une estimation gratuite' }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toEqual({
      type: 'alert',
      message: 'Merci pour votre demande ! Notre équipe vous recontacte sous 24h avec une estimation de votre loyer garanti.',
    });
    await expect(form.getByLabel('Nom', { exact: true })).toHaveValue('');
  });
});

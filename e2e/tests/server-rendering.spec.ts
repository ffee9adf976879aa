/**
 * Server rendering (issue 17): what a visitor without a session receives is the finished page —
 * readable with JavaScript off — and the browser hydrates it: the server's nodes stay, React reports
 * no mismatch, and the page then works as a client-rendered one.
 */
import { expect, test, type Page } from '../support/fixtures';
import { countText, demoApartments } from '../support/demo';
import { header } from '../support/journeys';

const apartment = demoApartments[2]!;
const euros = (n: number) => new RegExp(`^(à partir de )?${n}\\s€ / nuit$`);

test.describe('sans JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("l'accueil montre chaque logement : titre, prix et photo", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: countText(demoApartments.length) })).toBeVisible();
    for (const demo of demoApartments) {
      const card = page.getByRole('link').filter({ has: page.getByRole('heading', { level: 3, name: demo.titre, exact: true }) });
      await expect(card).toHaveAttribute('href', `/appartement/${demo.slug}`);
      await expect(card.locator('.cat-card__price')).toHaveText(euros(demo.prixParNuit));
      await expect(card.getByRole('img', { name: demo.titre })).toHaveAttribute('src', demo.images[0]!);
    }
  });

  test("la page d'un appartement montre son titre, sa description, son prix et sa première photo", async ({ page }) => {
    await page.goto(`/appartement/${apartment.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: apartment.titre })).toBeVisible();
    await expect(page.getByText(apartment.description.split('\n')[0]!.trim())).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Prix et réservation' })).toContainText(`${apartment.prixParNuit}`);
    await expect(page.getByRole('region', { name: 'Photos du logement' }).getByRole('img').first()).toHaveAttribute(
      'src',
      apartment.images[0]!,
    );
  });
});

/** Watches, from before any script runs, whether React replaces the server's nodes. */
async function watchServerNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { heading: null as Element | null, removed: 0 };
    (window as unknown as { __ssr: typeof state }).__ssr = state;
    document.addEventListener('DOMContentLoaded', () => {
      state.heading = document.querySelector('main h1');
      const root = document.getElementById('root');
      if (root)
        new MutationObserver((records) =>
          records.forEach((r) => (state.removed += [...r.removedNodes].filter((n) => n.nodeName === 'H1').length)),
        ).observe(root, { childList: true, subtree: true });
    });
  });
}

const serverHeadingKept = (page: Page) =>
  page.evaluate(() => {
    const state = (window as unknown as { __ssr: { heading: Element | null; removed: number } }).__ssr;
    return state.heading !== null && state.heading === document.querySelector('main h1') && state.removed === 0;
  });

/** Stylesheets linked more than once (a second link restyles and lays out the whole page again). */
async function stylesheetsLinkedTwice(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const link of Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')))
      seen.set(link.href, (seen.get(link.href) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([href]) => href);
  });
}

/** Holds the catalogue's code back until the returned function is called: the visitor acts on the server's HTML meanwhile. */
async function holdCatalogueCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/mfe/catalog/releases/*/remoteEntry.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('hydratation', () => {
  test("l'accueil est hydraté sans avertissement, puis les filtres fonctionnent", async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    const searches: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/appartements\?/.test(request.url())) searches.push(request.url());
    });
    await watchServerNodes(page);
    await page.goto('/');
    const count = page.getByRole('heading', { level: 2, name: countText(demoApartments.length) });
    await expect(count).toBeVisible();
    // Hydrated: typing in the search filters the server's list.
    await page.getByRole('searchbox', { name: 'Rechercher un logement' }).fill(apartment.titre);
    await expect(page.getByRole('heading', { level: 2, name: countText(1) })).toBeVisible();
    expect(await serverHeadingKept(page)).toBe(true);
    // The server's first page came with the page: the browser asked only the typed search.
    expect(searches.length).toBeGreaterThan(0);
    expect(
      searches.filter((url) => !new URL(url).searchParams.has('q')),
      'la première page du serveur n’est pas redemandée',
    ).toEqual([]);
    expect(messages.filter((m) => /hydrat|did not match|server rendered/i.test(m))).toEqual([]);
    expect(await stylesheetsLinkedTwice(page), 'les feuilles de style du serveur ne sont pas liées une seconde fois').toEqual([]);
  });

  test("la page d'un appartement est hydratée sans avertissement, puis le panneau de réservation arrive", async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    const reviewRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/appartements\/\d+\/avis/.test(request.url())) reviewRequests.push(request.url());
    });
    await watchServerNodes(page);
    await page.goto(`/appartement/${apartment.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: apartment.titre })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Réservez votre séjour' })).toBeVisible();
    expect(await serverHeadingKept(page)).toBe(true);
    // The reviews came with the page: shown, and never asked for again.
    await expect(page.getByRole('region', { name: 'Avis des voyageurs' }).getByRole('article').first()).toBeVisible();
    expect(reviewRequests).toEqual([]);
    // A link of the server's HTML now navigates inside the site.
    await page.getByRole('link', { name: /avis$/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/appartement/${apartment.slug}/avis$`));
    await expect(page.getByRole('heading', { level: 1, name: `Avis sur ${apartment.titre}` })).toBeVisible();
    expect(messages.filter((m) => /hydrat|did not match|server rendered/i.test(m))).toEqual([]);
    expect(await stylesheetsLinkedTwice(page), 'chaque feuille de style liée une fois').toEqual([]);
  });

  test("un clic et une saisie faits avant l'hydratation sont pris en compte dès qu'elle a lieu", async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    const release = await holdCatalogueCode(page);
    // Not 'load': when the shell asks for the held-back catalogue before the load event, that event
    // waits for it, and the visitor only needs the server's HTML to act on.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 2, name: countText(demoApartments.length) })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Filtres' });
    await toggle.click();
    await page.getByRole('searchbox', { name: 'Rechercher un logement' }).fill(apartment.titre);
    // Nothing happens before the code is there…
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 2, name: countText(demoApartments.length) })).toBeVisible();
    release();
    // …and both are taken into account once it is: the panel opens and the list is filtered.
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('group', { name: 'Prix par nuit' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: countText(1) })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Rechercher un logement' })).toHaveValue(apartment.titre);
    // One click, once: clicking again closes the panel.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(messages.filter((m) => /hydrat|did not match|server rendered|Content Security Policy/i.test(m))).toEqual([]);
  });

  test("une ville choisie dans la liste avant l'hydratation est celle que cherche l'accueil", async ({ page, request }) => {
    const towns = (await (await request.get('/api/villes')).json()) as Array<{ slug: string; nombre: number }>;
    const town = towns.find((t) => t.nombre === 1)!;
    const release = await holdCatalogueCode(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Ville' }).selectOption(town.slug);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL('/');
    release();
    // The choice and the click are both given to the page once it runs, in that order.
    await expect(page).toHaveURL(`/?ville=${town.slug}`);
    await expect(page.getByRole('heading', { level: 2, name: countText(1) })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Ville' })).toHaveValue(town.slug);
  });

  test.describe('sur un téléphone', () => {
    test.use({ viewport: { width: 412, height: 823 } });

    /** Whether React has hydrated the element (it holds its fiber): what is far below is not, at first. */
    const hydrated = (page: Page, selector: string) =>
      page.evaluate((s) => {
        const element = document.querySelector(s);
        return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
      }, selector);

    test("ce qui est loin sous l'écran s'hydrate en approchant, et un lien touché avant mène où il dit, dans le site", async ({ page }) => {
      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      await page.goto('/');
      // The search form, at the top, is hydrated; the towns at the bottom of the page are not.
      await expect.poll(() => hydrated(page, 'form')).toBe(true);
      await page.waitForTimeout(500);
      expect(await hydrated(page, '.cat-towns__list a'), 'les villes, en bas de page, attendent').toBe(false);
      const link = page.getByRole('navigation', { name: 'Nos villes' }).getByRole('link').first();
      const href = (await link.getAttribute('href'))!;
      const name = (await link.textContent())!;
      // A click that does not scroll first (a replayed or keyboard one): the list hydrates there and
      // then and its router link navigates inside the site (the page is not loaded again).
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      await link.dispatchEvent('click', { button: 0 });
      await expect(page).toHaveURL(href);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(messages.filter((m) => /hydrat|did not match|server rendered/i.test(m))).toEqual([]);
    });

    test("les villes s'hydratent quand on s'en approche", async ({ page }) => {
      await page.goto('/');
      await expect.poll(() => hydrated(page, 'form')).toBe(true);
      expect(await hydrated(page, '.cat-towns__list a')).toBe(false);
      await page.getByRole('navigation', { name: 'Nos villes' }).scrollIntoViewIfNeeded();
      await expect.poll(() => hydrated(page, '.cat-towns__list a')).toBe(true);
    });
  });

  test('une page rendue par le serveur ne charge que le code de cette page', async ({ page }) => {
    const exposes: string[] = [];
    page.on('request', (request) => {
      const name = /__federation_expose_(\w+)\./.exec(request.url())?.[1];
      if (name) exposes.push(name);
    });
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([...new Set(exposes)]).toEqual(['FaqPage']);
  });
});

test.describe('tête de page (issue 27)', () => {
  const canonical = (page: Page) => page.locator('link[rel="canonical"]');
  const meta = (page: Page, selector: string) => page.locator(`meta[${selector}]`);

  test('chaque page publique arrive avec sa tête, et la tête suit la navigation dans le site', async ({ page }) => {
    await page.goto('/faq');
    await expect(page).toHaveTitle('Foire aux questions | Séjours Messins');
    const origin = new URL(page.url()).origin;
    await expect(canonical(page)).toHaveAttribute('href', `${origin}/faq`);
    await expect(meta(page, 'name="robots"')).toHaveCount(0);

    // Without a reload: the owners' page from the header, then the sign-in page.
    await header(page).getByRole('link', { name: 'Propriétaires' }).click();
    await expect(page).toHaveURL(/\/loyer-garanti$/);
    await expect(page).toHaveTitle('Propriétaires : loyer garanti à Metz | Séjours Messins');
    await expect(canonical(page)).toHaveAttribute('href', `${origin}/loyer-garanti`);
    await expect(meta(page, 'property="og:url"')).toHaveAttribute('content', `${origin}/loyer-garanti`);
    await expect(meta(page, 'property="og:title"')).toHaveAttribute('content', 'Propriétaires : loyer garanti à Metz | Séjours Messins');

    await header(page).getByRole('link', { name: 'Connexion' }).click();
    await expect(page).toHaveTitle('Connexion | Séjours Messins');
    await expect(meta(page, 'name="robots"')).toHaveAttribute('content', 'noindex');
  });

  test("la page d'un appartement décrit un VacationRental valide : occupation, coordonnées, ville, sans offers", async ({ page }) => {
    await page.goto(`/appartement/${apartment.slug}`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, any>;
    expect(ld['@type']).toBe('VacationRental');
    expect(ld.offers).toBeUndefined();
    expect(ld.containsPlace.occupancy.value).toBe(apartment.capacite.voyageurs);
    expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: apartment.latitude, longitude: apartment.longitude });
    expect(ld.address.addressLocality).toBe(apartment.ville);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`${apartment.images[0]}$`));
  });
});

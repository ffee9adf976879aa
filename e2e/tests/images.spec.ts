/**
 * Responsive photos (issue 17), on a phone: the home page's card photos arrive as AVIF variants
 * and the images of its first view stay under a byte budget; the apartment page asks for its main
 * photo first and never defers it.
 */
import { expect, test } from '../support/fixtures';
import { demoApartments } from '../support/demo';
import { cards, expectCount } from '../support/home';

/**
 * Measured at 390 × 844, 3x (branch img): the first view fetches 4 card photos, 57.6 KB as AVIF
 * (the 1200 px originals, as before, weighed 164.8 KB). A regression to the JPEGs fails.
 */
const FIRST_VIEW_IMAGE_BUDGET = 100 * 1024;
const VARIANT = /^\/media\/variantes\/demo\/[a-z0-9-]+-(480|800|1600)\.avif$/;

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

interface FetchedImage {
  path: string;
  type: string;
  status: number;
  bytes: number;
}

test('accueil sur un téléphone : photos des cartes en AVIF, images de la première vue ≤ 100 Ko', async ({ page }) => {
  const fetched: Array<Promise<FetchedImage>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'image') return;
    const info = { path: new URL(response.url()).pathname, type: response.headers()['content-type'] ?? '', status: response.status() };
    fetched.push(
      response.body().then(
        (body) => ({ ...info, bytes: body.length }),
        () => ({ ...info, bytes: 0 }),
      ),
    );
  });

  await page.goto('/');
  await expectCount(page, demoApartments.length);
  const first = cards(page).first().getByRole('img');
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(cards(page).nth(1).getByRole('img')).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);
  // The lazy photos just below the fold start whenever Chromium's observer runs (later on a busy
  // machine): wait until every photo it started has arrived and none started for a second.
  let started = -1;
  await expect
    .poll(
      async () => {
        const now = await cards(page)
          .locator('img')
          .evaluateAll((imgs) => {
            const begun = (imgs as HTMLImageElement[]).filter((img) => img.currentSrc !== '');
            return { count: begun.length, complete: begun.every((img) => img.complete) };
          });
        const settled = now.complete && now.count === started;
        started = now.count;
        return settled;
      },
      { intervals: [1_000], timeout: 20_000 },
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');

  const images = await Promise.all(fetched);
  const photos = images.filter((i) => i.path.startsWith('/media/'));
  expect(photos.length, 'at least the first card photo').toBeGreaterThanOrEqual(1);
  for (const photo of photos) {
    expect(photo.path).toMatch(VARIANT);
    expect([photo.status, photo.type]).toEqual([200, 'image/avif']);
  }
  expect(new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toMatch(VARIANT);

  const total = images.reduce((sum, i) => sum + i.bytes, 0);
  console.log(
    `Images de la première vue : ${images.length} fichier(s), ${total} octets (${photos.map((p) => `${p.path} ${p.bytes}`).join(', ')})`,
  );
  expect(total).toBeLessThanOrEqual(FIRST_VIEW_IMAGE_BUDGET);
});

test('page d’un appartement : la première photo est demandée en priorité haute, jamais en différé', async ({ page }) => {
  // What Chromium decided for each request, before any response (the DevTools protocol).
  const priorities = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => priorities.set(new URL(event.request.url).pathname, event.request.initialPriority));

  const apartment = demoApartments[0]!;
  await page.goto(`/appartement/${apartment.slug}`);
  const main = page.getByRole('button', { name: /^Agrandir la photo 1 sur \d+$/ }).getByRole('img');
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  await expect(main).toHaveAttribute('loading', 'eager');
  await expect(page.getByRole('button', { name: /^Agrandir la photo 2 sur \d+$/ }).getByRole('img')).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);

  const shown = new URL(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  expect(shown).toMatch(new RegExp(`^/media/variantes/demo/${apartment.slug}-1-(480|800|1600)\\.avif$`));
  expect(priorities.get(shown)).toBe('High');
});

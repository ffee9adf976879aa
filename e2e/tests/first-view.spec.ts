/**
 * First view (issue 28 items 1 and 4): the budgets of a page's first view that do not depend on the
 * machine's speed, asserted as the browser sees them.
 *
 * - In the server's HTML (JavaScript off, so exactly what the server sent): the page's LCP photo (the
 *   first card of the home page and of a town's page, the gallery's first photo) is the only image
 *   fetched eagerly at high priority, and `<head>` preloads the very candidate its `<picture>` will pick
 *   (same AVIF `srcset` and `sizes`, high priority); every other image is lazy and low priority.
 * - In the browser, on a phone: that photo's file is the first request after the document, Chromium
 *   asks for it at high priority, it is fetched once, and on the apartment page it is the LCP element
 *   (on a phone the home page's first card starts below the fold: its LCP is the banner's text); only the
 *   shell's and the page's stylesheets block rendering (no font, no script); the JavaScript the page
 *   loads (and runs) before any interaction stays within its budget.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demoApartments } from '../support/demo';

const apartment = demoApartments[2]!;
const APARTMENT_PAGE = `/appartement/${apartment.slug}`;
const TOWN_PAGE = '/location/metz';

const PHOTO_PAGES = [
  { name: "l'accueil", path: '/', photo: (page: Page) => page.locator('.cat-card').first().locator('img') },
  { name: "la page d'une ville", path: TOWN_PAGE, photo: (page: Page) => page.locator('.cat-card').first().locator('img') },
  {
    name: "la page d'un appartement",
    path: APARTMENT_PAGE,
    photo: (page: Page) => page.getByRole('button', { name: /^Agrandir la photo 1 sur \d+$/ }).getByRole('img'),
  },
] as const;

/**
 * Bytes of JavaScript (decoded) the page loads, and so evaluates, before any interaction, at
 * 390 × 844. Measured on branch lcp: `/` 518,213, the apartment page 513,957, `/faq` 504,611 (react-dom
 * 207 KB, the shell's main.js 95 KB, the kernel 74 KB, react-router 40 KB, the shell's bootstrap 35 KB,
 * the catalogue's remoteEntry 27 KB, then the page's own chunks: 2 KB for `/` plus its 25 KB list
 * chunk, 22 KB for the apartment page, 13 KB for the FAQ). Then the kernel took TanStack Query (the
 * one data layer, issue 33 item 3: the shell's provider wraps every page) and the UI kit: 562,459,
 * 558,203 and 550,792 (+44 KB decoded, about 13 KB gzip). The budgets leave 5 %: a page that starts
 * loading another remote or a heavy library up front fails; issue 28 item 2 is to lower them.
 */
const JS_BUDGET: Record<string, number> = { '/': 590_000, [APARTMENT_PAGE]: 586_000, '/faq': 578_000 };

test.describe('HTML du serveur (sans JavaScript)', () => {
  test.use({ javaScriptEnabled: false });

  for (const { name, path, photo } of PHOTO_PAGES) {
    test(`${name} : la photo LCP est la seule en priorité haute, préchargée avec le srcset et le sizes de son <picture>`, async ({
      page,
    }) => {
      await page.goto(path);
      const img = photo(page);
      await expect(img).toHaveAttribute('fetchpriority', 'high');
      await expect(img).toHaveAttribute('loading', 'eager');
      // Its real ratio is reserved before any byte (the demo photos are 1200 × 800).
      await expect(img).toHaveAttribute('width', '1200');
      await expect(img).toHaveAttribute('height', '800');
      const avif = img.locator('xpath=preceding-sibling::source[@type="image/avif"]');
      const srcset = await avif.getAttribute('srcset');
      const sizes = await avif.getAttribute('sizes');
      expect(srcset).toMatch(/\.avif 480w, .*\.avif 800w, .*\.avif 1600w$/);

      const preloads = page.locator('head link[rel="preload"][as="image"]');
      await expect(preloads).toHaveCount(1);
      const preload = preloads.first();
      await expect(preload).toHaveAttribute('fetchpriority', 'high');
      await expect(preload).toHaveAttribute('imagesrcset', srcset!);
      await expect(preload).toHaveAttribute('imagesizes', sizes!);
      await expect(preload).toHaveAttribute('type', 'image/avif');

      // Every other image of the page waits for the viewport, at low priority.
      const others = await page
        .locator('body img')
        .evaluateAll((imgs) =>
          imgs
            .filter((i) => i.getAttribute('fetchpriority') !== 'high')
            .map((i) => `${i.getAttribute('loading')} ${i.getAttribute('fetchpriority')}`),
        );
      expect(others.length).toBeGreaterThan(0);
      expect(new Set(others)).toEqual(new Set(['lazy low']));
      expect(await page.locator('body img[fetchpriority="high"]').count()).toBe(1);
    });
  }

  test('la FAQ, sans photo, ne précharge aucune image', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(0);
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(0);
  });
});

interface FirstView {
  /** Sub-resources in the order Chromium asked for them, with the priority it gave each. */
  requests: Array<{ path: string; priority: string; type: string }>;
  lcp: { tag: string; url: string; fetchpriority: string | null; text: string };
  /** Resources that held back the first paint (Resource Timing's renderBlockingStatus). */
  blocking: string[];
  scriptBytes: number;
  /** When the first contentful paint came, and the first script was asked for (ms since navigation). */
  fcp: number;
  firstScript: number;
}

/** Loads a page on a phone, untouched, and reads what the browser did for its first view. */
async function firstView(page: Page, path: string): Promise<FirstView> {
  const requests: FirstView['requests'] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (url.protocol.startsWith('http'))
      requests.push({ path: url.pathname, priority: event.request.initialPriority, type: event.type ?? '' });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: PerformanceEntry[] };
    w.__lcp = [];
    new PerformanceObserver((list) => w.__lcp.push(...list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const read = await page.evaluate(() => {
    const entries = (window as unknown as { __lcp: Array<PerformanceEntry & { element: Element | null; url: string }> }).__lcp;
    const last = entries[entries.length - 1];
    const element = last?.element ?? null;
    const resources = performance.getEntriesByType('resource') as Array<PerformanceResourceTiming & { renderBlockingStatus?: string }>;
    return {
      lcp: {
        tag: element?.tagName ?? '',
        url: last?.url ? new URL(last.url).pathname : '',
        fetchpriority: element?.getAttribute('fetchpriority') ?? null,
        text: (element?.textContent ?? '').trim().slice(0, 60),
      },
      blocking: resources.filter((r) => r.renderBlockingStatus === 'blocking').map((r) => new URL(r.name).pathname),
      scriptBytes: resources
        .filter((r) => r.initiatorType === 'script' || /\.m?js$/.test(new URL(r.name).pathname))
        .reduce((sum, r) => sum + r.decodedBodySize, 0),
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      firstScript: Math.min(...resources.filter((r) => /\.m?js$/.test(new URL(r.name).pathname)).map((r) => r.startTime)),
    };
  });
  return { requests: requests.slice(1), ...read };
}

test.describe('première vue dans le navigateur (téléphone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  for (const { name, path, photo } of PHOTO_PAGES.filter((p) => p.path !== TOWN_PAGE)) {
    test(`${name} : la photo préchargée est la première requête après le document, en priorité haute, et la seule`, async ({ page }) => {
      const view = await firstView(page, path);
      const shown = new URL(await photo(page).evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
      console.log(
        `${path} : LCP ${view.lcp.tag} ${view.lcp.url || `« ${view.lcp.text} »`}, photo ${shown}, bloquants ${view.blocking.join(' ')}, JavaScript ${view.scriptBytes} octets`,
      );
      expect(shown).toMatch(/^\/media\/variantes\/demo\/[a-z0-9-]+-(480|800|1600)\.avif$/);
      // Zero requests before it, and the preload is the candidate the <picture> took: fetched once.
      expect(view.requests[0]).toEqual({ path: shown, priority: 'High', type: 'Image' });
      expect(view.requests.filter((r) => r.type === 'Image' && r.priority === 'High').map((r) => r.path)).toEqual([shown]);
      expect(view.requests.filter((r) => r.path === shown)).toHaveLength(1);
      if (path === APARTMENT_PAGE) {
        // The gallery's first photo is the largest paint.
        expect([view.lcp.tag, view.lcp.url, view.lcp.fetchpriority]).toEqual(['IMG', shown, 'high']);
      } else {
        // On a phone the home page's first card starts below the fold: its banner's text is the
        // largest paint; never another photo.
        expect(view.lcp.tag === 'IMG' ? view.lcp.url : 'texte').toMatch(new RegExp(`^(${shown}|texte)$`));
      }
      // Only the stylesheets of the shell and of the page hold the first paint: no font, no script.
      expect(view.blocking.length).toBeLessThanOrEqual(2);
      for (const file of view.blocking) expect(file).toMatch(/\.css$/);
      expect(view.requests.filter((r) => r.type === 'Font')).toEqual([]);
      expect(view.scriptBytes).toBeLessThanOrEqual(JS_BUDGET[path]!);
      // The page's code is asked for only once its server HTML is painted (start-after-paint.ts in the API).
      expect(view.firstScript).toBeGreaterThanOrEqual(view.fcp);
    });
  }

  test("la FAQ : l'élément LCP est du texte du serveur, seules les feuilles de style bloquent l'affichage", async ({ page }) => {
    const view = await firstView(page, '/faq');
    console.log(
      `/faq : LCP ${view.lcp.tag} « ${view.lcp.text} », bloquants ${view.blocking.join(' ')}, JavaScript ${view.scriptBytes} octets`,
    );
    expect(view.lcp.tag).not.toBe('IMG');
    expect(view.lcp.url).toBe('');
    expect(view.lcp.text).not.toBe('');
    expect(view.requests.filter((r) => r.type === 'Image' && r.priority === 'High')).toEqual([]);
    expect(view.blocking.length).toBeLessThanOrEqual(2);
    for (const file of view.blocking) expect(file).toMatch(/\.css$/);
    expect(view.requests.filter((r) => r.type === 'Font')).toEqual([]);
    expect(view.scriptBytes).toBeLessThanOrEqual(JS_BUDGET['/faq']!);
    expect(view.firstScript).toBeGreaterThanOrEqual(view.fcp);
  });
});

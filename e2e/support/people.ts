/**
 * Several people on the site at once (a client and the admin): each one gets a browser context of
 * their own, with the run's options (base URL, fr-FR, Paris time) and the same console guard as the
 * default `page` (see fixtures.ts: `allowedConsoleErrors` applies to every page opened here too).
 * Also: watching a page's realtime connection and recording the sounds a page creates.
 */
import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';
import { expect, test as guarded } from './fixtures';

export interface PeopleFixtures {
  /**
   * Opens a page in a new browser context (a separate person: own storage, own socket). `label`
   * names the person in error reports. `beforeFirstPage` runs on the context first (init scripts).
   */
  openPerson: (label: string, options?: { beforeFirstPage?: (context: BrowserContext) => Promise<void> }) => Promise<Page>;
}

function describeConsole(label: string, message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''} [${label}]`;
}

export const test = guarded.extend<PeopleFixtures>({
  openPerson: async ({ browser, baseURL, locale, timezoneId, allowedConsoleErrors }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const errors: string[] = [];
    const allowed = (text: string) => allowedConsoleErrors === 'any' || allowedConsoleErrors.some((pattern) => pattern.test(text));

    await use(async (label, options = {}) => {
      const context = await browser.newContext({ baseURL, locale, timezoneId });
      contexts.push(context);
      if (options.beforeFirstPage) await options.beforeFirstPage(context);
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const described = describeConsole(label, message);
        if (!allowed(described)) errors.push(described);
      });
      page.on('pageerror', (error) => {
        if (allowedConsoleErrors !== 'any') errors.push(`pageerror [${label}]: ${error.stack ?? error.message}`);
      });
      return page;
    });

    for (const context of contexts) await context.close();
    if (errors.length > 0) {
      await testInfo.attach('erreurs-console-personnes', { body: errors.join('\n\n'), contentType: 'text/plain' });
    }
    if (testInfo.status === testInfo.expectedStatus) {
      expect(errors, 'aucune page ne doit afficher d’erreur dans la console').toEqual([]);
    }
  },
});

export { expect };

/**
 * Counts the realtime server's 'authenticated' events received by a page (socket.io, over
 * long-polling or WebSocket): once it is above 0, the server has put this tab in its user's room and
 * live messages, receipts and typing notices reach it. Call before the page signs in.
 */
export function watchRealtime(page: Page): { authenticated: () => number } {
  let count = 0;
  const look = (text: string) => {
    // '42["authenticated",{"userId":12}]' (one packet per line or separated by \x1e when polling).
    count += text.split('42["authenticated"').length - 1;
  };
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/socket.io/') || response.request().method() !== 'GET') return;
    response.text().then(look, () => undefined);
  });
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return;
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string') look(frame.payload);
    });
  });
  return { authenticated: () => count };
}

/** Waits until the page's realtime connection is authenticated (see `watchRealtime`). */
export async function expectRealtime(watch: { authenticated: () => number }): Promise<void> {
  await expect.poll(watch.authenticated, { message: 'la connexion temps réel doit être authentifiée' }).toBeGreaterThan(0);
}

/**
 * Records the URL of every `new Audio(url)` of the page's documents (the notification sound):
 * `window.Audio` becomes a subclass that notes its source. Headless Chromium may refuse to play it;
 * the site ignores that.
 */
export async function recordAudio(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { Audio: typeof Audio; __e2eAudioUrls: string[] };
    w.__e2eAudioUrls = [];
    const Original = w.Audio;
    class RecordingAudio extends Original {
      constructor(src?: string) {
        super(src);
        w.__e2eAudioUrls.push(src === undefined ? '' : new URL(src, document.baseURI).href);
      }
    }
    w.Audio = RecordingAudio;
  });
}

export async function recordedAudio(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __e2eAudioUrls?: string[] }).__e2eAudioUrls ?? []);
}

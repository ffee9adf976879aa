/**
 * The `test` every browser test uses: Playwright's own, plus a guard that fails a test when the
 * page logged a console error or threw an uncaught exception.
 *
 * A test that provokes an error on purpose says which messages it expects (matched against
 * 'console.error: <text> (<url>:<line>)', so a pattern can name the resource):
 *   test.use({ allowedConsoleErrors: [/status of 401 .*\/api\/auth\/login/] });   // these messages only
 *   test.use({ allowedConsoleErrors: 'any' });               // a remote is broken on purpose
 * Uncaught page exceptions are never allowed unless `'any'` is given.
 * A Content-Security-Policy violation is never allowed, not even with `'any'`: the policy must fit the site.
 */
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

export type AllowedConsoleErrors = readonly RegExp[] | 'any';

interface GuardFixtures {
  /** Console errors a test expects (default: none). */
  allowedConsoleErrors: AllowedConsoleErrors;
  /** The errors seen so far on `page` (console errors and uncaught exceptions). */
  pageErrors: string[];
}

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
}

const CSP_VIOLATION = /Content Security Policy|Content-Security-Policy/i;

export const test = base.extend<GuardFixtures>({
  allowedConsoleErrors: [[], { option: true }],

  // API calls made by the tests behave like the site's own pages: a browser sends its Origin with
  // every write, and the server refuses cookie-authenticated writes from anywhere else (CSRF).
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: baseURL ? { Origin: new URL(baseURL).origin } : {} });
    await use(context);
    await context.dispose();
  },

  pageErrors: [
    async ({ page, allowedConsoleErrors }, use, testInfo) => {
      const errors: string[] = [];
      const allowed = (text: string) => allowedConsoleErrors === 'any' || allowedConsoleErrors.some((pattern) => pattern.test(text));
      page.on('console', (message) => {
        // Chromium reports a blocked script, style, frame or connection as a console message naming the policy.
        if (CSP_VIOLATION.test(message.text())) {
          errors.push(`csp: ${describeConsole(message)}`);
          return;
        }
        if (message.type() !== 'error') return;
        const described = describeConsole(message);
        if (!allowed(described)) errors.push(described);
      });
      page.on('pageerror', (error) => {
        if (allowedConsoleErrors !== 'any') errors.push(`pageerror: ${error.stack ?? error.message}`);
      });

      await use(errors);

      // A test that already failed keeps its own message; the errors are attached for diagnosis.
      if (errors.length > 0) {
        await testInfo.attach('erreurs-console', { body: errors.join('\n\n'), contentType: 'text/plain' });
      }
      if (testInfo.status === testInfo.expectedStatus) {
        expect(errors, 'la page ne doit afficher aucune erreur dans la console').toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect, type Page };

/**
 * Channel sync (issue 14): an admin adds an Airbnb feed to an apartment, synchronises it (the sync runs
 * in the background and the section shows its progress, issue 26), sees its blocked nights on
 * /admin/calendrier; a guest cannot pick them on the apartment page.
 * The feed is served by a local HTTP server, in the shape Airbnb sends (all-day, exclusive end, CRLF).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures';
import { DEMO_ADMIN } from '../support/demo';
import { addDays, calendarDay, longDate, registerUser, showDay, signIn, stayCalendar, todayInParis } from '../support/journeys';
import path from 'node:path';
import { startPrivateServer, type PrivateServer } from '../support/private-server';

// Its own server (the imported nights must not reach the shared server's demo calendars), given
// more time to start than the default: a fresh data folder migrates and seeds slowly on a busy machine.
const isolated = test.extend<object, { privateServer: PrivateServer }>({
  privateServer: [
    async ({}, use, workerInfo) => {
      const configDir = workerInfo.config.configFile ? path.dirname(workerInfo.config.configFile) : process.cwd();
      // The shared server's lighter scrypt cost (playwright.config.ts): two sign-ins stay quick on a busy machine.
      process.env.SCRYPT_COST ??= '16384';
      const server = await startPrivateServer(path.resolve(configDir, '..'), 280_000);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ privateServer }, use) => {
    await use(privateServer.url);
  },
});

function airbnbFeed(debut: string, fin: string): string {
  const compact = (iso: string) => iso.replace(/-/g, '');
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    `DTEND;VALUE=DATE:${compact(fin)}`,
    `DTSTART;VALUE=DATE:${compact(debut)}`,
    'UID:e2e-7f3a2b@airbnb.com',
    'SUMMARY:Reserved',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

isolated(
  'admin : ajoute le calendrier Airbnb, synchronise, voit les nuits bloquées ; un client ne peut pas les choisir',
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const slug = 'duplex-place-saint-louis';
    // Nights well inside next month, so the admin calendar shows them after one 'Mois suivant'.
    const today = todayInParis();
    const nextMonth = `${addDays(`${today.slice(0, 7)}-01`, 40).slice(0, 7)}-10`;
    const debut = nextMonth;
    const fin = addDays(debut, 3);
    let body = airbnbFeed(debut, fin);
    // A slow channel: the sync runs in the background and the section follows it (issue 26).
    let delayMs = 0;
    const feedServer = http.createServer((_req, res) => {
      const answer = body;
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/calendar' }).end(answer), delayMs);
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/calendar/ical/12345.ics?s=abc`;
    try {
      await signIn(page, DEMO_ADMIN);
      await page.goto(`/appartement/${slug}`);
      await page.getByRole('button', { name: 'Calendriers (Airbnb, Booking.com, Abritel)' }).click();
      const section = page.getByRole('region', { name: 'Calendriers' });
      await expect(section.getByLabel("Adresse d'export (iCal)")).toHaveValue(/\/ical\/\d+\/[A-Za-z0-9_-]+\.ics$/);
      await section.getByLabel('Plateforme').selectOption('Airbnb');
      await section.getByLabel('Adresse du calendrier à importer (iCal)').fill(feedUrl);
      await section.getByRole('button', { name: 'Ajouter le calendrier' }).click();
      await expect(section.getByText('Calendrier Airbnb ajouté et synchronisé.')).toBeVisible();
      await expect(section.getByText(/Dernière synchronisation réussie : .* · 1 événement$/)).toBeVisible();

      // A slow answer: the button gives way at once to the sync's progress, then to its outcome.
      delayMs = 2500;
      await section.getByRole('button', { name: 'Synchroniser maintenant' }).click();
      await expect(
        section.getByRole('status').filter({ hasText: 'Synchronisation en cours : téléchargement du calendrier…' }),
      ).toBeVisible();
      await expect(section.getByRole('button', { name: 'Synchroniser maintenant' })).toBeDisabled();
      await expect(section.getByText('Calendrier Airbnb synchronisé.')).toBeVisible({ timeout: 15_000 });
      await expect(section.getByRole('button', { name: 'Synchroniser maintenant' })).toBeEnabled();
      delayMs = 0;

      // The channel answers with a web page instead: the failure is shown in French, the nights stay blocked.
      body = '<!DOCTYPE html><html><body>Connexion</body></html>';
      await section.getByRole('button', { name: 'Synchroniser maintenant' }).click();
      await expect(section.getByText("Dernière erreur : Le fichier reçu n'est pas un calendrier iCal (calendrier Airbnb).")).toBeVisible();
      body = airbnbFeed(debut, fin);
      await section.getByRole('button', { name: 'Synchroniser maintenant' }).click();
      await expect(section.getByText('Calendrier Airbnb synchronisé.')).toBeVisible();
      await expect(section.getByText(/^Dernière erreur/)).toHaveCount(0);

      // The admin calendar shows the imported nights, tagged with their source.
      await page.goto('/admin/calendrier');
      await expect(page.getByRole('heading', { level: 1, name: 'Calendrier' })).toBeVisible();
      await page.getByLabel('Appartement').selectOption({ label: 'Duplex de charme place Saint-Louis' });
      await page.getByRole('button', { name: 'Mois suivant' }).click();
      for (let night = debut; night < fin; night = addDays(night, 1)) {
        await expect(page.getByRole('button', { name: `${longDate(night)} : Airbnb` })).toBeVisible();
      }
      await expect(page.getByRole('button', { name: `${longDate(fin)} : libre` })).toBeVisible();

      // A guest cannot pick those nights.
      await page.goto('/');
      await page.getByRole('button', { name: 'Déconnexion' }).click();
      const guest = await registerUser(request, testInfo, 'Inès Moreau', 'sync');
      await signIn(page, guest);
      await page.goto(`/appartement/${slug}`);
      const calendar = stayCalendar(page.getByRole('region', { name: 'Réservez votre séjour' }));
      await showDay(calendar, debut);
      for (let night = debut; night < fin; night = addDays(night, 1)) {
        const day = calendarDay(calendar, night, true);
        await expect(day, `${night} bloqué par Airbnb`).toBeVisible();
        await expect(day).toHaveClass(/\brdrDayDisabled\b/);
      }
      await expect(calendarDay(calendar, fin)).not.toHaveClass(/\brdrDayDisabled\b/);
    } finally {
      await new Promise<void>((resolve) => feedServer.close(() => resolve()));
    }
  },
);

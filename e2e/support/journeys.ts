/**
 * Steps shared by the catalogue, booking and account journeys: accounts and reservations made
 * through the API (to set a scene quickly), the UI sign-in, calendar dates, the stay calendar of the
 * booking remote (react-date-range), price rules transcribed from the spec (sections 5 and 9,
 * DECISIONS 7) and the outbox mails. Deliberately independent of shared-kernel: the tests check that
 * code, they do not reuse it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { demoReviews, type DemoReview } from '../../api/src/seed/demo-data';
import { demoApartments, type DemoApartment } from './demo';

export const TEST_PASSWORD = 'Mot-de-passe-e2e-1';

// ---------------------------------------------------------------------------------------------
// Demo data

export function demoApartment(slug: string): DemoApartment {
  const found = demoApartments.find((a) => a.slug === slug);
  if (!found) throw new Error(`Logement de démonstration inconnu : ${slug}`);
  return found;
}

export interface ExpectedReviews {
  /** Newest first, as the site lists them. */
  reviews: ReadonlyArray<DemoReview & { date: string }>;
  count: number;
  /** Rounded to one decimal, like the server. */
  average: number;
  distribution: Record<5 | 4 | 3 | 2 | 1, number>;
}

/**
 * The demo reviews of an apartment as the site must show them. The seed writes each review the day
 * after a stay that ended `daysAgo` days before the server started (Paris calendar date).
 */
export function expectedReviews(slug: string): ExpectedReviews {
  const today = todayInParis();
  const reviews = demoReviews
    .filter((r) => r.slug === slug)
    .sort((a, b) => a.daysAgo - b.daysAgo)
    .map((r) => ({ ...r, date: addDays(today, 1 - r.daysAgo) }));
  const sum = reviews.reduce((n, r) => n + r.note, 0);
  const distribution = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  for (const r of reviews) distribution[r.note] += 1;
  return { reviews, count: reviews.length, average: reviews.length ? Math.round((sum * 10) / reviews.length) / 10 : 5, distribution };
}

/** '4,3' (always one decimal, as next to the stars). */
export function ratingText(value: number): string {
  return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** 'Note : 4,3 sur 5', 'Note : 4 sur 5' (the spoken name of a row of stars). */
export function ratingLabel(value: number): string {
  return `Note : ${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(value)} sur 5`;
}

// ---------------------------------------------------------------------------------------------
// Dates (plain calendar dates, YYYY-MM-DD, in Paris like the server)

const DAY_MS = 86_400_000;

export function todayInParis(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day a month later, or the month's last day (31 January → 28 or 29 February), as Page Down moves. */
export function monthLater(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
}

export function nightsBetween(startIso: string, endIso: string): number {
  return Math.round((Date.parse(`${endIso}T00:00:00Z`) - Date.parse(`${startIso}T00:00:00Z`)) / DAY_MS);
}

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** '8 janvier 2027' */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(iso));
}

/** '8 janvier' */
export function dayMonth(iso: string): string {
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(utc(iso));
}

/** '08/01/2027' */
export function shortDate(iso: string): string {
  return new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(utc(iso));
}

export interface Stay {
  startDate: string;
  endDate: string;
  nights: number;
}

/**
 * A stay of `nights` nights starting at least `minDaysAhead` days from today, on a day of the month
 * between the 8th and the 20th: the calendar shows a few days of the neighbouring months, so a day
 * in the middle of its month is named only once on screen. A repeated run (--repeat-each) moves on
 * by a month so that runs on one server never collide.
 */
export function futureStay(minDaysAhead: number, nights: number, testInfo?: TestInfo): Stay {
  // A retry books other dates: the failed attempt may have kept its reservation.
  let start = addDays(todayInParis(), minDaysAhead + 35 * (testInfo?.repeatEachIndex ?? 0) + 105 * (testInfo?.retry ?? 0));
  while (Number(start.slice(8, 10)) < 8 || Number(start.slice(8, 10)) > 20) start = addDays(start, 1);
  return { startDate: start, endDate: addDays(start, nights), nights };
}

// ---------------------------------------------------------------------------------------------
// Money (spec sections 5 and 9, DECISIONS 7)

/** '580 €', '1 160 €', '89,50 €' (plain spaces, as the site writes them: cents always with two decimals). */
export function euros(amount: number): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2, minimumFractionDigits: 2 })
    .format(amount)
    .replace(/[\u202f\u00a0]/g, ' ')
    .replace(/,00 €$/, ' €');
}

/**
 * The price of a stay at a single nightly rate, plus the taxe de séjour the test worked out by hand
 * from the rule and the demo's example rates (api/src/seed/demo-taxe-sejour.ts: non classé 5 % capped
 * at 2,50 € per adult per night, 4 étoiles 1,60 €, departmental additional tax 10 %).
 */
export function priceOf(prixParNuit: number, nights: number, taxeDeSejour: number): { total: number; deposit: number; remainder: number } {
  const total = Math.round((nights * prixParNuit + taxeDeSejour) * 100) / 100;
  const deposit = Math.min(500, total);
  return { total, deposit, remainder: Math.round((total - deposit) * 100) / 100 };
}

// ---------------------------------------------------------------------------------------------
// Accounts and reservations through the API

export interface TestUser {
  nom: string;
  email: string;
  password: string;
}

/** An address no other test (nor another worker, retry or repetition) uses. */
export function uniqueEmail(testInfo: TestInfo, tag: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `e2e-${tag}-${Date.now()}-${testInfo.workerIndex}-${testInfo.repeatEachIndex}-${testInfo.retry}-${random}@exemple.fr`;
}

export async function registerUser(request: APIRequestContext, testInfo: TestInfo, nom: string, tag: string): Promise<TestUser> {
  const user = { nom, email: uniqueEmail(testInfo, tag), password: TEST_PASSWORD };
  const response = await request.post('/api/users/register', { data: user });
  expect(response.status(), await response.text()).toBe(201);
  return user;
}

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string };
  expect(body.token).toBeTruthy();
  return body.token;
}

export async function apartmentId(request: APIRequestContext, slug: string): Promise<number> {
  const response = await request.get(`/api/appartements/slug/${slug}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { id: number };
  return body.id;
}

export interface ApiReservation {
  id: number;
  status: string;
  totalPrice: number;
  startDate: string;
  endDate: string;
}

export async function apiReserve(
  request: APIRequestContext,
  token: string,
  slug: string,
  stay: Stay,
  guestsCount = 1,
): Promise<ApiReservation> {
  const response = await request.post('/api/reservations', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      appartementId: await apartmentId(request, slug),
      startDate: stay.startDate,
      endDate: stay.endDate,
      guestsCount,
      paymentMethod: 'virement',
      accepteCgv: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { reservation: ApiReservation }).reservation;
}

/** A stay booked through the API by that user, signed in for it (payment by transfer). */
export async function reserveAs(
  request: APIRequestContext,
  user: Pick<TestUser, 'email' | 'password'>,
  slug: string,
  stay: Stay,
  guestsCount = 1,
): Promise<ApiReservation> {
  return apiReserve(request, await apiLogin(request, user.email, user.password), slug, stay, guestsCount);
}

// ---------------------------------------------------------------------------------------------
// UI

export const header = (page: Page) => page.getByRole('banner');

/** Fills and sends the sign-in form already on screen (/login), and waits for the signed-in header. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(header(page).getByRole('link', { name: 'Mon profil' })).toBeVisible();
}

/** Opens /login and signs in through the form. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
}

/** Accepts every dialog of the page and keeps their texts, in order. */
export function collectDialogs(page: Page): Array<{ type: string; message: string }> {
  const seen: Array<{ type: string; message: string }> = [];
  page.on('dialog', (dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  });
  return seen;
}

// ---------------------------------------------------------------------------------------------
// The stay calendar (booking remote, react-date-range): one month at a time, 'Mois suivant' /
// 'Mois précédent'; each day is a button named by its long French date, with ', indisponible' for
// a past or unavailable day.

export function stayCalendar(scope: Page | Locator): Locator {
  return scope.getByRole('group', { name: 'Choisissez vos dates' });
}

export function calendarDay(calendar: Locator, iso: string, unavailable = false): Locator {
  // A free day also says its nightly price (issue 12): '6 décembre 2026, 145 € la nuit'.
  const name = unavailable ? new RegExp(`^${longDate(iso)}, indisponible$`) : new RegExp(`^${longDate(iso)}(, \\d+ € la nuit)?$`);
  return calendar.getByRole('button', { name });
}

/** Moves the calendar forward until the day `iso` is shown (free or not). */
export async function showDay(calendar: Locator, iso: string): Promise<void> {
  const day = calendar.getByRole('button', { name: new RegExp(`^${longDate(iso)}(, indisponible)?(, \\d+ € la nuit)?$`) });
  for (let i = 0; i < 24; i += 1) {
    if ((await day.count()) > 0) return;
    await calendar.getByRole('button', { name: 'Mois suivant' }).click();
  }
  await expect(day).toHaveCount(1);
}

/** Picks an arrival then a departure (both free). */
export async function pickStay(calendar: Locator, stay: Stay): Promise<void> {
  await showDay(calendar, stay.startDate);
  await calendarDay(calendar, stay.startDate).click();
  await showDay(calendar, stay.endDate);
  await calendarDay(calendar, stay.endDate).click();
}

// ---------------------------------------------------------------------------------------------
// Outbox (no SMTP in the tests: the server writes every mail as an .eml file in DATA_DIR/outbox)

export function outboxDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR manquant');
  return path.join(dir, 'outbox');
}

/** The newest mail for `address`, decoded from quoted-printable, or null. */
export function newestMailFor(address: string): string | null {
  let files: string[];
  try {
    files = readdirSync(outboxDir());
  } catch {
    return null;
  }
  const mine = files.filter((f) => f.endsWith('.eml') && f.toLowerCase().includes(address.toLowerCase())).sort();
  const newest = mine.at(-1);
  if (!newest) return null;
  // Quoted-printable: soft line breaks ('=' at the end of a line) go, '=3D' and other '=XX' are bytes.
  const raw = readFileSync(path.join(outboxDir(), newest), 'latin1');
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

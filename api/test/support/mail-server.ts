/**
 * The mail tests' bench: the API with a real SMTP server (smtp.ts), the demo guest and admin signed
 * in, and the demo apartment with the most room, where every test books its stays.
 */
import assert from 'node:assert/strict';
import { todayIn } from 'shared-kernel/rules';
import type { AppConfig } from '../../src/config.js';
import { MAIL_JOBS } from '../../src/mail/install.js';
import { demoApartments } from '../../src/seed/demo-data.js';
import { startServer, type TestServer } from '../helpers.js';
import { allApartments } from './catalogue.js';
import { startSmtp, type TestSmtp } from '../smtp.js';

export const ADMIN = 'admin@sejours-messins.fr';
export const CLIENT = 'camille.martin@exemple.fr';
export const today = () => todayIn('Europe/Paris');
/** The demo apartment with the most room: any party a test books fits. */
export const family = [...demoApartments].sort((a, b) => b.capacite.voyageurs - a.capacite.voyageurs)[0]!;

export interface MailServer {
  smtp: TestSmtp;
  server: TestServer;
  /** Tokens of the demo guest (CLIENT) and admin (ADMIN). */
  client: string;
  admin: string;
  /** The id of `family`. */
  apartmentId: number;
  close(): Promise<void>;
}

export async function startMailServer(
  config: Partial<AppConfig> = {},
  options: Parameters<typeof startServer>[1] = {},
): Promise<MailServer> {
  const smtp = await startSmtp();
  const server = await startServer({ smtpUrl: smtp.url, siteOrigin: 'https://sejours.example', ...config }, options);
  const client = await server.login(CLIENT, 'Client-Metz-2026');
  const admin = await server.login(ADMIN, 'Admin-Metz-2026');
  const apartmentId = (await allApartments(server)).find((a: { slug: string }) => a.slug === family.slug).id;
  return {
    smtp,
    server,
    client,
    admin,
    apartmentId,
    async close() {
      await server.close();
      await smtp.close();
    },
  };
}

/** Runs the sending job and returns what arrived since the last clear. */
export async function flushMails({ server, smtp }: MailServer, expected: number) {
  await server.app.jobs.runNow(MAIL_JOBS.queue, { force: true });
  return smtp.waitFor(expected);
}

/** The guest books `family` from `start` to `end` (two adults); the reservation's id. */
export async function bookStay({ server, client, apartmentId }: MailServer, start: string, end: string): Promise<number> {
  const res = await server.request('POST', '/api/reservations', {
    token: client,
    body: { appartementId: apartmentId, startDate: start, endDate: end, adultes: 2, accepteCgv: true },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.reservation.id;
}

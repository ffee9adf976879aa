/**
 * Issue 27: a reservation's mails carry the contract, and the .ics of a stay starts on the arrival
 * day. The server here runs with TZ=Europe/Paris, a normal setting for a French server.
 */
import './support/paris-time.js';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { MAIL_JOBS } from '../src/mail/install.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { startServer, type TestServer } from './helpers.js';
import { startSmtp, type TestSmtp } from './smtp.js';

const ADMIN = 'admin@sejours-messins.fr';
const CLIENT = 'camille.martin@exemple.fr';
const today = () => todayIn('Europe/Paris');
const family = [...demoApartments].sort((a, b) => b.capacite.voyageurs - a.capacite.voyageurs)[0]!;

describe('reservation mails under TZ=Europe/Paris', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let client: string;
  let admin: string;
  let apartmentId: number;
  let offset = 20;

  before(async () => {
    smtp = await startSmtp();
    server = await startServer({ smtpUrl: smtp.url, siteOrigin: 'https://sejours.example' });
    client = await server.login(CLIENT, 'Client-Metz-2026');
    admin = await server.login(ADMIN, 'Admin-Metz-2026');
    apartmentId = (await server.request('GET', '/api/appartements')).body.find((a: { slug: string }) => a.slug === family.slug).id;
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  async function book(nights: number): Promise<{ id: number; start: string; end: string }> {
    offset += nights + 3;
    const start = addDaysIso(today(), offset);
    const end = addDaysIso(start, nights);
    const res = await server.request('POST', '/api/reservations', { token: client, body: { appartementId: apartmentId, startDate: start, endDate: end, adultes: 2, accepteCgv: true } });
    assert.equal(res.status, 201, res.text);
    return { id: res.body.reservation.id, start, end };
  }

  async function flush(expected: number) {
    await server.app.jobs.runNow(MAIL_JOBS.queue, { force: true });
    return smtp.waitFor(expected);
  }

  it('the .ics of a confirmed stay runs from the arrival day to the departure day, published, in plain French', async () => {
    const stay = await book(3);
    await flush(2);
    smtp.clear();
    assert.equal((await server.request('POST', `/api/admin/reservations/${stay.id}/acompte-recu`, { token: admin, body: {} })).status, 200);
    await flush(1);
    const [mail] = smtp.to(CLIENT);
    const ics = mail?.attachments.find((a) => a.filename === `sejour-${stay.id}.ics`);
    assert.ok(ics, 'the .ics is attached');
    assert.equal((ics.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params?.method, 'PUBLISH');
    const body = ics.content.toString('utf8').replace(/\r\n[ \t]/g, '');
    assert.match(body, /^METHOD:PUBLISH\r$/m);
    assert.match(body, new RegExp(`^DTSTART;VALUE=DATE:${stay.start.replace(/-/g, '')}\\r$`, 'm'));
    assert.match(body, new RegExp(`^DTEND;VALUE=DATE:${stay.end.replace(/-/g, '')}\\r$`, 'm'));
    assert.doesNotMatch(body, /avant avant/);
    assert.match(body, new RegExp(`Heure de départ : ${family.regles.depart}`));
    assert.match(body, new RegExp(`Heure d’arrivée : ${family.regles.arrivee}`));
    assert.doesNotMatch(mail?.text ?? '', /avant avant|Départ avant : avant/);
    assert.match(mail?.text ?? '', new RegExp(`Heure de départ : ${family.regles.depart}`));
  });
});

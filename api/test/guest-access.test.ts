/**
 * Issue 30 item 3 and issue 27 item 2: an apartment's private check-in instructions (admin editor,
 * the guest's confirmed stay only, the mail before arrival, never public), the reservation's
 * cancellation windows as dates and the apartment's own times, and the one-click unsubscribe of
 * optional mails (RFC 8058).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { addDaysIso, CANCELLATION_RULES, parisMidnight, refundOnGuestCancellation, todayIn } from 'shared-kernel/rules';
import { mailOptOuts, reservations, users } from '../src/db/schema.js';
import { loadConfig } from '../src/config.js';
import { MAIL_JOBS } from '../src/mail/install.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { fakeBuild, startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';
import type { ParsedMail } from 'mailparser';
import { startSmtp, type TestSmtp } from './smtp.js';

const ADMIN = 'admin@sejours-messins.fr';
const CLIENT = 'camille.martin@exemple.fr';
const OTHER = ['lea.autre@exemple.fr', 'Autre-Client-2026!'] as const;
const CODE = 'CODE-4821B';
const WIFI_PASSWORD = 'wifi-secret-77';
/** A header as sent (mailparser turns List-* headers into objects). */
const rawHeader = (mail: ParsedMail, name: string): string | undefined =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, '');
const today = () => todayIn('Europe/Paris');
const strict = demoApartments.find((a) => a.politiqueAnnulation === 'Stricte') ?? demoApartments[0]!;

const ACCES = {
  adresse: '12 rue des Jardins, 57000 Metz',
  codeAcces: CODE,
  instructions: 'Boîte à clés à gauche de la porte, 2e étage.',
  wifiNom: 'SejoursMessins',
  wifiMotDePasse: WIFI_PASSWORD,
  livret: 'Tri sélectif : bacs jaunes dans la cour.',
  parking: 'Parking Saint-Jacques à 300 m.',
};

describe('check-in instructions, cancellation windows and one-click unsubscribe', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let client: string;
  let other: string;
  let admin: string;
  let apartmentId: number;
  let offset = 30;

  before(async () => {
    smtp = await startSmtp();
    server = await startServer({ smtpUrl: smtp.url, siteOrigin: 'https://sejours.example', staticRoot: fakeBuild() }, { serveSite: true });
    client = await server.login(CLIENT, 'Client-Metz-2026');
    admin = await server.login(ADMIN, 'Admin-Metz-2026');
    await server.request('POST', '/api/users/register', { body: { nom: 'Léa Autre', email: OTHER[0], password: OTHER[1] } });
    other = await server.login(OTHER[0], OTHER[1]);
    apartmentId = (await allApartments(server)).find((a: { slug: string }) => a.slug === strict.slug).id;
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  async function book(): Promise<{ id: number; start: string }> {
    offset += 5;
    const start = addDaysIso(today(), offset);
    const res = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: apartmentId, startDate: start, endDate: addDaysIso(start, 2), adultes: 1, accepteCgv: true },
    });
    assert.equal(res.status, 201, res.text);
    return { id: res.body.reservation.id, start };
  }
  /** A booking cannot be made that close by transfer: the stay is moved there once booked (as if time had passed). */
  async function bookIn(days: number): Promise<{ id: number; start: string }> {
    const stay = await book();
    const start = addDaysIso(today(), days);
    await server.database.db
      .update(reservations)
      .set({ startDate: start, endDate: addDaysIso(start, 1) })
      .where(eq(reservations.id, stay.id));
    return { id: stay.id, start };
  }
  /** Sends every queued mail and returns what the SMTP server received since the last clear. */
  async function drain() {
    await server.app.jobs.runNow(MAIL_JOBS.queue, { force: true });
    await new Promise((r) => setTimeout(r, 300));
    return [...smtp.received];
  }
  const confirm = async (id: number) =>
    assert.equal((await server.request('POST', `/api/admin/reservations/${id}/acompte-recu`, { token: admin, body: {} })).status, 200);
  const putAcces = (body: unknown, token = admin, id = apartmentId) =>
    server.request('PUT', `/api/admin/appartements/${id}/acces`, { token, body });

  it('PUT /admin/appartements/:id/acces: admins only, every field checked with a French 400', async () => {
    assert.equal((await putAcces(ACCES, '')).status, 401);
    assert.equal((await putAcces(ACCES, client)).status, 403);
    assert.equal((await putAcces(ACCES, admin, 999999)).status, 404);
    const cases: Array<[unknown, RegExp]> = [
      [{ ...ACCES, adresse: '  ' }, /L’adresse du logement est obligatoire/],
      [{ ...ACCES, codeAcces: 4821 }, /Le code d’accès doit être un texte/],
      [{ ...ACCES, wifiMotDePasse: 'x'.repeat(101) }, /Le mot de passe du wifi ne doit pas dépasser 100 caractères/],
      [{ ...ACCES, porte: 'bleue' }, /Champ inconnu : « porte »/],
    ];
    for (const [body, message] of cases) {
      const res = await putAcces(body);
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.message, message);
    }
    assert.equal((await server.request('GET', `/api/admin/appartements/${apartmentId}/acces`, { token: admin })).body.acces, null);
    const saved = await putAcces(ACCES);
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.body.acces, ACCES);
    const read = await server.request('GET', `/api/admin/appartements/${apartmentId}/acces`, { token: admin });
    assert.deepEqual(read.body.acces, ACCES);
    assert.equal((await server.request('GET', `/api/admin/appartements/${apartmentId}/acces`, { token: client })).status, 403);
  });

  it('the reservation carries the instructions for its own guest once confirmed, never before nor for anyone else', async () => {
    await putAcces(ACCES);
    const stay = await book();
    const route = `/api/reservations/${stay.id}`;
    assert.equal((await server.request('GET', route)).status, 401);
    const before = await server.request('GET', route, { token: client });
    assert.equal(before.status, 200);
    assert.equal(before.body.status, 'en attente');
    assert.equal('acces' in before.body, false);
    assert.doesNotMatch(before.text, new RegExp(CODE));
    await confirm(stay.id);
    const afterConfirm = await server.request('GET', route, { token: client });
    assert.equal(afterConfirm.body.status, 'confirmée');
    assert.deepEqual(afterConfirm.body.acces, ACCES);
    const otherClient = await server.request('GET', route, { token: other });
    assert.equal(otherClient.status, 404);
    assert.doesNotMatch(otherClient.text, new RegExp(CODE));
    const asAdmin = await server.request('GET', route, { token: admin });
    assert.equal(asAdmin.status, 200);
    assert.equal('acces' in asAdmin.body, false, 'an admin reads them in the editor, not on a guest’s reservation');
    // The guest's list of reservations never carries them.
    const mine = await server.request('GET', '/api/reservations', { token: client });
    assert.doesNotMatch(mine.text, new RegExp(CODE));
    // Cancelled: gone again.
    await server.request('PUT', `${route}/status`, { token: client, body: { status: 'annulée' } });
    assert.equal('acces' in (await server.request('GET', route, { token: client })).body, false);
  });

  it('the door code and wifi password are in no public answer: list, apartment API, apartment HTML, sitemap, iCal export', async () => {
    await putAcces(ACCES);
    const stay = await book();
    await confirm(stay.id);
    const exportUrl = (await server.request('GET', `/api/admin/appartements/${apartmentId}/calendriers`, { token: admin })).body.exportUrl;
    const responses = await Promise.all([
      server.request('GET', '/api/appartements'),
      server.request('GET', `/api/appartements/slug/${strict.slug}`),
      server.request('GET', `/appartement/${strict.slug}`),
      server.request('GET', '/sitemap.xml'),
      server.request('GET', new URL(exportUrl as string).pathname),
    ]);
    for (const res of responses) {
      assert.equal(res.status, 200, res.text.slice(0, 200));
      assert.doesNotMatch(res.text, new RegExp(CODE));
      assert.doesNotMatch(res.text, new RegExp(WIFI_PASSWORD));
      assert.doesNotMatch(res.text, /12 rue des Jardins/);
    }
    assert.match(responses[2]!.text, /<html/);
    assert.match(responses[4]!.text, /BEGIN:VCALENDAR/);
  });

  it('GET /reservations/:id gives the cancellation windows as dates from the rule the cancellation applies, and the apartment’s times', async () => {
    const stay = await book();
    const res = await server.request('GET', `/api/reservations/${stay.id}`, { token: client });
    const rule = CANCELLATION_RULES[strict.politiqueAnnulation];
    const deadline = new Date(parisMidnight(stay.start)!.getTime() - rule.hoursBeforeArrival * 3_600_000);
    assert.deepEqual(res.body.annulation, {
      politique: strict.politiqueAnnulation,
      fenetres: [
        { jusquau: deadline.toISOString(), remboursementAcomptePourcent: rule.refundPercent },
        { jusquau: null, remboursementAcomptePourcent: 0 },
      ],
    });
    // What the cancellation refunds on each side of the stated deadline is what the windows say.
    assert.equal(refundOnGuestCancellation(strict.politiqueAnnulation, stay.start, 10_000, deadline), rule.refundPercent * 100);
    assert.equal(refundOnGuestCancellation(strict.politiqueAnnulation, stay.start, 10_000, new Date(deadline.getTime() + 60_000)), 0);
    assert.equal(res.body.appartement.arrivee, strict.regles.arrivee);
    assert.equal(res.body.appartement.depart, strict.regles.depart);
  });

  it('the instructions are mailed ACCES_JOURS_AVANT_ARRIVEE days before arrival, once, with no unsubscribe header; the confirmation gives the street address without codes', async () => {
    await putAcces(ACCES);
    const soon = await bookIn(2);
    const later = await bookIn(20);
    await drain();
    smtp.clear();
    await confirm(soon.id);
    await confirm(later.id);
    const confirmations = (await drain()).filter((m) => /Réservation confirmée/.test(m.subject ?? ''));
    assert.equal(confirmations.length, 2);
    for (const mail of confirmations) {
      assert.match(mail.text ?? '', /Adresse : 12 rue des Jardins, 57000 Metz/);
      assert.match(mail.text ?? '', /instructions d’arrivée \(accès, wifi, stationnement\) 2 jours avant votre arrivée/);
      assert.doesNotMatch(mail.text ?? '', new RegExp(`${CODE}|${WIFI_PASSWORD}`));
      assert.equal(rawHeader(mail, 'list-unsubscribe'), undefined);
    }
    smtp.clear();

    await server.app.jobs.runNow(MAIL_JOBS.access, { force: true });
    await server.app.jobs.runNow(MAIL_JOBS.access, { force: true });
    const sent = (await drain()).filter((m) => /Instructions d’arrivée/.test(m.subject ?? ''));
    assert.equal(sent.length, 1, 'one mail, for the stay arriving within 2 days only');
    const [mail] = sent;
    assert.match(mail!.text ?? '', new RegExp(`Code d’accès : ${CODE}`));
    assert.match(mail!.text ?? '', new RegExp(`Mot de passe du wifi : ${WIFI_PASSWORD}`));
    assert.match(mail!.text ?? '', /Parking Saint-Jacques/);
    assert.equal(rawHeader(mail!, 'list-unsubscribe'), undefined, 'the guest cannot opt out of it');
    const rows = await server.database.db
      .select({ id: reservations.id, sentAt: reservations.accesEnvoyeLe })
      .from(reservations)
      .where(eq(reservations.id, soon.id));
    assert.ok(rows[0]?.sentAt instanceof Date);
    const [laterRow] = await server.database.db
      .select({ sentAt: reservations.accesEnvoyeLe })
      .from(reservations)
      .where(eq(reservations.id, later.id));
    assert.equal(laterRow?.sentAt, null);
    // Turning every optional mail off changes nothing: it is not optional.
    const prefs = await server.request('PUT', '/api/users/mail-preferences', {
      token: client,
      body: { actifs: { 'acces-arrivee': false } },
    });
    assert.equal(prefs.status, 400);
  });

  it('an optional mail carries List-Unsubscribe with one-click POST; the POST turns exactly that kind off; a bad token gets a French 400', async () => {
    const stay = await bookIn(3);
    await drain();
    smtp.clear();
    await confirm(stay.id);
    const confirmed = (await drain()).find((m) => /Réservation confirmée/.test(m.subject ?? ''));
    assert.ok(confirmed);
    assert.equal(rawHeader(confirmed, 'list-unsubscribe'), undefined, 'a transactional mail has no unsubscribe');
    smtp.clear();
    await server.app.jobs.runNow(MAIL_JOBS.stay, { force: true });
    const reminder = (await drain()).find((m) => m.subject?.startsWith('Votre séjour commence bientôt'));
    assert.ok(reminder, 'the arrival reminder was sent');
    const header = rawHeader(reminder, 'list-unsubscribe') ?? '';
    const link = /^<(https:\/\/sejours\.example\/api\/e-mails\/desabonnement\/[A-Za-z0-9_.-]+)>$/.exec(header)?.[1];
    assert.ok(link, header);
    assert.equal(rawHeader(reminder, 'list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    const route = new URL(link).pathname;

    const optOuts = () => server.database.db.select({ kind: mailOptOuts.kind }).from(mailOptOuts);
    const landing = await server.request('GET', route);
    assert.equal(landing.status, 200);
    assert.match(landing.text, /<button type="submit">Confirmer le désabonnement<\/button>/);
    assert.match(landing.text, /Rappel 3 jours avant mon arrivée/);
    assert.deepEqual(await optOuts(), [], 'opening the link unsubscribes nobody');

    const forged = route.slice(0, -3) + (route.endsWith('AAA') ? 'BBB' : 'AAA');
    for (const bad of [forged, `${route.split('/').slice(0, -1).join('/')}/nimporte-quoi`]) {
      const res = await server.request('POST', bad, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(res.status, 400);
      assert.match(res.text, /Ce lien de désabonnement n’est pas valable/);
    }
    assert.deepEqual(await optOuts(), []);

    const done = await server.request('POST', route, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(done.status, 200, done.text);
    assert.match(done.text, /vous ne recevrez plus les e-mails « Rappel 3 jours avant mon arrivée »/);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, CLIENT));
    const rows = await server.database.db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, user!.id));
    assert.deepEqual(rows, [{ kind: 'rappel-arrivee' }]);
    const prefs = await server.request('GET', '/api/users/mail-preferences', { token: client });
    assert.deepEqual(
      prefs.body.preferences.filter((p: { enabled: boolean }) => !p.enabled).map((p: { kind: string }) => p.kind),
      ['rappel-arrivee'],
    );
  });
});

describe('ACCES_JOURS_AVANT_ARRIVEE', () => {
  it('defaults to 2 days and refuses at start-up what is not a whole number of days from 1 to 30', () => {
    assert.equal(loadConfig({}).mail.accesJours, 2);
    assert.equal(loadConfig({ ACCES_JOURS_AVANT_ARRIVEE: '5' }).mail.accesJours, 5);
    for (const bad of ['0', '-1', '2.5', 'deux'])
      assert.throws(
        () => loadConfig({ ACCES_JOURS_AVANT_ARRIVEE: bad }),
        /ACCES_JOURS_AVANT_ARRIVEE doit être un entier supérieur ou égal à 1/,
      );
    assert.throws(() => loadConfig({ ACCES_JOURS_AVANT_ARRIVEE: '31' }), /ACCES_JOURS_AVANT_ARRIVEE doit valoir au plus 30/);
  });
});

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { conflitsCalendrier, disponibilites, occupations, reservations } from '../src/db/schema.js';
import { simpleParser } from 'mailparser';
import { outboxDir } from '../src/mail/mailer.js';
import { loadConfig } from '../src/config.js';
import { IMPORT_JOB } from '../src/modules/calendriers/routes.js';
import { airbnb, booking, day, EMPTY_CALENDAR, HTML_PAGE, hugeCalendar, vrbo } from './fixtures/ota-feeds.js';
import { startFeedServer, type FeedServer } from './support/feed-server.js';
import { syncedFeed } from './support/feed-sync.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';

const today = () => todayIn('Europe/Paris');

const importSettings = (overrides: { timeoutMs: number; maxBytes?: number; allowedPrivateHosts: string[] }) => ({
  ...loadConfig({}).icalImport,
  intervalMs: 600_000,
  ...overrides,
});

/** POST …/flux, then the feed once its first sync has ended (the 201 answers at once). */
async function addFeedOn(server: TestServer, token: string, appartementId: number, libelle: string, url: string) {
  const res = await server.request('POST', `/api/admin/appartements/${appartementId}/flux`, { token, body: { libelle, url } });
  if (res.status !== 201) return res;
  return { ...res, body: await syncedFeed(server.url, token, res.body.id) };
}

function nightsOf(debut: string, fin: string): string[] {
  const out: string[] = [];
  for (let d = debut; d < fin; d = addDaysIso(d, 1)) out.push(d);
  return out;
}

describe('channel sync (iCal)', () => {
  let server: TestServer;
  let feeds: FeedServer;
  let admin: string;
  let client: string;
  let apartments: Array<{ id: number; slug: string; titre: string }>;
  let next = 0;
  /** A fresh apartment id per test: each one starts with an empty calendar. */
  const apartment = () => apartments[next++ % apartments.length]!.id;

  before(async () => {
    feeds = await startFeedServer();
    server = await startServer({ icalImport: importSettings({ timeoutMs: 700, allowedPrivateHosts: ['127.0.0.1'] }) });
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    apartments = await allApartments(server);
  });
  after(async () => {
    await server.close();
    await feeds.close();
  });

  function addFeed(appartementId: number, libelle: string, url: string) {
    return addFeedOn(server, admin, appartementId, libelle, url);
  }

  /** 'Synchroniser maintenant': 202 at once, then the feed once the sync has ended. */
  async function syncNow(feedId: number) {
    const res = await server.request('POST', `/api/admin/flux/${feedId}/synchroniser`, { token: admin });
    assert.equal(res.status, 202, res.text);
    return { status: res.status, body: await syncedFeed(server.url, admin, feedId) };
  }

  async function unavailable(appartementId: number): Promise<string[]> {
    return (await server.request('GET', `/api/appartements/disponibilites/${appartementId}`)).body.map((d: { date: string }) => d.date);
  }

  function book(appartementId: number, startDate: string, endDate: string) {
    return server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId, startDate, endDate, guestsCount: 1, accepteCgv: true },
    });
  }

  it('imports an Airbnb feed (CRLF, folded lines, exclusive all-day end) and refuses a booking on its nights', async () => {
    const id = apartment();
    const t = today();
    feeds.set('/airbnb-1.ics', {
      kind: 'ics',
      body: airbnb([
        { uid: 'a1', debut: day(t, 10), fin: day(t, 13), kind: 'reserved' },
        { uid: 'a2', debut: day(t, 20), fin: day(t, 21), kind: 'blocked' },
      ]),
    });
    const res = await addFeed(id, 'Airbnb', `${feeds.url}/airbnb-1.ics`);
    assert.equal(res.status, 201);
    assert.equal(res.body.derniereErreur, null);
    assert.equal(res.body.evenements, 2);
    assert.ok(res.body.derniereSynchroLe);
    const days = await unavailable(id);
    for (const night of [day(t, 10), day(t, 11), day(t, 12), day(t, 20)]) assert.ok(days.includes(night), night);
    assert.ok(!days.includes(day(t, 13)), 'DTEND is exclusive: the departure day stays free');
    assert.ok(!days.includes(day(t, 9)));

    const refused = await book(id, day(t, 12), day(t, 14));
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'Ces dates ne sont plus disponibles pour cet appartement.');
    const arrivalOnDeparture = await book(id, day(t, 13), day(t, 15));
    assert.equal(arrivalOnDeparture.status, 201);
  });

  it('reads Booking.com, and Vrbo timed events (TZID, VTIMEZONE, UTC) in Paris, with a recurring block expanded', async () => {
    const id = apartment();
    const t = today();
    feeds.set('/booking-1.ics', { kind: 'ics', body: booking([{ uid: 'b1', debut: day(t, 30), fin: day(t, 32) }]) });
    const b = await addFeed(id, 'Booking.com', `${feeds.url}/booking-1.ics`);
    assert.equal(b.status, 201);
    const v = vrbo(t);
    feeds.set('/vrbo-1.ics', { kind: 'ics', body: v.body });
    const r = await addFeed(id, 'Abritel/Vrbo', `${feeds.url}/vrbo-1.ics`);
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.derniereErreur, null);
    const days = await unavailable(id);
    for (const night of [day(t, 30), day(t, 31), ...v.nights]) assert.ok(days.includes(night), `nuit ${night} bloquée`);
    assert.ok(!days.includes(day(t, 43)), 'departure at 10:00 leaves the night of the departure day free');
    assert.ok(!days.includes(day(t, 39)), 'arrival at 16:00 does not block the night before');
    assert.ok(!days.includes(day(t, 61)), 'the weekly block is one day a week');
    // Each day is blocked once per source in the admin calendar, tagged with it.
    const cal = await server.request('GET', `/api/admin/calendrier?du=${day(t, 30)}&au=${day(t, 31)}`, { token: admin });
    assert.equal(cal.status, 200);
    const mine = cal.body.jours.filter((j: { appartementId: number }) => j.appartementId === id);
    assert.deepEqual(
      mine.map((j: { date: string; source: string; origine: string }) => `${j.date} ${j.origine} ${j.source}`),
      [`${day(t, 30)} import Booking.com`, `${day(t, 31)} import Booking.com`],
    );
  });

  it('releases nights whose events left the feed, and an empty calendar releases them all', async () => {
    const id = apartment();
    const t = today();
    feeds.set('/airbnb-2.ics', {
      kind: 'ics',
      body: airbnb([
        { uid: 'x1', debut: day(t, 70), fin: day(t, 72), kind: 'reserved' },
        { uid: 'x2', debut: day(t, 80), fin: day(t, 81), kind: 'blocked' },
      ]),
    });
    const res = await addFeed(id, 'Airbnb', `${feeds.url}/airbnb-2.ics`);
    // Moved: x1 now starts a day later; x2 is gone.
    feeds.set('/airbnb-2.ics', { kind: 'ics', body: airbnb([{ uid: 'x1', debut: day(t, 71), fin: day(t, 73), kind: 'reserved' }]) });
    const sync = await syncNow(res.body.id);
    assert.equal(sync.body.evenements, 1);
    let days = await unavailable(id);
    assert.ok(!days.includes(day(t, 70)) && days.includes(day(t, 71)) && days.includes(day(t, 72)) && !days.includes(day(t, 80)));
    feeds.set('/airbnb-2.ics', { kind: 'ics', body: EMPTY_CALENDAR });
    await server.app.jobs.runNow(IMPORT_JOB);
    days = await unavailable(id);
    assert.ok(!days.includes(day(t, 71)) && !days.includes(day(t, 72)));
    assert.equal((await book(id, day(t, 70), day(t, 73))).status, 201);
  });

  it('sends If-None-Match and keeps the blocks on a 304', async () => {
    const id = apartment();
    const t = today();
    feeds.set('/booking-etag.ics', { kind: 'ics', body: booking([{ uid: 'e1', debut: day(t, 90), fin: day(t, 91) }]) });
    const res = await addFeed(id, 'Booking.com', `${feeds.url}/booking-etag.ics`);
    const sync = await syncNow(res.body.id);
    assert.equal(sync.body.derniereErreur, null);
    const hits = feeds.hits.filter((h) => h.path === '/booking-etag.ics');
    assert.equal(hits.at(-1)!.status, 304);
    assert.ok(hits.at(-1)!.ifNoneMatch);
    assert.ok((await unavailable(id)).includes(day(t, 90)));
  });

  it('follows a redirect to the feed', async () => {
    const id = apartment();
    const t = today();
    feeds.set('/real.ics', { kind: 'ics', body: booking([{ uid: 'r1', debut: day(t, 100), fin: day(t, 101) }]) });
    feeds.set('/moved.ics', { kind: 'redirect', to: '/real.ics' });
    const res = await addFeed(id, 'Autre', `${feeds.url}/moved.ics`);
    assert.equal(res.body.derniereErreur, null);
    assert.ok((await unavailable(id)).includes(day(t, 100)));
  });

  it('shows each failure in French and keeps the last good blocks', async () => {
    const id = apartment();
    const t = today();
    feeds.set('/flaky.ics', { kind: 'ics', body: airbnb([{ uid: 'f1', debut: day(t, 110), fin: day(t, 112), kind: 'reserved' }]) });
    const res = await addFeed(id, 'Airbnb', `${feeds.url}/flaky.ics`);
    const firstSync = res.body.derniereSynchroLe;
    const cases: Array<[Parameters<FeedServer['set']>[1], string]> = [
      [{ kind: 'hang' }, 'Le calendrier Airbnb ne répond pas (délai dépassé).'],
      [{ kind: 'status', status: 500, body: 'oops' }, 'Le calendrier Airbnb répond par une erreur (HTTP 500).'],
      [{ kind: 'ics', body: HTML_PAGE, contentType: 'text/html' }, "Le fichier reçu n'est pas un calendrier iCal (calendrier Airbnb)."],
      [{ kind: 'ics', body: hugeCalendar(t) }, 'Le calendrier Airbnb est trop volumineux (plus de 5 Mo).'],
      [
        { kind: 'redirect', to: 'http://169.254.169.254/latest/meta-data' },
        "L'adresse du calendrier ne peut pas viser le réseau privé du serveur.",
      ],
      [{ kind: 'redirect', to: 'ftp://exemple.fr/cal.ics' }, "L'adresse du calendrier doit être une URL http ou https valide."],
    ];
    for (const [answer, message] of cases) {
      feeds.set('/flaky.ics', answer);
      const sync = await syncNow(res.body.id);
      assert.equal(sync.body.derniereErreur, message);
      assert.equal(sync.body.derniereSynchroLe, firstSync, 'the last successful sync stays visible');
      assert.ok((await unavailable(id)).includes(day(t, 110)), 'a failure never releases nights');
    }
    const list = await server.request('GET', `/api/admin/appartements/${id}/calendriers`, { token: admin });
    assert.equal(list.body.flux[0].derniereErreur, "L'adresse du calendrier doit être une URL http ou https valide.");
  });

  it('refuses feed URLs that are not http(s) or point at the private network (SSRF guard)', async () => {
    const id = apartment();
    const strict = await startServer({ icalImport: importSettings({ timeoutMs: 1000, maxBytes: 1024 * 1024, allowedPrivateHosts: [] }) });
    try {
      const token = await strict.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
      const post = (url: string) =>
        strict.request('POST', `/api/admin/appartements/${id}/flux`, { token, body: { libelle: 'Autre', url } });
      for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'pas une url', 'http://user:pw@exemple.fr/c.ics']) {
        const res = await post(url);
        assert.equal(res.status, 400, url);
        assert.equal(res.body.message, "L'adresse du calendrier doit être une URL http ou https valide.");
      }
      for (const url of [
        'http://127.0.0.1:5432/',
        'http://localhost/c.ics',
        'http://[::1]/c.ics',
        'http://169.254.169.254/latest/meta-data',
        'http://10.1.2.3/c.ics',
        'http://192.168.1.1/c.ics',
      ]) {
        const res = await post(url);
        assert.equal(res.status, 400, url);
        assert.equal(res.body.message, "L'adresse du calendrier ne peut pas viser le réseau privé du serveur.");
      }
      // A name that resolves to a private address (this machine's name, through /etc/hosts) is refused when connecting.
      const sneaky = await addFeedOn(strict, token, id, 'Autre', `http://${hostname()}:${new URL(feeds.url).port}/airbnb-1.ics`);
      assert.equal(sneaky.status, 201);
      assert.equal(sneaky.body.derniereErreur, "L'adresse du calendrier ne peut pas viser le réseau privé du serveur.");
    } finally {
      await strict.close();
    }
  });

  it('validates input and permissions', async () => {
    const id = apartment();
    const bad = await server.request('POST', `/api/admin/appartements/${id}/flux`, {
      token: admin,
      body: { libelle: 'Expedia', url: `${feeds.url}/x.ics` },
    });
    assert.equal(bad.status, 400);
    const missing = await server.request('POST', `/api/admin/appartements/999999/flux`, {
      token: admin,
      body: { libelle: 'Autre', url: `${feeds.url}/x.ics` },
    });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'Appartement introuvable.');
    assert.equal((await server.request('GET', `/api/admin/appartements/${id}/calendriers`, { token: client })).status, 403);
    assert.equal((await server.request('GET', `/api/admin/appartements/${id}/calendriers`)).status, 401);
    assert.equal(
      (await server.request('POST', '/api/admin/flux/999999/synchroniser', { token: admin })).body.message,
      'Calendrier importé introuvable.',
    );
    const missingFeed = await server.request('GET', '/api/admin/flux/999999', { token: admin });
    assert.equal(missingFeed.status, 404);
    assert.equal(missingFeed.body.message, 'Calendrier importé introuvable.');
    const period = await server.request('GET', '/api/admin/calendrier?du=2026-05-10&au=2026-05-01', { token: admin });
    assert.equal(period.status, 400);
    assert.equal(period.body.message, 'La date « au » doit être postérieure ou égale à la date « du ».');
    feeds.set('/dup.ics', { kind: 'ics', body: EMPTY_CALENDAR });
    assert.equal((await addFeed(id, 'Autre', `${feeds.url}/dup.ics`)).status, 201);
    const dup = await addFeed(id, 'Autre', `${feeds.url}/dup.ics`);
    assert.equal(dup.status, 409);
    assert.equal(dup.body.message, 'Ce calendrier est déjà importé pour cet appartement.');
    // A feed's status and 'Synchroniser' are for admins only.
    const own = (await server.request('GET', `/api/admin/appartements/${id}/calendriers`, { token: admin })).body.flux[0].id;
    assert.equal((await server.request('GET', `/api/admin/flux/${own}`, { token: client })).status, 403);
    assert.equal((await server.request('GET', `/api/admin/flux/${own}`)).status, 401);
    assert.equal((await server.request('POST', `/api/admin/flux/${own}/synchroniser`, { token: client })).status, 403);
    assert.equal((await server.request('POST', `/api/admin/flux/${own}/synchroniser`)).status, 401);
    assert.equal((await server.request('GET', '/api/admin/flux/abc', { token: admin })).status, 400);
  });

  it('keeps both on a conflict, stores it, shows it and e-mails the admins; a cancellation gives the nights back to the block', async () => {
    const id = apartment();
    const t = today();
    const stay = await book(id, day(t, 120), day(t, 123));
    assert.equal(stay.status, 201);
    feeds.set('/conflict.ics', { kind: 'ics', body: booking([{ uid: 'c1', debut: day(t, 122), fin: day(t, 125) }]) });
    const res = await addFeed(id, 'Booking.com', `${feeds.url}/conflict.ics`);
    assert.equal(res.status, 201);
    const conflicts = await server.request('GET', '/api/admin/calendrier/conflits', { token: admin });
    const mine = conflicts.body.filter((c: { reservationId: number }) => c.reservationId === stay.body.reservation.id);
    assert.equal(mine.length, 1);
    assert.equal(mine[0].source, 'Booking.com');
    assert.equal(mine[0].debut, day(t, 122));
    // Both kept: the stay is still there, the block's free nights block the apartment.
    const [row] = await server.database.db.select().from(reservations).where(eq(reservations.id, stay.body.reservation.id));
    assert.equal(row!.status, 'en attente');
    const days = await unavailable(id);
    for (const night of [day(t, 122), day(t, 123), day(t, 124)]) assert.ok(days.includes(night));
    await server.app.jobs.runNow('mail-queue');
    const mails = readdirSync(outboxDir(server.config.dataDir)).map((f) =>
      readFileSync(path.join(outboxDir(server.config.dataDir), f), 'utf8'),
    );
    const parsed = await Promise.all(mails.map((m) => simpleParser(m)));
    const conflictMail = parsed.find(
      (m) => m.to && 'text' in m.to && m.to.text === 'admin@sejours-messins.fr' && m.subject?.startsWith('Conflit de calendrier'),
    );
    assert.ok(conflictMail, 'admins receive an e-mail');
    // A second sync does not repeat the conflict or the mail.
    await syncNow(res.body.id);
    assert.equal(
      (await server.database.db.select().from(conflitsCalendrier).where(eq(conflitsCalendrier.reservationId, stay.body.reservation.id)))
        .length,
      1,
    );
    // The stay is cancelled: the imported night it held back blocks the apartment again.
    const cancel = await server.request('PUT', `/api/reservations/${stay.body.reservation.id}/status`, {
      token: admin,
      body: { status: 'annulée' },
    });
    assert.ok([200, 204].includes(cancel.status), cancel.text);
    const inactive = await server.database.db
      .select()
      .from(occupations)
      .where(and(eq(occupations.appartementId, id), eq(occupations.genre, 'blocage'), eq(occupations.actif, false)));
    assert.equal(inactive.length, 0);
    assert.equal((await book(id, day(t, 122), day(t, 123))).status, 409);
    const after = await server.request('GET', '/api/admin/calendrier/conflits', { token: admin });
    assert.equal(
      after.body.filter((c: { reservationId: number }) => c.reservationId === stay.body.reservation.id).length,
      0,
      'a cancelled stay has no conflict left',
    );
  });

  it('gives the held-back nights to the block when the conflicting stay is deleted or moved away', async () => {
    const id = apartment();
    const t = today();
    // Issue 31: only a stay no money moved on may be deleted (one entered by hand, no payment asked).
    const clientId = (await server.request('GET', '/api/auth/me', { token: client })).body.user.id;
    const [manual] = await server.database.db
      .insert(reservations)
      .values({
        userId: clientId,
        appartementId: id,
        startDate: day(t, 130),
        endDate: day(t, 132),
        guestsCount: 1,
        adultes: 1,
        totalPrice: 200,
        deposit: 200,
        remainder: 0,
        status: 'en attente',
      })
      .returning({ id: reservations.id });
    const stay = { body: { reservation: { id: manual!.id } } };
    feeds.set('/conflict-2.ics', { kind: 'ics', body: airbnb([{ uid: 'd1', debut: day(t, 131), fin: day(t, 133), kind: 'reserved' }]) });
    assert.equal((await addFeed(id, 'Airbnb', `${feeds.url}/conflict-2.ics`)).status, 201);
    const inactive = () =>
      server.database.db
        .select()
        .from(occupations)
        .where(and(eq(occupations.appartementId, id), eq(occupations.actif, false)));
    assert.equal((await inactive()).length, 1, 'the night of the stay is held back');
    const removed = await server.request('DELETE', `/api/reservations/${stay.body.reservation.id}`, { token: admin });
    assert.ok([200, 204].includes(removed.status), removed.text);
    assert.equal((await inactive()).length, 0);
    assert.equal((await book(id, day(t, 131), day(t, 132))).status, 409);
  });

  it('blocks and unblocks days by hand, with a note, and refuses a manual block over a booked night', async () => {
    const id = apartment();
    const t = today();
    const block = await server.request('POST', `/api/admin/appartements/${id}/blocages`, {
      token: admin,
      body: { du: day(t, 140), au: day(t, 142), note: 'Peinture' },
    });
    assert.equal(block.status, 200);
    assert.equal(block.body.jours, 3);
    const cal = await server.request('GET', `/api/admin/calendrier?du=${day(t, 140)}&au=${day(t, 142)}`, { token: admin });
    const mine = cal.body.jours.filter((j: { appartementId: number }) => j.appartementId === id);
    assert.deepEqual(
      mine.map((j: { note: string; origine: string }) => `${j.origine}:${j.note}`),
      ['manuel:Peinture', 'manuel:Peinture', 'manuel:Peinture'],
    );
    assert.equal((await book(id, day(t, 142), day(t, 144))).status, 409);
    const unblock = await server.request('POST', `/api/admin/appartements/${id}/deblocages`, {
      token: admin,
      body: { du: day(t, 141), au: day(t, 142) },
    });
    assert.equal(unblock.body.jours, 2);
    assert.equal((await book(id, day(t, 141), day(t, 144))).status, 201);
    const over = await server.request('POST', `/api/admin/appartements/${id}/blocages`, {
      token: admin,
      body: { du: day(t, 143), au: day(t, 143) },
    });
    assert.equal(over.status, 409);
    assert.equal(over.body.message, 'Ces jours comprennent une nuit déjà réservée : ils ne peuvent pas être bloqués.');
    const bad = await server.request('POST', `/api/admin/appartements/${id}/blocages`, {
      token: admin,
      body: { du: '14/05/2026', au: day(t, 143) },
    });
    assert.equal(bad.status, 400);
    const long = await server.request('POST', `/api/admin/appartements/${id}/blocages`, {
      token: admin,
      body: { du: day(t, 1), au: day(t, 400) },
    });
    assert.equal(long.status, 400);
    assert.equal(long.body.message, 'La période couvre 366 jours au plus.');
  });

  it('exports a private feed: all-day events, stable UIDs, no personal data, ETag/304, regenerated token answers 404', async () => {
    const id = apartment();
    const t = today();
    const stay = await book(id, day(t, 150), day(t, 152));
    assert.equal(stay.status, 201);
    await server.database.db.insert(disponibilites).values({ appartementId: id, date: day(t, 160) });
    feeds.set('/exp.ics', { kind: 'ics', body: airbnb([{ uid: 'ex', debut: day(t, 170), fin: day(t, 171), kind: 'reserved' }]) });
    await addFeed(id, 'Airbnb', `${feeds.url}/exp.ics`);
    const info = await server.request('GET', `/api/admin/appartements/${id}/calendriers`, { token: admin });
    const exportPath = new URL(info.body.exportUrl).pathname;
    assert.match(exportPath, new RegExp(`^/ical/${id}/[A-Za-z0-9_-]{40,}\\.ics$`));
    const res = await fetch(`${server.url}${exportPath}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^text\/calendar/);
    const body = await res.text();
    assert.ok(body.includes(`DTSTART;VALUE=DATE:${day(t, 150).replace(/-/g, '')}`));
    assert.ok(body.includes(`DTEND;VALUE=DATE:${day(t, 152).replace(/-/g, '')}`));
    assert.ok(body.includes(`DTSTART;VALUE=DATE:${day(t, 160).replace(/-/g, '')}`));
    assert.ok(body.includes(`DTSTART;VALUE=DATE:${day(t, 170).replace(/-/g, '')}`));
    assert.ok(body.includes(`UID:sejour-${stay.body.reservation.id}@`));
    assert.ok(!body.includes('Camille') && !body.includes('camille') && !body.includes('Reserved'), 'no guest data, no foreign summary');
    assert.equal(body.match(/SUMMARY:Réservé/g)?.length, 3);
    const etag = res.headers.get('etag')!;
    const again = await fetch(`${server.url}${exportPath}`);
    assert.equal(await again.text(), body, 'the body is stable between changes');
    assert.equal((await fetch(`${server.url}${exportPath}`, { headers: { 'if-none-match': etag } })).status, 304);
    assert.equal(
      (await fetch(`${server.url}${exportPath}`, { headers: { 'if-modified-since': res.headers.get('last-modified')! } })).status,
      304,
    );
    await server.database.db.insert(disponibilites).values({ appartementId: id, date: day(t, 180) });
    const changed = await fetch(`${server.url}${exportPath}`, { headers: { 'if-none-match': etag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), etag);
    const regen = await server.request('POST', `/api/admin/appartements/${id}/calendriers/regenerer`, { token: admin });
    assert.notEqual(regen.body.exportUrl, info.body.exportUrl);
    const old = await fetch(`${server.url}${exportPath}`);
    assert.equal(old.status, 404);
    assert.equal((await fetch(`${server.url}${new URL(regen.body.exportUrl).pathname}`)).status, 200);
    assert.equal((await fetch(`${server.url}/ical/${id}/nope.ics`)).status, 404);
  });

  it('round trip: our export imported into a second instance blocks the same nights', async () => {
    const id = apartment();
    const t = today();
    assert.equal((await book(id, day(t, 200), day(t, 203))).status, 201);
    await server.request('POST', `/api/admin/appartements/${id}/blocages`, { token: admin, body: { du: day(t, 210), au: day(t, 211) } });
    const info = await server.request('GET', `/api/admin/appartements/${id}/calendriers`, { token: admin });
    const second = await startServer({ icalImport: importSettings({ timeoutMs: 2000, allowedPrivateHosts: ['127.0.0.1'] }) });
    try {
      const token = await second.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
      const res = await addFeedOn(second, token, id, 'Autre', `${server.url}${new URL(info.body.exportUrl).pathname}`);
      assert.equal(res.status, 201);
      assert.equal(res.body.derniereErreur, null);
      const there = (await second.request('GET', `/api/appartements/disponibilites/${id}`)).body.map((d: { date: string }) => d.date);
      const here = await unavailable(id);
      const window = [...nightsOf(day(t, 199), day(t, 212))];
      assert.deepEqual(
        window.filter((d) => there.includes(d)),
        window.filter((d) => here.includes(d)),
      );
      assert.deepEqual(
        window.filter((d) => there.includes(d)),
        [day(t, 200), day(t, 201), day(t, 202), day(t, 210), day(t, 211)],
      );
    } finally {
      await second.close();
    }
  });

  it('never leaves an active stay and an active block on the same night (database rule)', async () => {
    const rows = await server.database.db.execute(sql`
      select count(*)::int as n from occupations s join occupations b
        on s.appartement_id = b.appartement_id and s.genre = 'sejour' and b.genre = 'blocage' and s.actif and b.actif
       and daterange(s.debut, s.fin, '[)') && daterange(b.debut, b.fin, '[)')`);
    assert.equal((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n, 0);
  });
});

/**
 * Issue 26, « imports that cannot hurt »: a feed is clipped to the bookable window and capped, read
 * in a worker thread within a time and memory budget, written in batches; 'Synchroniser' answers at
 * once and the feed reports the sync's progress; the export token never reaches the logs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { addDaysIso, lastDepartureDay, todayIn } from 'shared-kernel/rules';
import { loadConfig, type IcalImportSettings } from '../src/config.js';
import { blocagesImportes, occupations } from '../src/db/schema.js';
import { airbnb, calendar, centuryEvents, day } from './fixtures/ota-feeds.js';
import { startFeedServer, type FeedServer } from './support/feed-server.js';
import { syncedFeed } from './support/feed-sync.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments, apartmentsInTurn } from './support/catalogue.js';

const today = () => todayIn('Europe/Paris');
const settings = (overrides: Partial<IcalImportSettings> = {}): IcalImportSettings => ({
  ...loadConfig({}).icalImport,
  timeoutMs: 2000,
  allowedPrivateHosts: ['127.0.0.1'],
  ...overrides,
});
const frenchCount = (n: number) => new Intl.NumberFormat('fr-FR').format(n);

/** Events repeating every day since 1900 at a Paris time: each costs the parser about 50 ms (1,000 of them, about a minute). */
function dailySince1900(count: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Exemple//Quotidien//FR'];
  for (let i = 0; i < count; i += 1) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:quotidien-${i}@exemple.fr`,
      'DTSTART;TZID=Europe/Paris:19000101T160000',
      'DTEND;TZID=Europe/Paris:19000102T100000',
      'RRULE:FREQ=DAILY',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return calendar(lines);
}

/** Many short events with long descriptions: a large heap once read. */
function heavyFeed(events: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Exemple//Lourd//FR'];
  const t = today();
  for (let i = 0; i < events; i += 1) {
    const start = day(t, 2 + (i % 300)).replace(/-/g, '');
    lines.push(
      'BEGIN:VEVENT',
      `UID:lourd-${i}@exemple.fr`,
      `DTSTART;VALUE=DATE:${start}`,
      `SUMMARY:Séjour ${i} ${'x'.repeat(40)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return calendar(lines);
}

describe('imports that cannot hurt (issue 26)', () => {
  let server: TestServer;
  let feeds: FeedServer;
  let admin: string;
  const inTurn = apartmentsInTurn();
  const apartment = inTurn.next;

  before(async () => {
    feeds = await startFeedServer();
    server = await startServer({ icalImport: settings({ maxNightsPerFeed: 1000 }) });
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    await inTurn.load(server);
  });
  after(async () => {
    await server.close();
    await feeds.close();
  });

  async function addFeed(target: TestServer, token: string, appartementId: number, url: string) {
    const res = await target.request('POST', `/api/admin/appartements/${appartementId}/flux`, { token, body: { libelle: 'Autre', url } });
    assert.equal(res.status, 201, res.text);
    return syncedFeed(target.url, token, res.body.id);
  }

  /** The nights an imported block may cover: the night before today … the last departure day. */
  function bookableWindow(): { from: string; to: string; nights: number } {
    const t = today();
    const from = addDaysIso(t, -1);
    const to = lastDepartureDay(t, server.config.stayLimits);
    return { from, to, nights: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) };
  }

  async function nightsOfFeed(feedId: number): Promise<{ rows: number; first: string; last: string }> {
    const result = await server.database.db.execute(sql`
      select count(*)::int as rows, min(o.debut)::text as first, max(o.debut)::text as last
      from occupations o join blocages_importes b on b.id = o.blocage_id where b.flux_id = ${feedId}`);
    return (result as unknown as { rows: Array<{ rows: number; first: string; last: string }> }).rows[0]!;
  }

  it('clips an event of two centuries to the bookable window; the guest calendar reads no more than that window', async () => {
    const id = apartment();
    const t = today();
    const window = bookableWindow();
    feeds.set('/siecle.ics', { kind: 'ics', body: centuryEvents(1) });
    const feed = await addFeed(server, admin, id, `${feeds.url}/siecle.ics`);
    assert.equal(feed.derniereErreur, null);
    assert.equal(feed.avertissement, null);
    assert.equal(feed.evenements, 1);
    const [block] = await server.database.db.select().from(blocagesImportes).where(eq(blocagesImportes.fluxId, feed.id));
    assert.deepEqual([block!.debut, block!.fin], [window.from, window.to]);
    assert.deepEqual(await nightsOfFeed(feed.id), { rows: window.nights, first: window.from, last: addDaysIso(window.to, -1) });
    const days = ((await server.request('GET', `/api/appartements/disponibilites/${id}`)).body as Array<{ date: string }>).map(
      (d) => d.date,
    );
    assert.equal(days[0], t);
    assert.equal(days.at(-1), addDaysIso(window.to, -1), 'every bookable night is blocked, and nothing past the window is read');
    assert.equal(days.length, window.nights - 1);
  });

  it('keeps at most the configured nights of one feed, the nearest first, and says so in French', async () => {
    const id = apartment();
    const t = today();
    const window = bookableWindow();
    feeds.set('/siecles.ics', { kind: 'ics', body: centuryEvents(5) });
    const feed = await addFeed(server, admin, id, `${feeds.url}/siecles.ics`);
    assert.equal(feed.derniereErreur, null);
    assert.equal(
      feed.avertissement,
      `Le calendrier Autre bloque ${frenchCount(5 * window.nights)} nuits : seules les ${frenchCount(1000)} plus proches sont importées (${frenchCount(1000)} au plus par calendrier).`,
    );
    assert.equal((await nightsOfFeed(feed.id)).rows, 1000);
    // The first event whole, the second cut short, the others left out.
    const blocks = await server.database.db
      .select({ debut: blocagesImportes.debut, fin: blocagesImportes.fin })
      .from(blocagesImportes)
      .where(eq(blocagesImportes.fluxId, feed.id));
    assert.deepEqual(
      blocks.map((b) => [b.debut, b.fin]).sort(),
      [
        [window.from, addDaysIso(window.from, 1000 - window.nights)],
        [window.from, window.to],
      ].sort(),
    );
    const list = await server.request('GET', `/api/admin/appartements/${id}/calendriers`, { token: admin });
    assert.equal(list.body.flux[0].avertissement, feed.avertissement);
    // A feed within the cap again clears the warning.
    feeds.set('/siecles.ics', { kind: 'ics', body: airbnb([{ uid: 'sage', debut: day(t, 5), fin: day(t, 7), kind: 'reserved' }]) });
    const res = await server.request('POST', `/api/admin/flux/${feed.id}/synchroniser`, { token: admin });
    assert.equal(res.status, 202);
    const calm = await syncedFeed(server.url, admin, feed.id);
    assert.equal(calm.avertissement, null);
    assert.deepEqual(await nightsOfFeed(feed.id), { rows: 2, first: day(t, 5), last: day(t, 6) });
  });

  it("answers 'Synchroniser' at once (202), reports the sync's progress, and never runs two syncs of a feed", async () => {
    const id = apartment();
    const t = today();
    feeds.set('/lent.ics', { kind: 'ics', body: airbnb([{ uid: 'lent-1', debut: day(t, 20), fin: day(t, 22), kind: 'reserved' }]) });
    const feed = await addFeed(server, admin, id, `${feeds.url}/lent.ics`);
    feeds.set('/lent.ics', {
      kind: 'ics',
      body: airbnb([{ uid: 'lent-1', debut: day(t, 24), fin: day(t, 26), kind: 'reserved' }]),
      delayMs: 1200,
    });
    const hitsBefore = feeds.hits.filter((h) => h.path === '/lent.ics').length;
    const started = Date.now();
    const res = await server.request('POST', `/api/admin/flux/${feed.id}/synchroniser`, { token: admin });
    assert.equal(res.status, 202);
    assert.ok(Date.now() - started < 1000, 'the answer does not wait for the channel');
    assert.ok(['attente', 'telechargement'].includes(res.body.synchro?.etape), JSON.stringify(res.body.synchro));
    await new Promise((r) => setTimeout(r, 300));
    const during = await server.request('GET', `/api/admin/flux/${feed.id}`, { token: admin });
    assert.equal(during.body.synchro.etape, 'telechargement');
    assert.match(during.body.synchro.depuis, /^\d{4}-\d{2}-\d{2}T/);
    // A second click, or the periodic job, while it runs: the same sync, reported again.
    const again = await server.request('POST', `/api/admin/flux/${feed.id}/synchroniser`, { token: admin });
    assert.equal(again.status, 202);
    assert.equal(again.body.synchro.etape, 'telechargement');
    await server.app.jobs.runNow('calendriers-import');
    const done = await syncedFeed(server.url, admin, feed.id);
    assert.equal(done.derniereErreur, null);
    assert.equal(feeds.hits.filter((h) => h.path === '/lent.ics').length, hitsBefore + 1, 'one download for the three requests');
    const days = ((await server.request('GET', `/api/appartements/disponibilites/${id}`)).body as Array<{ date: string }>).map(
      (d) => d.date,
    );
    assert.ok(days.includes(day(t, 24)) && !days.includes(day(t, 20)));
  });

  it('re-reads a block stored before the window existed and keeps only its bookable nights', async () => {
    const id = apartment();
    const t = today();
    const debut = addDaysIso(t, -400);
    const fin = addDaysIso(t, 1000);
    feeds.set('/ancien.ics', { kind: 'ics', body: airbnb([{ uid: 'ancien', debut, fin, kind: 'blocked' }]) });
    const feed = await addFeed(server, admin, id, `${feeds.url}/ancien.ics`);
    // What an import before issue 26 left: the whole event, 1,400 nights, each an occupancy row.
    await server.database.db.delete(blocagesImportes).where(eq(blocagesImportes.fluxId, feed.id));
    const [legacy] = await server.database.db
      .insert(blocagesImportes)
      .values({ fluxId: feed.id, appartementId: id, uid: 'ancien@airbnb.com', debut, fin, resume: null })
      .returning();
    await server.database.db.execute(sql`
      insert into occupations (appartement_id, debut, fin, genre, actif, blocage_id)
      select ${id}, n::date, (n + interval '1 day')::date, 'blocage', true, ${legacy!.id}
      from generate_series(${debut}::timestamp, (${fin}::date - 1)::timestamp, interval '1 day') n`);
    assert.equal((await nightsOfFeed(feed.id)).rows, 1400);
    await server.database.db.execute(sql`update flux_ical set empreinte = null, etag = null where id = ${feed.id}`);
    const res = await server.request('POST', `/api/admin/flux/${feed.id}/synchroniser`, { token: admin });
    assert.equal(res.status, 202);
    assert.equal((await syncedFeed(server.url, admin, feed.id)).derniereErreur, null);
    const window = bookableWindow();
    const after = await nightsOfFeed(feed.id);
    assert.deepEqual([after.first, after.last], [window.from, addDaysIso(window.to, -1)]);
    assert.equal(await server.database.db.$count(occupations, eq(occupations.blocageId, legacy!.id)), 0, 'the old rows are gone');
  });

  it('reads a feed in a worker: the server answers meanwhile, and a feed past the time budget is stopped with a French status', async () => {
    const slow = await startServer({ icalImport: settings({ parseTimeoutMs: 2000 }) });
    try {
      const token = await slow.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
      const t = today();
      const [first] = ((await allApartments(slow)) as Array<{ id: number }>).map((a) => a.id);
      feeds.set('/quotidien.ics', { kind: 'ics', body: airbnb([{ uid: 'avant', debut: day(t, 30), fin: day(t, 31), kind: 'reserved' }]) });
      const res = await slow.request('POST', `/api/admin/appartements/${first}/flux`, {
        token,
        body: { libelle: 'Autre', url: `${feeds.url}/quotidien.ics` },
      });
      const good = await syncedFeed(slow.url, token, res.body.id);
      feeds.set('/quotidien.ics', { kind: 'ics', body: dailySince1900(1000) });
      const started = Date.now();
      const sync = await slow.request('POST', `/api/admin/flux/${good.id}/synchroniser`, { token });
      assert.equal(sync.status, 202);
      // While the worker reads, requests are answered.
      let reading = false;
      for (let i = 0; i < 200 && !reading; i += 1) {
        const feed = (await slow.request('GET', `/api/admin/flux/${good.id}`, { token })).body;
        reading = feed.synchro?.etape === 'lecture';
        if (!reading) await new Promise((r) => setTimeout(r, 20));
      }
      assert.ok(reading, 'the feed reports its reading');
      const health = await slow.request('GET', '/api/health');
      assert.equal(health.status, 200);
      assert.equal(
        (await slow.request('GET', `/api/admin/flux/${good.id}`, { token })).body.synchro?.etape,
        'lecture',
        'answered while the feed is being read',
      );
      const done = await syncedFeed(slow.url, token, good.id);
      assert.ok(Date.now() - started < 30_000);
      assert.equal(done.derniereErreur, 'Le calendrier Autre demande trop de calcul : sa lecture a été arrêtée après 2 s.');
      const days = ((await slow.request('GET', `/api/appartements/disponibilites/${first}`)).body as Array<{ date: string }>).map(
        (d) => d.date,
      );
      assert.ok(days.includes(day(t, 30)), 'the last good blocks stay');
    } finally {
      await slow.close();
    }
  });

  it('stops a feed whose reading needs more memory than its budget, with a French status', async () => {
    const small = await startServer({ icalImport: settings({ parseMemoryMb: 32 }) });
    try {
      const token = await small.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
      const [first] = ((await allApartments(small)) as Array<{ id: number }>).map((a) => a.id);
      feeds.set('/lourd.ics', { kind: 'ics', body: heavyFeed(30_000) });
      const res = await small.request('POST', `/api/admin/appartements/${first}/flux`, {
        token,
        body: { libelle: 'Autre', url: `${feeds.url}/lourd.ics` },
      });
      const done = await syncedFeed(small.url, token, res.body.id);
      assert.equal(done.derniereErreur, 'Le calendrier Autre demande trop de mémoire : sa lecture a été arrêtée au-delà de 32 Mo.');
      assert.equal(done.derniereSynchroLe, null);
    } finally {
      await small.close();
    }
  });
});

describe('the export token stays out of the logs (issue 26)', () => {
  let server: TestServer;
  const lines: string[] = [];
  before(async () => {
    server = await startServer({ logLevel: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  after(() => server.close());

  it('logs the export requests, current and old token, without the token', async () => {
    const admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    const [apartment] = (await allApartments(server)) as Array<{ id: number }>;
    const info = await server.request('GET', `/api/admin/appartements/${apartment!.id}/calendriers`, { token: admin });
    const oldPath = new URL(info.body.exportUrl).pathname;
    assert.equal((await fetch(`${server.url}${oldPath}?x=1`)).status, 200);
    const regen = await server.request('POST', `/api/admin/appartements/${apartment!.id}/calendriers/regenerer`, { token: admin });
    const newPath = new URL(regen.body.exportUrl).pathname;
    assert.equal((await fetch(`${server.url}${newPath}`)).status, 200);
    assert.equal((await fetch(`${server.url}${oldPath}`)).status, 404);
    const output = lines.join('');
    for (const p of [oldPath, newPath]) {
      const token = p
        .split('/')
        .pop()!
        .replace(/\.ics$/, '');
      assert.ok(!output.includes(token), `token in the log: ${token.slice(0, 6)}…`);
    }
    assert.ok(output.includes(`/ical/${apartment!.id}/[masqué]`), 'the export requests are logged, the token masked');
  });
});

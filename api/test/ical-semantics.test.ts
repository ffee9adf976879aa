/**
 * Issue 26, « iCal semantics right »: one fixture per case (test/fixtures/ical/*.ics, dates written
 * `{{J+n}}`, n days from today in Paris), imported through the admin API like a channel's feed, the
 * nights then read from the guest calendar. Floating times and Google's X-WR-TIMEZONE are also
 * imported by API processes running with TZ=America/New_York and TZ=Pacific/Kiritimati: they must
 * be read in Europe/Paris whatever the server's zone.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { todayIn } from 'shared-kernel/rules';
import { loadConfig } from '../src/config.js';
import { parseFeed } from '../src/modules/calendriers/parse-feed.js';
import { airbnb, day } from './fixtures/ota-feeds.js';
import { startFeedServer, type FeedServer } from './support/feed-server.js';
import { syncedFeed } from './support/feed-sync.js';
import {
  createTestDatabase,
  randomPort,
  startApiProcess,
  startServer,
  stopProcess,
  waitForHttp,
  type TestDatabase,
  type TestServer,
} from './helpers.js';
import { allApartments, apartmentsInTurn } from './support/catalogue.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'ical');
const today = () => todayIn('Europe/Paris');

/** A fixture with its `{{J+n}}` replaced by the date n days from today (YYYYMMDD). */
function fixture(name: string): string {
  return readFileSync(path.join(fixtures, name), 'utf8').replace(/\{\{J\+(\d+)\}\}/g, (_, n: string) =>
    day(today(), Number(n)).replace(/-/g, ''),
  );
}

/** The admin API of a server, in-process or child: add a feed, wait for its sync, read the guest calendar. */
interface Api {
  url: string;
  admin: string;
}

async function call(api: Api, method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${api.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${api.admin}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function importFeed(api: Api, appartementId: number, url: string, libelle = 'Autre'): Promise<any> {
  const res = await call(api, 'POST', `/api/admin/appartements/${appartementId}/flux`, { libelle, url });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return syncedFeed(api.url, api.admin, res.body.id);
}

async function resync(api: Api, feedId: number): Promise<any> {
  const res = await call(api, 'POST', `/api/admin/flux/${feedId}/synchroniser`);
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return syncedFeed(api.url, api.admin, feedId);
}

/** Which of the nights (offsets from today) the guest calendar shows as taken. */
async function taken(api: Api, appartementId: number, offsets: number[]): Promise<number[]> {
  const res = await fetch(`${api.url}/api/appartements/disponibilites/${appartementId}`);
  const days = new Set(((await res.json()) as Array<{ date: string }>).map((d) => d.date));
  return offsets.filter((n) => days.has(day(today(), n)));
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('iCal semantics (issue 26)', () => {
  let server: TestServer;
  let feeds: FeedServer;
  let api: Api;
  const inTurn = apartmentsInTurn();
  const apartment = inTurn.next;

  before(async () => {
    feeds = await startFeedServer();
    server = await startServer({ icalImport: { ...loadConfig({}).icalImport, timeoutMs: 2000, allowedPrivateHosts: ['127.0.0.1'] } });
    api = { url: server.url, admin: await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026') };
    await inTurn.load(server);
  });
  after(async () => {
    await server.close();
    await feeds.close();
  });

  async function importFixture(name: string): Promise<{ id: number; feed: any }> {
    const id = apartment();
    feeds.set(`/${name}`, { kind: 'ics', body: fixture(name) });
    const feed = await importFeed(api, id, `${feeds.url}/${name}`);
    assert.equal(feed.derniereErreur, null);
    return { id, feed };
  }

  it('two events sharing a UID without RECURRENCE-ID both block their nights', async () => {
    const { id, feed } = await importFixture('duplicate-uid.ics');
    assert.deepEqual(await taken(api, id, range(9, 23)), [10, 11, 12, 20, 21]);
    assert.equal(feed.evenements, 2);
  });

  it('honours STATUS:CANCELLED on an event and on one occurrence of a series', async () => {
    const { id } = await importFixture('cancelled.ics');
    assert.deepEqual(await taken(api, id, range(29, 55)), [40, 54]);
  });

  it('moves the occurrence a RECURRENCE-ID overrides', async () => {
    const { id } = await importFixture('recurrence-id-moved.ics');
    assert.deepEqual(await taken(api, id, range(59, 76)), [60, 61, 69, 70, 74, 75]);
  });

  it('blocks the RDATE occurrences, plain dates and periods', async () => {
    const { id } = await importFixture('rdate.ics');
    assert.deepEqual(await taken(api, id, range(79, 104)), [80, 85, 90, 95, 100, 101, 102]);
  });

  it('leaves free the occurrences an EXDATE removes, given as a date or as a time', async () => {
    const { id } = await importFixture('exdate.ics');
    assert.deepEqual(await taken(api, id, range(109, 132)), [110, 131]);
  });

  it('reads floating times and Google’s X-WR-TIMEZONE in Europe/Paris', async () => {
    const floating = await importFixture('floating.ics');
    assert.deepEqual(await taken(api, floating.id, range(138, 143)), [140, 141]);
    const google = await importFixture('google-x-wr-timezone.ics');
    assert.deepEqual(await taken(api, google.id, range(148, 157)), [150, 151, 155]);
  });

  it('reads property and parameter names in any case', async () => {
    const { id, feed } = await importFixture('lowercase-names.ics');
    assert.equal(feed.evenements, 2);
    assert.deepEqual(await taken(api, id, range(159, 167)), [160, 161, 165]);
  });

  /** A good feed first, then the broken file: refused with its French reason, the nights kept. */
  async function refused(name: string, good: string, nights: number[], message: string): Promise<void> {
    const id = apartment();
    feeds.set(`/${name}`, { kind: 'ics', body: good });
    const first = await importFeed(api, id, `${feeds.url}/${name}`, 'Airbnb');
    assert.equal(first.derniereErreur, null);
    assert.deepEqual(await taken(api, id, nights), nights);
    feeds.set(`/${name}`, { kind: 'ics', body: fixture(name) });
    const after = await resync(api, first.id);
    assert.equal(after.derniereErreur, message);
    assert.equal(after.derniereSynchroLe, first.derniereSynchroLe, 'the last successful sync stays the one before');
    assert.deepEqual(await taken(api, id, nights), nights, 'a refused file releases no night');
  }

  it('refuses a file whose lines end with a bare CR, with a French status, and keeps the nights', async () => {
    const t = today();
    await refused(
      'bare-cr.ics',
      airbnb([{ uid: 'cr-seul-1', debut: day(t, 170), fin: day(t, 172), kind: 'reserved' }]),
      [170, 171],
      'Le calendrier Airbnb est illisible : ses lignes se terminent par un retour chariot seul (CR) au lieu de CRLF.',
    );
  });

  it('refuses a file cut short during the download and keeps the nights of its lost events', async () => {
    const t = today();
    const good = airbnb([
      { uid: 'tronque-1', debut: day(t, 180), fin: day(t, 181), kind: 'reserved' },
      { uid: 'tronque-2', debut: day(t, 186), fin: day(t, 187), kind: 'reserved' },
    ]);
    await refused(
      'unparsable-truncated.ics',
      good,
      [180, 186],
      "Le calendrier Airbnb est illisible : le fichier s'arrête avant la fin de VEVENT (ligne 11), il a sans doute été coupé.",
    );
  });

  it('refuses a file with a line that is not iCal, naming the line', async () => {
    const t = today();
    await refused(
      'unparsable-line.ics',
      airbnb([{ uid: 'ligne-1', debut: day(t, 190), fin: day(t, 192), kind: 'reserved' }]),
      [190, 191],
      `Le calendrier Airbnb est illisible : la ligne 6 n'est pas une ligne iCal (« DTSTART;VALUE=DATE ${day(t, 190).replace(/-/g, '')} »).`,
    );
  });
});

for (const zone of ['America/New_York', 'Pacific/Kiritimati']) {
  describe(`floating times on a server running with TZ=${zone}`, { timeout: 300_000 }, () => {
    let feeds: FeedServer;
    let db: TestDatabase;
    let child: ChildProcess;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-ical-tz-'));
    const port = randomPort();
    const api: Api = { url: `http://127.0.0.1:${port}`, admin: '' };

    before(async () => {
      feeds = await startFeedServer();
      db = await createTestDatabase();
      child = startApiProcess({
        TZ: zone,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: db.databaseUrl ?? '',
        ICAL_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
        JOBS_ENABLED: 'false',
      });
      // Migrating and seeding a fresh database can take longer than one waitForHttp on a busy machine.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await waitForHttp(`${api.url}/api/health`);
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      const login = await fetch(`${api.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@sejours-messins.fr', password: 'Admin-Metz-2026' }),
      });
      api.admin = ((await login.json()) as { token: string }).token;
    });
    after(async () => {
      await stopProcess(child);
      await feeds.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('reads floating times, with or without X-WR-TIMEZONE, in Europe/Paris', async () => {
      const [first, second] = ((await allApartments(api.url)) as Array<{ id: number }>).map((a) => a.id);
      feeds.set('/floating.ics', { kind: 'ics', body: fixture('floating.ics') });
      feeds.set('/google.ics', { kind: 'ics', body: fixture('google-x-wr-timezone.ics') });
      const a = await importFeed(api, first!, `${feeds.url}/floating.ics`);
      const b = await importFeed(api, second!, `${feeds.url}/google.ics`);
      assert.equal(a.derniereErreur, null);
      assert.equal(b.derniereErreur, null);
      assert.deepEqual(await taken(api, first!, range(138, 143)), [140, 141]);
      assert.deepEqual(await taken(api, second!, range(148, 157)), [150, 151, 155]);
    });
  });
}

describe('parseFeed: the zone of floating times (X-WR-TIMEZONE, unknown TZIDs)', () => {
  const window = { from: '2030-01-01', to: '2031-01-01' };
  const feed = (header: string[], start: string, end: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      ...header,
      'BEGIN:VEVENT',
      'UID:zone@exemple.fr',
      start,
      end,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  const nights = (body: string) => parseFeed(body, window, 3000).ranges.map((r) => `${r.debut}/${r.fin}`);

  it('reads them in the zone X-WR-TIMEZONE names', () => {
    // 09:00 and 08:00 in New York are 15:00 and 14:00 in Paris: the nights of the 10th, 11th and 12th.
    assert.deepEqual(nights(feed(['X-WR-TIMEZONE:America/New_York'], 'DTSTART:20300610T090000', 'DTEND:20300612T080000')), [
      '2030-06-10/2030-06-13',
    ]);
  });

  it('reads them in Europe/Paris when X-WR-TIMEZONE names no zone, and a TZID nobody knows too', () => {
    // 09:00 and 08:00 in Paris are mornings: the nights of the 9th, 10th and 11th.
    assert.deepEqual(nights(feed(['X-WR-TIMEZONE:Mars/Olympus'], 'DTSTART:20300610T090000', 'DTEND:20300612T080000')), [
      '2030-06-09/2030-06-12',
    ]);
    assert.deepEqual(nights(feed([], 'DTSTART;TZID=Mars/Olympus:20300610T090000', 'DTEND;TZID=Mars/Olympus:20300612T080000')), [
      '2030-06-09/2030-06-12',
    ]);
  });
});

/**
 * Issue 32 item 6: the admin calendar by pages of apartments (`page`, `parPage`, the timeline's
 * lines), with `total`, of every town or of one; its French 400s; and, without `parPage`, the whole
 * calendar as it was sent before pages (an older admin remote asks for it). Over the demo data, with
 * a stay, a manual block and a conflict on the first and on the last apartment of the list.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { CALENDAR_PAGE_INVALID, CALENDAR_PAGE_WITHOUT_SIZE, CALENDAR_PER_PAGE_INVALID } from '../src/modules/calendriers/admin-calendar.js';
import { startServer, type TestServer } from './helpers.js';
import { addCalendarRows, type CalendarAnswer } from './support/calendar-rows.js';

describe('admin calendar by pages of apartments', () => {
  let server: TestServer;
  let token = '';
  const du = addDaysIso(todayIn('Europe/Paris'), 60);
  const au = addDaysIso(du, 30);
  /** Every apartment in the calendar's order (title, then number), and Metz's. */
  let ordered: { id: number; ville: string }[] = [];
  let metz: number[] = [];

  const calendar = (query: string) => server.request<CalendarAnswer>('GET', `/api/admin/calendrier?du=${du}&au=${au}${query}`, { token });

  before(async () => {
    server = await startServer();
    token = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    const client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    const me = (await server.request('GET', '/api/auth/me', { token: client })).body.user.id as number;
    const result = (await server.database.db.execute(sql`select id, ville from appartements order by titre, id`)) as unknown as {
      rows: { id: number; ville: string }[];
    };
    ordered = result.rows;
    metz = ordered.filter((a) => a.ville === 'Metz').map((a) => a.id);
    for (const appartementId of [ordered[0]!.id, ordered[ordered.length - 1]!.id])
      await addCalendarRows(server, { adminToken: token, userId: me, appartementId, du });
  });
  after(() => server.close());

  it('without parPage, sends every apartment with their stays, days and conflicts, as before pages', async () => {
    const all = await calendar('');
    assert.equal(all.status, 200);
    assert.deepEqual(Object.keys(all.body), ['du', 'au', 'ville', 'villes', 'appartements', 'reservations', 'jours', 'conflits']);
    assert.deepEqual(
      all.body.appartements.map((a) => a.id),
      ordered.map((a) => a.id),
    );
    const withStays = new Set(all.body.reservations.map((r) => r.appartementId));
    assert.ok(withStays.has(ordered[0]!.id) && withStays.has(ordered[ordered.length - 1]!.id));
    assert.deepEqual(new Set(all.body.conflits.map((c) => c.appartementId)), new Set([ordered[0]!.id, ordered[ordered.length - 1]!.id]));
  });

  it('sends the pages of apartments in order, each with only its apartments’ stays, days and conflicts, and the total', async () => {
    const all = (await calendar('')).body;
    const parPage = 2;
    const pages = Math.ceil(ordered.length / parPage);
    assert.ok(pages >= 3, 'assez d’appartements pour trois pages');
    const seen: number[] = [];
    for (let page = 1; page <= pages; page += 1) {
      const res = await calendar(`&page=${page}&parPage=${parPage}`);
      assert.equal(res.status, 200, `page ${page}`);
      const ids = res.body.appartements.map((a) => a.id);
      assert.deepEqual(
        ids,
        ordered.slice((page - 1) * parPage, page * parPage).map((a) => a.id),
      );
      assert.equal(res.body.total, ordered.length);
      assert.equal(res.body.page, page);
      assert.equal(res.body.parPage, parPage);
      assert.equal(res.body.ville, null);
      assert.deepEqual(res.body.villes, all.villes);
      const mine = <T extends { appartementId: number }>(rows: T[]) => rows.filter((r) => ids.includes(r.appartementId));
      assert.deepEqual(res.body.reservations, mine(all.reservations), `page ${page}`);
      assert.deepEqual(res.body.jours, mine(all.jours), `page ${page}`);
      assert.deepEqual(res.body.conflits, mine(all.conflits), `page ${page}`);
      seen.push(...ids);
    }
    assert.deepEqual(
      seen,
      ordered.map((a) => a.id),
    );
    // The first page holds the first apartment's stay and conflict; the last page the last one's.
    const first = (await calendar(`&parPage=${parPage}`)).body;
    assert.equal(first.page, 1);
    assert.ok(first.reservations.some((r) => r.appartementId === ordered[0]!.id));
    assert.deepEqual(
      first.conflits.map((c) => c.appartementId),
      [ordered[0]!.id],
    );
    const beyond = await calendar(`&page=${pages + 1}&parPage=${parPage}`);
    assert.equal(beyond.status, 200);
    assert.deepEqual(
      [beyond.body.appartements, beyond.body.reservations, beyond.body.jours, beyond.body.conflits, beyond.body.total],
      [[], [], [], [], ordered.length],
    );
  });

  it('pages the apartments of one town, its total their number', async () => {
    const parPage = 2;
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(metz.length / parPage); page += 1) {
      const res = await calendar(`&ville=Metz&page=${page}&parPage=${parPage}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.total, metz.length);
      assert.equal(res.body.ville, 'Metz');
      assert.ok(res.body.appartements.length <= parPage);
      assert.ok(res.body.reservations.every((r) => metz.includes(r.appartementId)));
      assert.ok(res.body.jours.every((j) => metz.includes(j.appartementId)));
      seen.push(...res.body.appartements.map((a) => a.id));
    }
    assert.deepEqual(seen, metz);
    const other = ordered.find((a) => a.ville !== 'Metz')!;
    const town = await calendar(`&ville=${encodeURIComponent(other.ville)}&parPage=100`);
    assert.equal(town.body.total, ordered.filter((a) => a.ville === other.ville).length);
    assert.ok(town.body.appartements.every((a) => ordered.find((o) => o.id === a.id)!.ville === other.ville));
  });

  it('answers a wrong page or page size with a French 400', async () => {
    for (const [query, message] of [
      ['&parPage=0', CALENDAR_PER_PAGE_INVALID],
      ['&parPage=101', CALENDAR_PER_PAGE_INVALID],
      ['&parPage=dix', CALENDAR_PER_PAGE_INVALID],
      ['&parPage=-5', CALENDAR_PER_PAGE_INVALID],
      ['&parPage=2.5', CALENDAR_PER_PAGE_INVALID],
      ['&parPage=20&page=0', CALENDAR_PAGE_INVALID],
      ['&parPage=20&page=deux', CALENDAR_PAGE_INVALID],
      ['&parPage=20&page=100001', CALENDAR_PAGE_INVALID],
      ['&page=2', CALENDAR_PAGE_WITHOUT_SIZE],
    ] as const) {
      const res = await calendar(query);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.message, message, query);
    }
    assert.equal(CALENDAR_PER_PAGE_INVALID, 'Le nombre d’appartements par page doit être un entier entre 1 et 100.');
    assert.equal(CALENDAR_PAGE_INVALID, 'La page doit être un entier supérieur ou égal à 1.');
    const long = await calendar(`&parPage=${'1'.repeat(21)}`);
    assert.equal(long.status, 400);
    assert.equal(long.body.message, 'Le champ « nombre par page » ne peut pas dépasser 20 caractères.');
  });
});

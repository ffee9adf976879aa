/**
 * Issue 32: the admin calendar of one apartment (`appartement`, the month view's read): the answer of
 * every apartment reduced to that one, its stays, blocked days and conflicts only (another apartment
 * has its own in the period); its French 400s and 404; and nothing changed without it. Over the demo
 * data, on PGlite and on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { CALENDAR_APARTMENT_INVALID, CALENDAR_APARTMENT_PAGED } from '../src/modules/calendriers/admin-calendar.js';
import { APARTMENT_NOT_FOUND } from '../src/modules/appartements/service.js';
import { startServer, type TestServer } from './helpers.js';
import { addCalendarRows, type CalendarAnswer } from './support/calendar-rows.js';

describe('admin calendar of one apartment', () => {
  let server: TestServer;
  const t = { admin: '', client: '' };
  const du = addDaysIso(todayIn('Europe/Paris'), 70);
  const au = addDaysIso(du, 30);
  let ids: number[] = [];
  let chosen = 0;
  let other = 0;

  const calendar = (query: string, token = t.admin) =>
    server.request<CalendarAnswer>('GET', `/api/admin/calendrier?du=${du}&au=${au}${query}`, { token });

  before(async () => {
    server = await startServer();
    t.admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    t.client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    const me = (await server.request('GET', '/api/auth/me', { token: t.client })).body.user.id as number;
    const result = (await server.database.db.execute(sql`select id from appartements order by titre, id`)) as unknown as {
      rows: { id: number }[];
    };
    ids = result.rows.map((r) => r.id);
    // Not the first apartment of the list: the answer is not the first page's by chance.
    chosen = ids[1]!;
    other = ids[ids.length - 1]!;
    for (const appartementId of [chosen, other]) await addCalendarRows(server, { adminToken: t.admin, userId: me, appartementId, du });
  });
  after(() => server.close());

  it('sends only that apartment, with its stays, blocked days and conflicts, as the whole calendar has them', async () => {
    const all = (await calendar('')).body;
    const res = await calendar(`&appartement=${chosen}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.deepEqual(Object.keys(res.body), ['du', 'au', 'ville', 'villes', 'appartements', 'reservations', 'jours', 'conflits']);
    assert.deepEqual(
      res.body.appartements,
      all.appartements.filter((a) => a.id === chosen),
    );
    const mine = <T extends { appartementId: number }>(rows: T[]) => rows.filter((r) => r.appartementId === chosen);
    assert.equal(mine(all.reservations).length, 1);
    assert.equal(mine(all.jours).length, 2);
    assert.equal(mine(all.conflits).length, 1);
    assert.deepEqual(res.body.reservations, mine(all.reservations));
    assert.deepEqual(res.body.jours, mine(all.jours));
    assert.deepEqual(res.body.conflits, mine(all.conflits));
    // The other apartment's rows of the period are in the whole calendar, not here.
    assert.ok(all.reservations.some((r) => r.appartementId === other));
    assert.deepEqual([res.body.du, res.body.au, res.body.ville, res.body.villes], [du, au, null, all.villes]);
    assert.equal(res.body.total, undefined);
  });

  it('ignores the town with an apartment, and reads the other apartment when asked', async () => {
    const res = await calendar(`&appartement=${other}&ville=une-ville-inconnue`);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.appartements.map((a) => a.id),
      [other],
    );
    assert.ok(res.body.reservations.length > 0 && res.body.reservations.every((r) => r.appartementId === other));
    assert.ok(res.body.conflits.length > 0 && res.body.conflits.every((c) => c.appartementId === other));
  });

  it('answers a wrong apartment with a French 400, an unknown one with a French 404, and only to the admin', async () => {
    for (const value of ['0', '-3', 'deux', '2.5', '1e3', '%20']) {
      const res = await calendar(`&appartement=${value}`);
      assert.equal(res.status, 400, value);
      assert.equal(res.body.message, CALENDAR_APARTMENT_INVALID, value);
    }
    assert.equal(CALENDAR_APARTMENT_INVALID, 'L’appartement (« appartement ») doit être désigné par un entier supérieur ou égal à 1.');
    for (const query of [
      `&appartement=${chosen}&page=1`,
      `&appartement=${chosen}&parPage=50`,
      `&appartement=${chosen}&page=2&parPage=50`,
    ]) {
      const res = await calendar(query);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.message, CALENDAR_APARTMENT_PAGED, query);
    }
    assert.equal(
      CALENDAR_APARTMENT_PAGED,
      'Le calendrier d’un appartement (« appartement ») se demande sans page : retirez « page » et « parPage ».',
    );
    const unknown = await calendar(`&appartement=${Math.max(...ids) + 1000}`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, APARTMENT_NOT_FOUND);
    assert.equal(APARTMENT_NOT_FOUND, 'Appartement introuvable.');
    // The period is still checked first.
    const period = await server.request<CalendarAnswer>('GET', `/api/admin/calendrier?du=${au}&au=${du}&appartement=${chosen}`, {
      token: t.admin,
    });
    assert.equal(period.status, 400);
    assert.equal(period.body.message, 'La date « au » doit être postérieure ou égale à la date « du ».');
    assert.equal((await calendar(`&appartement=${chosen}`, t.client)).status, 403);
  });
});

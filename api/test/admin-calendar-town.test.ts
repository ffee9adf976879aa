/**
 * Issue 32 item 6: the admin calendar of one town (`ville`, slug or name, as the search's) and its
 * French 400s; over the demo data, with a stay and a manual block in Metz and in another town.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { TOWN_UNKNOWN } from '../src/modules/admin/town-filter.js';
import { startServer, type TestServer } from './helpers.js';
import { addCalendarRows, type CalendarAnswer } from './support/calendar-rows.js';

describe('admin calendar of one town', () => {
  let server: TestServer;
  const t = { admin: '', client: '' };
  const du = addDaysIso(todayIn('Europe/Paris'), 50);
  const au = addDaysIso(du, 30);
  let metzIds: number[] = [];
  let otherId = 0;

  const calendar = (query: string, token = t.admin) =>
    server.request<CalendarAnswer>('GET', `/api/admin/calendrier?du=${du}&au=${au}${query}`, { token });

  before(async () => {
    server = await startServer();
    t.admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    t.client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    const result = (await server.database.db.execute(sql`select id, ville from appartements order by id`)) as unknown as {
      rows: { id: number; ville: string }[];
    };
    metzIds = result.rows.filter((r) => r.ville === 'Metz').map((r) => r.id);
    otherId = result.rows.find((r) => r.ville !== 'Metz')!.id;
    const me = (await server.request('GET', '/api/auth/me', { token: t.client })).body.user.id as number;
    for (const appartementId of [metzIds[0]!, otherId])
      await addCalendarRows(server, { adminToken: t.admin, userId: me, appartementId, du });
  });
  after(() => server.close());

  it('refuses a visitor (401) and a client (403)', async () => {
    assert.equal((await server.request('GET', `/api/admin/calendrier?du=${du}&au=${au}&ville=metz`)).status, 401);
    assert.equal((await calendar('&ville=metz', t.client)).status, 403);
  });

  it('shows every apartment without a town, and the towns of the catalogue', async () => {
    const all = await calendar('');
    assert.equal(all.status, 200);
    assert.equal(all.body.ville, null);
    assert.ok(all.body.appartements.some((a) => a.id === otherId) && all.body.appartements.some((a) => a.id === metzIds[0]));
    assert.deepEqual(
      all.body.villes.find((v) => v.slug === 'metz'),
      { ville: 'Metz', slug: 'metz', nombre: metzIds.length },
    );
  });

  it('keeps only the apartments of the town, by slug or name, with their stays and blocked days only', async () => {
    for (const ville of ['metz', 'Metz', ' METZ ']) {
      const metz = await calendar(`&ville=${encodeURIComponent(ville)}`);
      assert.equal(metz.status, 200, ville);
      assert.deepEqual(
        metz.body.appartements.map((a) => a.id).sort((a, b) => a - b),
        metzIds,
        ville,
      );
      assert.ok(metz.body.reservations.length > 0 && metz.body.reservations.every((r) => metzIds.includes(r.appartementId)));
      assert.ok(!metz.body.reservations.some((r) => r.appartementId === otherId));
      const days = metz.body.jours.map((j) => `${j.appartementId} ${j.date}`);
      for (const d of [addDaysIso(du, 10), addDaysIso(du, 11)]) {
        assert.ok(days.includes(`${metzIds[0]} ${d}`), d);
        assert.ok(!days.includes(`${otherId} ${d}`), d);
      }
      assert.ok(metz.body.jours.every((j) => metzIds.includes(j.appartementId)));
    }
  });

  it('answers a town no apartment has, or a too long one, with a French 400', async () => {
    const unknown = await calendar('&ville=Atlantide');
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.message, TOWN_UNKNOWN);
    const long = await calendar(`&ville=${'x'.repeat(101)}`);
    assert.equal(long.status, 400);
    assert.match(long.body.message ?? '', /^Le champ « .+ » ne peut pas dépasser 100 caractères\.$/);
  });
});

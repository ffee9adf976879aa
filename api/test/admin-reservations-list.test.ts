/**
 * Issue 32 item 6: the admin reservations list filtered and paginated by the server, and its CSV
 * export. Over the demo data (finished stays of the demo reviews) plus a pending stay of Camille.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { appartements, reservations } from '../src/db/schema.js';
import {
  ADMIN_PER_PAGE_INVALID,
  ADMIN_PAGE_INVALID,
  CSV_HEADER,
  DATES_INVALID,
  STATUS_INVALID,
} from '../src/modules/reservations/admin-list.js';
import { TOWN_UNKNOWN } from '../src/modules/admin/town-filter.js';
import { decimalComma } from '../src/csv/french-csv.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments, insertApartmentRow } from './support/catalogue.js';

interface Row {
  id: number;
  status: string;
  startDate: string;
  endDate: string;
  appartementId: number;
  user?: { nom: string; email: string };
}
interface Page {
  reservations: Row[];
  total: number;
  page: number;
  parPage: number;
  villes: { ville: string; slug: string; nombre: number }[];
}

describe('admin reservations list, filtered and paginated on the server', () => {
  let server: TestServer;
  const t = { admin: '', client: '' };
  let pendingId = 0;
  let allCount = 0;

  const list = async (query: string, token = t.admin) =>
    server.request<Page & { message?: string }>('GET', `/api/admin/reservations${query}`, { token });
  const dbCount = async (where: ReturnType<typeof sql>) => {
    const result = (await server.database.db.execute(
      sql`select count(*)::int as n from reservations r join appartements a on a.id = r.appartement_id join users u on u.id = r.user_id where ${where}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };

  before(async () => {
    server = await startServer();
    t.admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    t.client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    const me = (await server.request('GET', '/api/auth/me', { token: t.client })).body.user.id as number;
    const apartment = (await allApartments(server))[2].id as number;
    const start = addDaysIso(todayIn('Europe/Paris'), 40);
    const [row] = await server.database.db
      .insert(reservations)
      .values({
        userId: me,
        appartementId: apartment,
        startDate: start,
        endDate: addDaysIso(start, 3),
        guestsCount: 2,
        adultes: 2,
        totalPrice: 240,
        deposit: 72,
        remainder: 168,
        status: 'en attente',
      })
      .returning({ id: reservations.id });
    pendingId = row!.id;
    allCount = await dbCount(sql`true`);
    assert.ok(allCount > 10, `${allCount} réservations de démonstration`);
  });
  after(() => server.close());

  it('refuses a visitor (401) and a client (403), for the list and the CSV', async () => {
    for (const route of ['/api/admin/reservations', '/api/admin/reservations.csv']) {
      assert.equal((await server.request('GET', route)).status, 401);
      const client = await server.request('GET', route, { token: t.client });
      assert.equal(client.status, 403);
    }
  });

  it('pages every reservation once, newest arrival first, with the total', async () => {
    const seen: Row[] = [];
    for (let page = 1; page <= Math.ceil(allCount / 4); page += 1) {
      const reply = await list(`?parPage=4&page=${page}`);
      assert.equal(reply.status, 200);
      assert.equal(reply.body.total, allCount);
      assert.equal(reply.body.parPage, 4);
      assert.ok(reply.body.reservations.length <= 4);
      seen.push(...reply.body.reservations);
    }
    assert.equal(seen.length, allCount);
    assert.equal(new Set(seen.map((r) => r.id)).size, allCount);
    for (let i = 1; i < seen.length; i += 1) assert.ok(seen[i - 1]!.startDate >= seen[i]!.startDate, 'arrivées décroissantes');
    assert.equal(seen[0]!.id, pendingId);
    const beyond = await list(`?parPage=4&page=${Math.ceil(allCount / 4) + 1}`);
    assert.deepEqual(beyond.body.reservations, []);
  });

  it('sends each row what the list shows, without the stay’s quote (its page has it)', async () => {
    const devis = { lignes: [{ libelle: '3 nuits', montant: 240 }], total: 240, acompte: 72, reste: 168 };
    await server.database.db.update(reservations).set({ devis }).where(eq(reservations.id, pendingId));
    const demo = { id: pendingId };
    const found = (await list(`?parPage=100&page=1`)).body.reservations.find((r) => r.id === demo.id) as unknown as Record<string, unknown>;
    assert.ok(found, 'the stay is on the first page');
    assert.equal('devis' in found, false);
    for (const key of ['paiement', 'comptes', 'supprimable', 'user', 'appartement', 'nights', 'totalPrice']) assert.ok(key in found, key);
    const detail = await server.request('GET', `/api/reservations/${demo.id}`, { token: t.admin });
    assert.equal(detail.status, 200);
    assert.deepEqual(detail.body.devis, devis, 'the detail keeps the quote');
  });

  it('filters by status, guest, town, apartment and dates, as the database counts them', async () => {
    const pending = await list('?statut=en%20attente');
    assert.deepEqual(
      pending.body.reservations.map((r) => r.id),
      [pendingId],
    );
    const camille = await list('?client=CAMILLE');
    assert.ok(camille.body.reservations.some((r) => r.user?.email === 'camille.martin@exemple.fr'));
    assert.ok(camille.body.reservations.every((r) => `${r.user?.nom} ${r.user?.email}`.toLowerCase().includes('camille')));
    assert.equal(camille.body.total, await dbCount(sql`lower(u.nom) like '%camille%' or lower(u.email) like '%camille%'`));
    const byEmail = await list('?client=voyageurs.exemple');
    assert.ok(byEmail.body.total > 0);
    assert.equal(byEmail.body.total, await dbCount(sql`u.email like '%voyageurs.exemple%'`));
    const metz = await list('?ville=Metz&parPage=100');
    assert.equal(metz.body.total, await dbCount(sql`a.ville = 'Metz'`));
    assert.ok(metz.body.total > 0 && metz.body.total < allCount, 'Metz et d’autres villes');
    const apartment = pending.body.reservations[0]!.appartementId;
    const one = await list(`?appartement=${apartment}&parPage=100`);
    assert.ok(one.body.reservations.every((r) => r.appartementId === apartment));
    assert.equal(one.body.total, await dbCount(sql`r.appartement_id = ${apartment}`));
    const du = addDaysIso(todayIn('Europe/Paris'), -60);
    const au = addDaysIso(todayIn('Europe/Paris'), -1);
    const recent = await list(`?du=${du}&au=${au}&parPage=100`);
    assert.equal(recent.body.total, await dbCount(sql`r.end_date > ${du} and r.start_date <= ${au}`));
    assert.ok(recent.body.reservations.every((r) => r.endDate > du && r.startDate <= au));
    // The departure day is not a night: a stay leaving on `du` is not in the list.
    const departure = await list(`?du=${pending.body.reservations[0]!.endDate}&statut=en%20attente`);
    assert.equal(departure.body.total, 0);
  });

  it('filters by town named by its slug or its name, as the search does, and lists the towns', async () => {
    const byName = await list('?ville=Montigny-l%C3%A8s-Metz&parPage=100');
    const bySlug = await list('?ville=montigny-les-metz&parPage=100');
    assert.equal(bySlug.status, 200);
    assert.deepEqual(
      bySlug.body.reservations.map((r) => r.id),
      byName.body.reservations.map((r) => r.id),
    );
    assert.equal(bySlug.body.total, await dbCount(sql`a.ville = 'Montigny-lès-Metz'`));
    assert.deepEqual(
      bySlug.body.villes.find((v) => v.slug === 'metz'),
      {
        ville: 'Metz',
        slug: 'metz',
        nombre: (await server.request('GET', '/api/villes')).body.find((v: { slug: string }) => v.slug === 'metz').nombre,
      },
    );
    const csv = await server.request('GET', '/api/admin/reservations.csv?ville=montigny-les-metz', { token: t.admin });
    assert.equal(csv.status, 200);
    assert.equal(csv.text.trimEnd().split('\r\n').length - 1, bySlug.body.total);
  });

  it('lists the towns as the catalogue is now, drafts included, after writes made past the API', async () => {
    const towns = async () => {
      const res = await list('?parPage=1');
      assert.equal(res.status, 200);
      return res.body.villes;
    };
    const before = await towns();
    assert.deepEqual(await towns(), before, 'read again: the same');
    const id = await insertApartmentRow(server, {
      slug: 'brouillon-sarreguemines',
      titre: 'Brouillon à Sarreguemines',
      description: 'Pas encore publié.',
      localisation: 'Sarreguemines Centre',
      ville: 'Sarreguemines',
      prixParNuit: 80,
      publie: false,
    });
    try {
      assert.deepEqual(
        (await towns()).find((v) => v.slug === 'sarreguemines'),
        { ville: 'Sarreguemines', slug: 'sarreguemines', nombre: 1 },
        'a draft is an admin town',
      );
      assert.equal((await list('?ville=sarreguemines')).status, 200);
      await server.database.db.update(appartements).set({ ville: 'Forbach' }).where(eq(appartements.id, id));
      const moved = await towns();
      assert.ok(!moved.some((v) => v.slug === 'sarreguemines'));
      assert.deepEqual(
        moved.find((v) => v.slug === 'forbach'),
        { ville: 'Forbach', slug: 'forbach', nombre: 1 },
      );
      assert.equal((await list('?ville=sarreguemines')).body.message, TOWN_UNKNOWN);
    } finally {
      await server.database.db.delete(appartements).where(eq(appartements.id, id));
    }
    assert.deepEqual(await towns(), before, 'deleted: as before');
  });

  it('answers wrong filters with French 400s', async () => {
    for (const [query, message] of [
      ['?statut=payée', STATUS_INVALID],
      ['?du=2026-13-01', DATES_INVALID],
      ['?du=2026-05-10&au=2026-05-01', DATES_INVALID],
      ['?parPage=101', ADMIN_PER_PAGE_INVALID],
      ['?page=0', ADMIN_PAGE_INVALID],
      ['?ville=Atlantide', TOWN_UNKNOWN],
      [`?ville=${'x'.repeat(101)}`, null],
    ] as const) {
      const reply = await list(query);
      assert.equal(reply.status, 400, query);
      if (message) assert.equal(reply.body.message, message, query);
      else assert.match(reply.body.message ?? '', /^Le champ « .+ » ne peut pas dépasser 100 caractères\.$/, query);
    }
    const csv = await server.request('GET', '/api/admin/reservations.csv?ville=Atlantide', { token: t.admin });
    assert.equal(csv.status, 400);
    assert.equal(csv.body.message, TOWN_UNKNOWN);
  });

  it('exports the filtered list as a French CSV (BOM, semicolons, French headers), every row of it', async () => {
    const reply = await server.request('GET', '/api/admin/reservations.csv?client=voyageurs.exemple', { token: t.admin });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(reply.headers.get('content-disposition') ?? '', /attachment; filename="reservations\.csv"/);
    // fetch's text() drops the BOM: the bytes say it is there.
    const bytes = new Uint8Array(
      await (
        await fetch(`${server.url}/api/admin/reservations.csv?client=voyageurs.exemple`, {
          headers: { authorization: `Bearer ${t.admin}` },
        })
      ).arrayBuffer(),
    );
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 avec BOM');
    const lines = reply.text.trimEnd().split('\r\n');
    assert.equal(lines[0], CSV_HEADER.join(';'));
    const page = await list('?client=voyageurs.exemple&parPage=100');
    assert.equal(lines.length - 1, page.body.total);
    const first = lines[1]!.split(';');
    assert.equal(first[0], `SM-${page.body.reservations[0]!.id}`);
    assert.equal(first[1], 'terminée');
    assert.match(first[11]!, /^\d+,\d\d$/);
    // Received and still due: the books of each stay, as the list gives them.
    const listed = page.body.reservations as unknown as { comptes: { recuCents: number; resteDuCents: number } }[];
    lines.slice(1).forEach((line, i) => {
      const cells = line.split(';');
      assert.deepEqual([cells[12], cells[13]], [decimalComma(listed[i]!.comptes.recuCents), decimalComma(listed[i]!.comptes.resteDuCents)]);
    });
    assert.ok(
      listed.some((r) => r.comptes.recuCents > 0),
      'some stays were paid',
    );
    const wrong = await server.request('GET', '/api/admin/reservations.csv?statut=x', { token: t.admin });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, STATUS_INVALID);
  });
});

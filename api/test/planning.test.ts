/** The operator's planning (issue 30 item 2): arrivals, departures, turnovers and cleanings of a day. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { disponibilites, menages, reservations } from '../src/db/schema.js';
import { ledgerSummary } from '../src/modules/ledger/ledger.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';

const ADMIN = ['admin@sejours-messins.fr', 'Admin-Metz-2026'] as const;

describe('planning', () => {
  let server: TestServer;
  let admin: string;
  const guests: Record<string, string> = {};
  // Far enough ahead that the demo's own bookings are not around.
  const day = addDaysIso(todayIn('Europe/Paris'), 300);
  const ids = { x: 0, y: 0, leaving: 0, arriving: 0, yStay: 0, cancelled: 0 };
  const titles = { x: '', y: '' };

  before(async () => {
    server = await startServer();
    admin = await server.login(...ADMIN);
    for (const [key, nom] of [
      ['ana', 'Ana Lopes'],
      ['ben', 'Ben Keller'],
      ['cyd', 'Cyd Marin'],
    ] as const) {
      const email = `${key}@exemple.fr`;
      await server.request('POST', '/api/users/register', { body: { nom, email, password: 'Mot-de-passe-2026' } });
      guests[key] = await server.login(email, 'Mot-de-passe-2026');
    }
    const list = (await allApartments(server)) as Array<{ id: number; slug: string; titre: string }>;
    const [x, y] = [list.find((a) => a.slug === demoApartments[0]!.slug)!, list.find((a) => a.slug === demoApartments[1]!.slug)!];
    Object.assign(ids, { x: x.id, y: y.id });
    Object.assign(titles, { x: x.titre, y: y.titre });
    const book = async (guest: string, appartementId: number, startDate: string, endDate: string, guestsCount = 2) => {
      const res = await server.request('POST', '/api/reservations', {
        token: guests[guest],
        body: { accepteCgv: true, appartementId, startDate, endDate, guestsCount },
      });
      assert.equal(res.status, 201, res.text);
      return res.body.reservation.id as number;
    };
    ids.leaving = await book('ana', ids.x, addDaysIso(day, -3), day);
    ids.arriving = await book('ben', ids.x, day, addDaysIso(day, 2), 1);
    ids.yStay = await book('cyd', ids.y, addDaysIso(day, -2), day);
    await server.database.db.update(reservations).set({ status: 'confirmée' }).where(eq(reservations.id, ids.yStay));
    // A cancelled stay neither arrives nor leaves; a blocked night is no arrival.
    ids.cancelled = await book('ana', ids.y, day, addDaysIso(day, 1));
    await server.database.db.update(reservations).set({ status: 'annulée' }).where(eq(reservations.id, ids.cancelled));
    await server.database.db.insert(disponibilites).values({ appartementId: ids.y, date: addDaysIso(day, 1) });
  });
  after(() => server.close());

  const get = (query: string, token = admin) => server.request('GET', `/api/admin/planning${query}`, { token });

  it('lists the day’s arrivals and departures, with the balance still due, and the cleanings, the turnover first', async () => {
    const res = await get(`?date=${day}&jours=1`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.jours.length, 1);
    const [jour] = res.body.jours;
    assert.equal(jour.date, day);

    assert.deepEqual(
      jour.arrivees.map((a: { reservationId: number; voyageur: string; voyageurs: number }) => [a.reservationId, a.voyageur, a.voyageurs]),
      [[ids.arriving, 'Ben Keller', 1]],
    );
    assert.equal(jour.arrivees[0].appartementTitre, titles.x);
    assert.equal(jour.arrivees[0].heure, demoApartments[0]!.regles.arrivee);

    const departs = jour.departs as Array<{ reservationId: number; voyageur: string; resteDuCents: number; heure: string }>;
    assert.deepEqual(new Set(departs.map((d) => d.reservationId)), new Set([ids.leaving, ids.yStay]));
    const ana = departs.find((d) => d.reservationId === ids.leaving)!;
    assert.equal(ana.voyageur, 'Ana Lopes');
    assert.equal(ana.heure, demoApartments[0]!.regles.depart);
    const owed = (await ledgerSummary(server.database.db, ids.leaving)).comptes.resteDuCents;
    assert.ok(owed > 0, 'an unpaid booking owes its deposit');
    assert.equal(ana.resteDuCents, owed);

    assert.deepEqual(
      jour.menages.map((m: { appartementId: number; rotation: boolean; prochaineArrivee: unknown }) => [
        m.appartementId,
        m.rotation,
        m.prochaineArrivee,
      ]),
      [
        [ids.x, true, { date: day, heure: demoApartments[0]!.regles.arrivee }],
        [ids.y, false, null],
      ],
    );
    assert.equal(jour.menages[0].departHeure, demoApartments[0]!.regles.depart);
    assert.equal(jour.menages[0].fait, null);
  });

  it('covers several days: the next departure is two days later, and the day before is empty', async () => {
    const res = await get(`?date=${addDaysIso(day, -1)}&jours=4`);
    assert.deepEqual(
      res.body.jours.map((j: { date: string }) => j.date),
      [-1, 0, 1, 2].map((n) => addDaysIso(day, n)),
    );
    const [before, , next, later] = res.body.jours;
    assert.deepEqual([before.arrivees, before.departs, before.menages], [[], [], []]);
    assert.deepEqual([next.arrivees, next.departs], [[], []], 'the blocked night and the cancelled stay are no movement');
    assert.deepEqual(
      later.departs.map((d: { reservationId: number }) => d.reservationId),
      [ids.arriving],
    );
    assert.equal(later.menages[0].appartementId, ids.x);
  });

  it('marks a cleaning done with who and when, shows it, and undoes it', async () => {
    const put = await server.request('PUT', `/api/admin/planning/menages/${ids.x}/${day}`, { token: admin });
    assert.equal(put.status, 200, put.text);
    assert.equal(put.body.fait.par, 'Claire Administratrice');
    const [row] = await server.database.db
      .select()
      .from(menages)
      .where(and(eq(menages.appartementId, ids.x), eq(menages.date, day)));
    assert.ok(row && row.faitPar !== null);
    const shown = (await get(`?date=${day}`)).body.jours[0].menages.find((m: { appartementId: number }) => m.appartementId === ids.x);
    assert.deepEqual(shown.fait, put.body.fait);

    const undo = await server.request('DELETE', `/api/admin/planning/menages/${ids.x}/${day}`, { token: admin });
    assert.equal(undo.status, 204);
    assert.equal(await server.database.db.$count(menages), 0);
  });

  it('refuses clients, a day without departure, and bad dates or lengths, in French', async () => {
    assert.equal((await get(`?date=${day}`, '')).status, 401);
    const client = await get(`?date=${day}`, guests.ana);
    assert.equal(client.status, 403);
    assert.equal(client.body.message, 'Accès réservé aux administrateurs.');
    assert.equal((await server.request('PUT', `/api/admin/planning/menages/${ids.x}/${day}`, { token: guests.ana })).status, 403);

    const none = await server.request('PUT', `/api/admin/planning/menages/${ids.y}/${addDaysIso(day, 1)}`, { token: admin });
    assert.equal(none.status, 404);
    assert.equal(none.body.message, 'Aucun ménage prévu ce jour-là pour cet appartement (aucun départ).');
    assert.equal(await server.database.db.$count(menages), 0);

    for (const query of ['?jours=0', '?jours=32']) {
      const res = await get(query);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.message, 'Le planning couvre de 1 à 31 jours.');
    }
    const impossible = await get('?date=2026-02-30');
    assert.equal(impossible.status, 400);
    assert.equal(impossible.body.message, 'La date doit être une date valide au format AAAA-MM-JJ.');
    assert.equal((await get('?date=demain')).status, 400);
  });

  it('defaults to today in Paris, one day', async () => {
    const res = await get('');
    assert.deepEqual(
      res.body.jours.map((j: { date: string }) => j.date),
      [todayIn('Europe/Paris')],
    );
  });
});

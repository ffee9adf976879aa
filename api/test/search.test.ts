/** Search by stay (issue 32 item 1): only apartments free for every night, priced by the quote, paginated. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { appartements, disponibilites } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import type { TestServer } from './helpers.js';
import { searchApartments, startWithCatalogue } from './support/catalogue.js';

type Found = {
  id: number;
  slug: string;
  prixParNuit: number;
  capacite: { voyageurs: number };
  sejour?: { nuits: number; totalCents: number; total: number };
};
type Page = {
  appartements: Found[];
  total: number;
  page: number;
  parPage: number;
  facettes: { prixMin: number; prixMax: number; localisations: string[] };
};

const today = () => todayIn('Europe/Paris');

describe('search by stay', () => {
  let server: TestServer;
  let token: string;
  let all: Found[];

  before(async () => {
    ({ server, token, all } = await startWithCatalogue<Found>('camille.martin@exemple.fr', 'Client-Metz-2026'));
  });
  after(() => server.close());

  let offset = 20;
  /** A fresh window for each test (weekday-independent: the tests compare with the quote). */
  function window(nights: number): [string, string] {
    offset += nights + 7;
    return [addDaysIso(today(), offset), addDaysIso(today(), offset + nights)];
  }

  const search = (query: Record<string, string | number>) => searchApartments<Page & { message?: string }>(server, query);

  /** Every page of a search, with parPage 48. */
  async function everyMatch(query: Record<string, string | number>): Promise<Found[]> {
    const res = await search({ ...query, parPage: 48 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(res.body.total <= 48);
    return res.body.appartements;
  }

  const quote = (id: number, arrivee: string, depart: string, adultes: number, enfants = 0) =>
    server.request('GET', `/api/appartements/${id}/devis?arrivee=${arrivee}&depart=${depart}&adultes=${adultes}&enfants=${enfants}`);

  it('drops a booked apartment for its dates and shows it again from its departure day', async () => {
    const [arrivee, depart] = window(3);
    const target = all.find((a) => a.capacite.voyageurs >= 2 && a.slug === demoApartments[1]!.slug)!;
    const before = await everyMatch({ arrivee, depart, adultes: 2 });
    assert.ok(
      before.some((a) => a.id === target.id),
      'free before the booking',
    );

    const booked = await server.request('POST', '/api/reservations', {
      token,
      body: { accepteCgv: true, appartementId: target.id, startDate: arrivee, endDate: depart, guestsCount: 2, paymentMethod: 'virement' },
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));

    const during = await everyMatch({ arrivee, depart, adultes: 2 });
    assert.ok(!during.some((a) => a.id === target.id), 'gone for its dates');
    assert.equal(during.length, before.length - 1, 'only that one is gone');
    // One night overlapping the stay's last night is enough to drop it.
    const overlapping = await everyMatch({ arrivee: addDaysIso(depart, -1), depart: addDaysIso(depart, 2), adultes: 2 });
    assert.ok(!overlapping.some((a) => a.id === target.id));
    // The departure day is bookable again as an arrival.
    const fromDeparture = await everyMatch({ arrivee: depart, depart: addDaysIso(depart, 3), adultes: 2 });
    assert.ok(
      fromDeparture.some((a) => a.id === target.id),
      'back from its departure day',
    );
    // A stay ending on its arrival day too.
    const beforeIt = await everyMatch({ arrivee: addDaysIso(arrivee, -3), depart: arrivee, adultes: 2 });
    assert.ok(beforeIt.some((a) => a.id === target.id));

    // A cancelled stay frees its nights.
    const cancelled = await server.request('PUT', `/api/reservations/${booked.body.reservation.id}/status`, {
      token,
      body: { status: 'annulée' },
    });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.ok((await everyMatch({ arrivee, depart, adultes: 2 })).some((a) => a.id === target.id));
  });

  it('drops an apartment with a blocked night inside the stay', async () => {
    const [arrivee, depart] = window(4);
    const target = all[2]!;
    await server.database.db.insert(disponibilites).values({ appartementId: target.id, date: addDaysIso(arrivee, 2) });
    assert.ok(!(await everyMatch({ arrivee, depart })).some((a) => a.id === target.id));
    // A block on the departure day does not touch the stay.
    const [a2, d2] = window(3);
    await server.database.db.insert(disponibilites).values({ appartementId: target.id, date: d2 });
    assert.ok((await everyMatch({ arrivee: a2, depart: d2 })).some((a) => a.id === target.id));
  });

  it('gives each apartment the total of its quote, and lists exactly those the quote accepts', async () => {
    const [arrivee, depart] = window(3);
    const found = await everyMatch({ arrivee, depart, adultes: 2, enfants: 1 });
    assert.ok(found.length > 0);
    for (const a of all) {
      const devis = await quote(a.id, arrivee, depart, 2, 1);
      const item = found.find((f) => f.id === a.id);
      if (devis.status === 200) {
        assert.ok(item, `${a.slug} is quoted, so listed`);
        assert.deepEqual(item.sejour, { nuits: 3, total: devis.body.total, totalCents: Math.round(devis.body.total * 100) });
      } else {
        assert.equal(devis.status, 400);
        assert.equal(item, undefined, `${a.slug}: ${devis.body.message}`);
      }
    }
  });

  it('respects capacity', async () => {
    const [arrivee, depart] = window(3);
    const found = await everyMatch({ arrivee, depart, adultes: 5, enfants: 2 });
    assert.ok(found.length > 0);
    assert.ok(found.every((a) => a.capacite.voyageurs >= 7));
    const big = all.filter((a) => a.capacite.voyageurs >= 7).map((a) => a.id);
    assert.deepEqual(found.map((a) => a.id).sort(), big.sort(), 'every free apartment for 7 is listed');
    // Without dates, the travellers alone filter by capacity, and nothing is priced.
    const noDates = await everyMatch({ adultes: 7 });
    assert.deepEqual(noDates.map((a) => a.id).sort(), big.sort());
    assert.ok(noDates.every((a) => a.sejour === undefined));
  });

  it('respects the minimum stay of the arrival day', async () => {
    const target = all[4]!;
    await server.database.db
      .update(appartements)
      .set({ tarifs: sql`${appartements.tarifs} || '{"sejourMinimum": 5, "periodes": []}'::jsonb` })
      .where(eq(appartements.id, target.id));
    const [arrivee, depart] = window(4);
    const refused = await quote(target.id, arrivee, depart, 1);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, 'Séjour minimum : 5 nuits pour ces dates.');
    assert.ok(!(await everyMatch({ arrivee, depart })).some((a) => a.id === target.id));
    const longer = await everyMatch({ arrivee, depart: addDaysIso(depart, 1) });
    assert.ok(longer.some((a) => a.id === target.id));
  });

  it('pages without duplicates or gaps, with the right total, in every order', async () => {
    const [arrivee, depart] = window(2);
    for (const tri of ['pertinence', 'prix', 'note']) {
      const whole = await search({ arrivee, depart, tri, parPage: 48 });
      const ids: number[] = [];
      let page = 1;
      for (;;) {
        const res = await search({ arrivee, depart, tri, parPage: 4, page });
        assert.equal(res.status, 200);
        assert.equal(res.body.total, whole.body.total);
        assert.equal(res.body.page, page);
        assert.equal(res.body.parPage, 4);
        if (res.body.appartements.length === 0) break;
        assert.ok(res.body.appartements.length <= 4);
        ids.push(...res.body.appartements.map((a) => a.id));
        page += 1;
      }
      assert.equal(new Set(ids).size, ids.length, `${tri}: no duplicates`);
      assert.deepEqual(
        ids,
        whole.body.appartements.map((a) => a.id),
        `${tri}: same order, nothing missing`,
      );
      assert.equal(ids.length, whole.body.total);
      if (tri === 'prix') {
        // The price the cards show for this stay: its total.
        const prices = whole.body.appartements.map((a) => a.sejour!.totalCents);
        assert.deepEqual(
          prices,
          [...prices].sort((x, y) => x - y),
        );
      }
    }
  });

  it('pages the catalogue without dates, as the list, with its facets', async () => {
    const first = await search({ page: 1, parPage: 10 });
    assert.equal(first.status, 200);
    assert.equal(first.body.total, all.length);
    assert.deepEqual(
      first.body.appartements.map((a) => a.id),
      all.slice(0, 10).map((a) => a.id),
    );
    const second = await search({ page: 2, parPage: 10 });
    assert.deepEqual(
      second.body.appartements.map((a) => a.id),
      all.slice(10, 20).map((a) => a.id),
    );
    assert.ok(first.body.appartements.every((a) => a.sejour === undefined));
    const prices = all.map((a) => a.prixParNuit);
    assert.equal(first.body.facettes.prixMin, Math.floor(Math.min(...prices)));
    assert.equal(first.body.facettes.prixMax, Math.ceil(Math.max(...prices)));
    assert.ok(first.body.facettes.localisations.length > 0);
    // Filters: text and price, in the database.
    const cheap = await search({ prixMax: 80, parPage: 48 });
    assert.deepEqual(
      cheap.body.appartements.map((a) => a.id),
      all.filter((a) => a.prixParNuit <= 80).map((a) => a.id),
    );
  });

  it('answers an invalid or impossible stay with the quote’s French 400', async () => {
    const [arrivee, depart] = window(2);
    const cases: [Record<string, string | number>, string][] = [
      [{ arrivee: '2026-13-01', depart }, "La date d'arrivée doit être une date valide au format AAAA-MM-JJ."],
      [{ arrivee }, 'La date de départ doit être une date valide au format AAAA-MM-JJ.'],
      [{ arrivee: depart, depart: arrivee }, "La date de départ doit être postérieure à la date d'arrivée."],
      [{ arrivee: addDaysIso(today(), -2), depart: today() }, "La date d'arrivée ne peut pas être dans le passé."],
      [{ arrivee, depart, adultes: 0 }, 'Au moins un adulte doit séjourner : indiquez le nombre d’adultes (1 ou plus).'],
      [{ arrivee, depart, enfants: -1 }, 'Le nombre d’enfants doit être un entier positif ou nul.'],
      [{ tri: 'hasard' }, 'Le tri doit être « pertinence », « prix » ou « note ».'],
      [{ parPage: 49 }, 'Le nombre de logements par page doit être un entier entre 1 et 48.'],
      [{ page: 0 }, 'La page doit être un entier supérieur ou égal à 1.'],
    ];
    for (const [query, message] of cases) {
      const res = await search(query);
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(res.body.message, message);
      if (query.arrivee && query.depart && !('tri' in query)) {
        // The quote says the same for the same stay.
        const devis = await server.request(
          'GET',
          `/api/appartements/${all[0]!.id}/devis?${new URLSearchParams(query as Record<string, string>).toString()}`,
        );
        assert.equal(devis.body.message, message);
      }
    }
    const tooLong = await search({ arrivee, depart: addDaysIso(arrivee, 400) });
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.message ?? '', /^Un séjour ne peut pas dépasser \d+ nuits\.$/);
  });
});

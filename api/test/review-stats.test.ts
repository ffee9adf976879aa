/**
 * Issue 32 item 5: an apartment's note and number of reviews are read from the count and sum kept
 * on its row (migration 0026) rather than averaged over every review on each read. They stay exactly
 * what averaging the reviews gives (PostgreSQL's round(avg(note), 1)) after a guest's review, a
 * changed mark, a review moved or deleted, a stay deleted with its review, and a truncate.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { constraintName } from '../src/db/client.js';
import { appartements, avis, reservations, users } from '../src/db/schema.js';
import { averageOf } from '../src/modules/appartements/service.js';
import { startServer, type TestServer } from './helpers.js';
import { insertStay } from './support/reservation-rows.js';

type Card = { id: number; slug: string; note: number; nombreAvis: number };

describe('stored review figures', () => {
  let server: TestServer;
  let token: string;
  let guestId: number;

  before(async () => {
    server = await startServer();
    token = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    const [guest] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'camille.martin@exemple.fr'));
    guestId = guest!.id;
  });
  after(() => server.close());

  /** What averaging every review gives, per apartment, straight from `avis`. */
  async function truth(): Promise<Map<number, { note: number; nombreAvis: number }>> {
    const result = (await server.database.db.execute(
      sql`select a.id, round(avg(v.note), 1)::text as moyenne, count(v.id)::int as n from appartements a left join avis v on v.appartement_id = a.id group by a.id`,
    )) as unknown as { rows: { id: number; moyenne: string | null; n: number }[] };
    // The spec's defaults for an apartment without reviews (DEFAULT_NOTE, DEFAULT_NOMBRE_AVIS) are what the API shows then.
    const cards = await listed();
    const defaults = cards.find((c) => result.rows.find((r) => r.id === c.id)!.n === 0);
    return new Map(
      result.rows.map((r) => [
        r.id,
        r.n > 0 ? { note: Number(r.moyenne), nombreAvis: r.n } : { note: defaults!.note, nombreAvis: defaults!.nombreAvis },
      ]),
    );
  }

  async function listed(): Promise<Card[]> {
    const res = await server.request<{ appartements: Card[] }>('GET', '/api/appartements?parPage=48');
    assert.equal(res.status, 200, res.text);
    return res.body.appartements;
  }

  /** Every published card, and each apartment's page, shows what averaging its reviews gives. */
  async function assertExact(step: string): Promise<void> {
    const expected = await truth();
    for (const card of await listed()) {
      assert.deepEqual({ note: card.note, nombreAvis: card.nombreAvis }, expected.get(card.id), `${step}: carte ${card.slug}`);
    }
    const [one] = await listed();
    const page = await server.request<Card>('GET', `/api/appartements/slug/${one!.slug}`);
    assert.deepEqual({ note: page.body.note, nombreAvis: page.body.nombreAvis }, expected.get(one!.id), `${step}: page`);
  }

  async function finishedStay(appartementId: number, daysAgo: number): Promise<number> {
    const today = todayIn('Europe/Paris');
    return insertStay(server, {
      userId: guestId,
      appartementId,
      startDate: addDaysIso(today, -daysAgo - 2),
      endDate: addDaysIso(today, -daysAgo),
      totalPrice: 200,
      status: 'terminée',
    });
  }

  it('rounds an average half up to one decimal exactly as PostgreSQL does', async () => {
    // 4.35 and 4.45 are not exact in binary: a float rounding would give 4.3 and 4.4.
    for (const [somme, total] of [
      [87, 20],
      [89, 20],
      [13, 3],
      [14, 3],
      [9, 2],
      [5, 1],
      [1000, 201],
    ]) {
      const result = (await server.database.db.execute(
        sql`select round(${somme}::numeric / ${total}, 1)::text as v, round(avg(n), 1)::text as a from (select ${somme}::int - (${total}::int - 1) as n union all select 1 from generate_series(2, ${total}::int)) s`,
      )) as unknown as { rows: { v: string; a: string }[] };
      assert.equal(averageOf(somme!, total!), Number(result.rows[0]!.v), `${somme}/${total}`);
      assert.equal(result.rows[0]!.v, result.rows[0]!.a, 'the same figure as avg');
    }
    assert.equal(averageOf(0, 0), null);
  });

  it('starts from the seeded reviews', async () => {
    assert.ok((await server.database.db.$count(avis)) > 0, 'the demo has reviews');
    await assertExact('seed');
  });

  it("counts a guest's review as soon as it is posted", async () => {
    const [target] = await listed();
    const reviewsOf = () => server.database.db.$count(avis, eq(avis.appartementId, target!.id));
    const before = await reviewsOf();
    const stay = await finishedStay(target!.id, 10);
    const res = await server.request('POST', `/api/appartements/${target!.id}/avis`, {
      token,
      body: { reservationId: stay, note: 2, commentaire: 'Bruyant la nuit, mais bien situé.' },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(await reviewsOf(), before + 1);
    const [after] = (await listed()).filter((c) => c.id === target!.id);
    assert.equal(after!.nombreAvis, before + 1);
    await assertExact('avis publié');
  });

  it('follows a changed mark, a reply, a review moved, deleted, or gone with its stay, and a truncate', async () => {
    const db = server.database.db;
    const cards = await listed();
    const [a, b] = cards;
    // Several reviews in one statement, over two apartments.
    const stays = [await finishedStay(a!.id, 20), await finishedStay(a!.id, 30), await finishedStay(b!.id, 40)];
    await db.insert(avis).values([
      { appartementId: a!.id, userId: guestId, reservationId: stays[0]!, note: 5, commentaire: 'Parfait.' },
      { appartementId: a!.id, userId: guestId, reservationId: stays[1]!, note: 4, commentaire: 'Très bien.' },
      { appartementId: b!.id, userId: guestId, reservationId: stays[2]!, note: 1, commentaire: 'Décevant.' },
    ]);
    await assertExact('trois avis en une instruction');

    await db.update(avis).set({ note: 3 }).where(eq(avis.reservationId, stays[0]!));
    await assertExact('note modifiée');

    await db.update(avis).set({ reponse: 'Merci !', reponseLe: new Date() }).where(eq(avis.reservationId, stays[1]!));
    await assertExact('réponse de l’hôte');

    await db.update(avis).set({ appartementId: b!.id }).where(eq(avis.reservationId, stays[1]!));
    await assertExact('avis déplacé');

    await db.delete(avis).where(eq(avis.reservationId, stays[2]!));
    await assertExact('avis supprimé');

    // A stay deleted (no money moved on it) takes its review with it (cascade).
    const gone = await finishedStay(b!.id, 50);
    await db.insert(avis).values({ appartementId: b!.id, userId: guestId, reservationId: gone, note: 5, commentaire: 'Super.' });
    await assertExact('avis d’un séjour');
    await db.delete(reservations).where(eq(reservations.id, gone));
    await assertExact('séjour supprimé');

    await db.execute(sql`truncate avis`);
    await assertExact('plus aucun avis');
    const [row] = await db
      .select({ nombre: appartements.avisNombre, somme: appartements.avisSomme })
      .from(appartements)
      .where(eq(appartements.id, a!.id));
    assert.deepEqual(row, { nombre: 0, somme: 0 });
  });

  it('refuses figures no set of reviews could give', async () => {
    const [a] = await listed();
    await assert.rejects(
      server.database.db.update(appartements).set({ avisNombre: 1, avisSomme: 6 }).where(eq(appartements.id, a!.id)),
      (error: unknown) => constraintName(error) === 'appartements_avis_check',
    );
  });
});

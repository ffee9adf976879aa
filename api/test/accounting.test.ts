/**
 * Issue 31, item 8: an accountant imports the books. The CSV of a period (both days included, Paris
 * days) is read back by a CSV parser: one row per movement, `;`, decimal comma, UTF-8 with a BOM;
 * a month's totals for 'Comptabilité'; French 4xx on bad input; admins only.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { addDaysIso, parisMidnight, todayIn } from 'shared-kernel/rules';
import { users } from '../src/db/schema.js';
import { recordMovement } from '../src/modules/ledger/ledger.js';
import { startServer, type TestServer } from './helpers.js';
import { apartmentIdBySlug, flexible } from './support/catalogue.js';

const today = () => todayIn('Europe/Paris');
/** A name a spreadsheet would run as a formula, with a separator and quotes in it. */
const TRICKY_NAME = '=Dupont; "Jo"';

describe('accounting export and month totals', () => {
  let server: TestServer;
  let admin: string;
  let client: string;
  let reservationId = 0;
  let deposit = 0;

  before(async () => {
    server = await startServer();
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    await server.request('POST', '/api/users/register', {
      body: { nom: 'Provisoire', email: 'compta.client@exemple.fr', password: 'motdepasse-compta' },
    });
    client = await server.login('compta.client@exemple.fr', 'motdepasse-compta');
    // The name as it may come from a profile edit: the export must keep it as text.
    await server.database.db.update(users).set({ nom: TRICKY_NAME }).where(eq(users.email, 'compta.client@exemple.fr'));
    const apt = await apartmentIdBySlug(server, flexible.slug);
    const startDate = addDaysIso(today(), 40);
    const booked = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: apt, startDate, endDate: addDaysIso(startDate, 2), adultes: 1, accepteCgv: true },
    });
    assert.equal(booked.status, 201, booked.text);
    reservationId = booked.body.reservation.id;
    deposit = Math.round(booked.body.reservation.deposit * 100);
    assert.equal(
      (await server.request('POST', `/api/admin/reservations/${reservationId}/acompte-recu`, { token: admin, body: {} })).status,
      200,
    );
    // Cancelled by the admin: owed back in full by transfer, then made.
    assert.equal(
      (await server.request('PUT', `/api/reservations/${reservationId}/status`, { token: admin, body: { status: 'annulée' } })).status,
      200,
    );
    await server.request('PUT', `/api/reservations/${reservationId}/iban`, {
      token: client,
      body: { iban: 'FR7630006000011234567890189', titulaire: 'Jo Dupont' },
    });
    const [refund] = (await server.request('GET', '/api/admin/remboursements', { token: admin })).body;
    assert.equal(
      (
        await server.request('POST', `/api/admin/remboursements/${refund.id}/effectue`, {
          token: admin,
          body: { date: today(), reference: 'VIR-COMPTA-1' },
        })
      ).status,
      200,
    );
  });
  after(() => server.close());

  const csv = (query: string, token = admin) => server.request('GET', `/api/admin/comptabilite.csv${query}`, { token });
  const read = (text: string) =>
    parse(text, { bom: true, delimiter: ';', columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  const euros = (value: string) => Math.round(Number(value.replace(',', '.')) * 100);

  it('exports one row per movement of the period, read back by a CSV parser', async () => {
    const res = await csv(`?du=${today()}&au=${today()}`);
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get('content-type') ?? '', /^text\/csv; charset=utf-8/);
    assert.equal(res.headers.get('content-disposition'), `attachment; filename="comptabilite-${today()}-au-${today()}.csv"`);
    // fetch's text() drops the BOM: the bytes say it is there.
    const bytes = new Uint8Array(
      await (
        await fetch(`${server.url}/api/admin/comptabilite.csv?du=${today()}&au=${today()}`, {
          headers: { authorization: `Bearer ${admin}` },
        })
      ).arrayBuffer(),
    );
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a BOM');
    assert.match(res.text, /\r\n/);
    const rows = read(res.text).filter((r) => r['Réservation'] === `SM-${reservationId}`);
    assert.deepEqual(Object.keys(rows[0]!), ['Date', 'Pièce', 'Réservation', 'Client', 'Type', 'Moyen', 'Référence', 'Montant (€)']);
    assert.deepEqual(
      rows.map((r) => [r['Type'], r['Moyen'], r['Référence'], euros(r['Montant (€)']!)]),
      [
        ['Acompte dû', '', '', deposit],
        ['Acompte reçu', 'Virement', `SM-${reservationId}`, deposit],
        ['Annulation du montant dû', '', '', -deposit],
        ['Remboursement à effectuer', 'Virement', '', -deposit],
        ['Remboursement effectué', 'Virement', 'VIR-COMPTA-1', -deposit],
      ],
    );
    const [year, month, day] = today().split('-');
    assert.ok(rows.every((r) => r['Date'] === `${day}/${month}/${year}`));
    assert.ok(rows.every((r) => /^M-\d{6}$/.test(r['Pièce']!)));
    assert.match(rows[0]!['Montant (€)']!, /^\d+,\d{2}$/, 'decimal comma');
    // Text stays text: the separator and quotes survive, and the formula is not run.
    assert.equal(rows[0]!['Client'], `'${TRICKY_NAME}`);
    // What came in and went out of the bank adds up.
    const cash = rows.filter((r) => /reçu|effectué/.test(r['Type']!)).reduce((sum, r) => sum + euros(r['Montant (€)']!), 0);
    assert.equal(cash, 0);
  });

  it('takes both days of the period and nothing outside, in Paris days', async () => {
    const inside = parisMidnight(addDaysIso(today(), -3))!;
    await recordMovement(server.database.db, {
      reservationId,
      type: 'acompte_du',
      montantCents: 0,
      auteur: 'admin',
      note: 'début de période',
      date: new Date(inside.getTime() + 60_000),
    });
    await recordMovement(server.database.db, {
      reservationId,
      type: 'acompte_du',
      montantCents: 0,
      auteur: 'admin',
      note: 'fin de période',
      date: new Date(parisMidnight(addDaysIso(today(), -1))!.getTime() - 60_000),
    });
    await recordMovement(server.database.db, {
      reservationId,
      type: 'acompte_du',
      montantCents: 0,
      auteur: 'admin',
      note: 'avant',
      date: new Date(inside.getTime() - 60_000),
    });
    const rows = read((await csv(`?du=${addDaysIso(today(), -3)}&au=${addDaysIso(today(), -2)}`)).text);
    assert.equal(rows.filter((r) => r['Réservation'] === `SM-${reservationId}`).length, 2);
  });

  it("gives the month's totals: received by means, refunded, net, the taxe de séjour of the stays that ended", async () => {
    const mois = today().slice(0, 7);
    const res = await server.request('GET', `/api/admin/comptabilite?mois=${mois}`, { token: admin });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.mois, mois);
    assert.ok(res.body.recuCents >= deposit);
    assert.ok(res.body.recuParMoyen.virement >= deposit);
    assert.ok(res.body.rembourseCents >= deposit);
    assert.equal(res.body.netCents, res.body.recuCents - res.body.rembourseCents);
    assert.equal(typeof res.body.taxeSejourCents, 'number');
    const [y, m] = mois.split('-').map(Number) as [number, number];
    const last = `${mois}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
    assert.equal(
      res.body.mouvements,
      read((await csv(`?du=${mois}-01&au=${last}`)).text).length,
      'the same movements as the export of the month',
    );
  });

  it('refuses bad periods in French, and anyone but an admin', async () => {
    for (const [query, message] of [
      [`?du=${today()}&au=${addDaysIso(today(), -1)}`, 'La date de fin (au) doit être postérieure ou égale à la date de début (du).'],
      ['?du=2026-02-30&au=2026-03-01', 'La date de début (du) doit être une date valide au format AAAA-MM-JJ.'],
      [`?du=${today()}&au=demain`, 'La date de fin (au) doit être une date valide au format AAAA-MM-JJ.'],
      ['?du=2025-01-01&au=2026-06-01', 'La période ne peut pas dépasser 366 jours.'],
      ['?du=2026-01-01', 'Le champ « au » est obligatoire.'],
    ] as const) {
      const res = await csv(query);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.message, message);
    }
    assert.equal((await csv(`?du=${today()}&au=${today()}`, client)).status, 403);
    assert.equal((await server.request('GET', `/api/admin/comptabilite.csv?du=${today()}&au=${today()}`)).status, 401);
    const badMonth = await server.request('GET', '/api/admin/comptabilite?mois=2026-13', { token: admin });
    assert.equal(badMonth.status, 400);
    assert.equal(badMonth.body.message, 'Le mois doit être au format AAAA-MM.');
  });
});

/** The operator's dashboard figures (issue 30 item 1): hand-computed nights, occupancy and revenue. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { appartements, disponibilites, reservations, users } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { airbnb } from './fixtures/ota-feeds.js';
import { startFeedServer, type FeedServer } from './support/feed-server.js';
import { syncedFeed } from './support/feed-sync.js';
import { loadConfig } from '../src/config.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';

const ADMIN = ['admin@sejours-messins.fr', 'Admin-Metz-2026'] as const;

/** The first day of the month `n` months after today's (Paris). */
function monthStart(n: number): string {
  const [y, m] = todayIn('Europe/Paris').split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
}

describe('statistics', () => {
  let server: TestServer;
  let feeds: FeedServer;
  let admin: string;
  let guest: string;
  let x = 0;
  // Two months ahead, far from the demo's past stays: a stay across their boundary.
  const du = monthStart(2);
  const b = monthStart(3);
  const au = addDaysIso(monthStart(4), -1);
  const days = Math.round((Date.parse(au) - Date.parse(du)) / 86_400_000) + 1;
  const daysA = Math.round((Date.parse(b) - Date.parse(du)) / 86_400_000);
  const open = days - 1;
  let devisTotal = 0;
  let taxeCents = 0;
  /** The demo's own past stays a year before, to which the test adds one. */
  let demoYearBefore = { nuitsVendues: 0, chiffreAffairesCents: 0, parMois: [{ chiffreAffairesCents: 0 }] };

  before(async () => {
    feeds = await startFeedServer();
    server = await startServer({
      icalImport: { ...loadConfig({}).icalImport, intervalMs: 600_000, timeoutMs: 2000, allowedPrivateHosts: ['127.0.0.1'] },
    });
    admin = await server.login(...ADMIN);
    await server.request('POST', '/api/users/register', {
      body: { nom: 'Ana Lopes', email: 'ana@exemple.fr', password: 'Mot-de-passe-2026' },
    });
    guest = await server.login('ana@exemple.fr', 'Mot-de-passe-2026');
    const list = (await allApartments(server)) as Array<{ id: number; slug: string }>;
    x = list.find((a) => a.slug === demoApartments[1]!.slug)!.id;
    // Known prices: 100 € a night, 15 € per guest above 2, 30 € of cleaning, non classé (a taxe de séjour).
    await server.database.db
      .update(appartements)
      .set({
        prixParNuit: 100,
        classement: 0,
        tarifs: { fraisMenage: 30, voyageurSupplementaire: { auDela: 2, prixParNuit: 15 }, sejourMinimum: 1 },
      })
      .where(eq(appartements.id, x));

    const book = async (startDate: string, endDate: string, guestsCount: number) => {
      const res = await server.request('POST', '/api/reservations', {
        token: guest,
        body: { accepteCgv: true, appartementId: x, startDate, endDate, guestsCount },
      });
      assert.equal(res.status, 201, res.text);
      return res.body.reservation as { id: number; devis: { total: number; lignes: Array<{ libelle: string; montant: number }> } };
    };
    // Two nights at the end of the first month, two at the start of the second: 4 × (100 + 15) = 460 €.
    const stay = await book(addDaysIso(b, -2), addDaysIso(b, 2), 3);
    devisTotal = stay.devis.total;
    taxeCents = Math.round((stay.devis.lignes.find((l) => l.libelle === 'Taxe de séjour')?.montant ?? 0) * 100);
    // Cancelled: counted apart, no night, no revenue.
    const cancelled = await book(addDaysIso(b, 9), addDaysIso(b, 11), 2);
    await server.database.db.update(reservations).set({ status: 'annulée' }).where(eq(reservations.id, cancelled.id));
    // Blocked by hand: one open night less.
    await server.database.db.insert(disponibilites).values({ appartementId: x, date: addDaysIso(b, 19) });
    // Booked on Airbnb for two nights: other channels, still open nights of ours.
    feeds.set('/airbnb.ics', {
      kind: 'ics',
      body: airbnb([{ uid: 'stat-1', kind: 'reserved', debut: addDaysIso(b, 24), fin: addDaysIso(b, 26) }]),
    });
    const feed = await server.request('POST', `/api/admin/appartements/${x}/flux`, {
      token: admin,
      body: { libelle: 'Airbnb', url: `${feeds.url}/airbnb.ics` },
    });
    assert.equal(feed.status, 201, feed.text);
    await syncedFeed(server.url, admin, feed.body.id);
    const baseline = await server.request('GET', `/api/admin/statistiques?du=${du}&au=${au}&appartementId=${x}`, { token: admin });
    demoYearBefore = baseline.body.anneePrecedente;
    // A year before, a demo-like stay without a stored quote: its whole price (250 €) over 3 nights.
    const [someone] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'ana@exemple.fr'));
    const lastYear = `${Number(du.slice(0, 4)) - 1}${du.slice(4)}`;
    await server.database.db.insert(reservations).values({
      userId: someone!.id,
      appartementId: x,
      startDate: lastYear,
      endDate: addDaysIso(lastYear, 3),
      guestsCount: 2,
      adultes: 2,
      totalPrice: 250,
      deposit: 0,
      remainder: 0,
      status: 'terminée',
    });
  });
  after(async () => {
    await server.close();
    await feeds.close();
  });

  const get = (query: string, token = admin) => server.request('GET', `/api/admin/statistiques${query}`, { token });

  it('counts an apartment’s nights, occupancy and revenue by hand-computed figures', async () => {
    assert.ok(taxeCents > 0, 'the quote has a taxe de séjour');
    assert.equal(Math.round(devisTotal * 100), 46_000 + 3_000 + taxeCents, 'the quote is nights + supplement + cleaning + tax');

    const res = await get(`?du=${du}&au=${au}&appartementId=${x}`);
    assert.equal(res.status, 200, res.text);
    const s = res.body;
    assert.equal(s.nuitsVendues, 4);
    assert.equal(s.nuitsOuvertes, open);
    assert.equal(s.tauxOccupation, Math.round((4 / open) * 10_000) / 10_000);
    assert.equal(s.chiffreAffairesCents, 46_000, 'neither cleaning nor taxe de séjour');
    assert.equal(s.prixMoyenNuitCents, 11_500);
    assert.equal(s.revparCents, Math.round(46_000 / open));
    assert.equal(s.annulations, 1);
    assert.equal(s.nuitsAutresCanaux, 2);
    assert.deepEqual(s.parMois, [
      {
        mois: du.slice(0, 7),
        nuitsVendues: 2,
        nuitsOuvertes: daysA,
        tauxOccupation: Math.round((2 / daysA) * 10_000) / 10_000,
        chiffreAffairesCents: 23_000,
      },
      {
        mois: b.slice(0, 7),
        nuitsVendues: 2,
        nuitsOuvertes: days - daysA - 1,
        tauxOccupation: Math.round((2 / (days - daysA - 1)) * 10_000) / 10_000,
        chiffreAffairesCents: 23_000,
      },
    ]);
    assert.equal(s.parAppartement.length, 1);
    assert.equal(s.parAppartement[0].appartementId, x);
    assert.equal(s.parAppartement[0].chiffreAffairesCents, 46_000);
    assert.equal(s.parAppartement[0].nuitsAutresCanaux, 2);

    const previous = s.anneePrecedente;
    assert.equal(previous.du, `${Number(du.slice(0, 4)) - 1}${du.slice(4)}`);
    assert.equal(previous.nuitsVendues, demoYearBefore.nuitsVendues + 3);
    assert.equal(previous.chiffreAffairesCents, demoYearBefore.chiffreAffairesCents + 25_000, 'a stay without a quote counts its price');
    assert.equal(previous.parMois[0].chiffreAffairesCents, demoYearBefore.parMois[0]!.chiffreAffairesCents + 25_000);
    assert.equal(previous.annulations, 0);
  });

  it('counts every published apartment’s open nights when no apartment is chosen', async () => {
    const published = await server.database.db.$count(appartements, eq(appartements.publie, true));
    const res = await get(`?du=${du}&au=${au}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.nuitsVendues, 4);
    assert.equal(res.body.nuitsOuvertes, published * days - 1);
    assert.equal(res.body.chiffreAffairesCents, 46_000);
    assert.equal(res.body.parAppartement.length, published);
    assert.equal(res.body.parAppartement[0].appartementId, x, 'the best-earning apartment first');
  });

  it('allocates a stay’s revenue to the days of its nights: one day inside the stay', async () => {
    const res = await get(`?du=${b}&au=${b}&appartementId=${x}`);
    assert.deepEqual([res.body.nuitsVendues, res.body.nuitsOuvertes, res.body.chiffreAffairesCents], [1, 1, 11_500]);
    assert.equal(res.body.tauxOccupation, 1);
  });

  it('exports the same figures as a French CSV', async () => {
    // Read as bytes: a text() decoder would hide the BOM Excel needs.
    const res = await fetch(`${server.url}/api/admin/statistiques?du=${du}&au=${au}&appartementId=${x}&format=csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(res.headers.get('content-disposition') ?? '', new RegExp(`statistiques-${du}-${au}\\.csv`));
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    assert.ok(text.startsWith('Ligne;Mois;Appartement;Nuits vendues;Nuits ouvertes;Taux d’occupation (%);'), text);
    const lines = text.trim().split('\r\n');
    assert.equal(
      lines[1],
      `Total;${du} au ${au};Tous;4;${open};${(Math.round((4 / open) * 10_000) / 100).toFixed(2).replace('.', ',')};460,00;115,00;${(Math.round(46_000 / open) / 100).toFixed(2).replace('.', ',')};1;2`,
    );
    assert.equal(
      lines[2],
      `Mois;${du.slice(0, 7)};Tous;2;${daysA};${(Math.round((2 / daysA) * 10_000) / 100).toFixed(2).replace('.', ',')};230,00;115,00;${(Math.round(23_000 / daysA) / 100).toFixed(2).replace('.', ',')};;`,
    );
  });

  it('refuses visitors and clients, and bad periods or apartments, in French', async () => {
    assert.equal((await get(`?du=${du}&au=${au}`, '')).status, 401);
    const client = await get(`?du=${du}&au=${au}`, guest);
    assert.equal(client.status, 403);
    assert.equal(client.body.message, 'Accès réservé aux administrateurs.');
    const cases: Array<[string, string]> = [
      [`?au=${au}`, 'Indiquez la date de début (du) au format AAAA-MM-JJ.'],
      [`?du=${du}`, 'Indiquez la date de fin (au) au format AAAA-MM-JJ.'],
      ['?du=2026-02-30&au=2026-03-10', 'Les dates doivent être des dates valides au format AAAA-MM-JJ.'],
      ['?du=demain&au=2026-03-10', 'Les dates doivent être des dates valides au format AAAA-MM-JJ.'],
      ['?du=2026-03-10&au=2026-03-09', 'La date de fin doit être postérieure ou égale à la date de début.'],
      ['?du=2024-01-01&au=2027-01-01', 'La période ne peut pas dépasser 3 ans (1096 jours).'],
      ['?du=2026-01-01&au=2026-01-31&appartementId=abc', 'L’appartement doit être désigné par son identifiant (un nombre entier).'],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.message, message, query);
    }
    assert.equal((await get('?du=2024-01-01&au=2026-12-31')).status, 200, 'three years are allowed');
    const unknown = await get('?du=2026-01-01&au=2026-01-31&appartementId=999999');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, 'Appartement introuvable.');
  });
});

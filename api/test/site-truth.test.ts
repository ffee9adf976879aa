/**
 * Issue 27 (DECISIONS 37): the FAQ and the About page say only what is true. About's figures are
 * counted from the database (and left out below a threshold); the FAQ of a site configured with
 * bank transfer only — the default without Stripe — names no card, wallet or insurance and states
 * the server's real windows, in the HTML the server renders (real builds of `npm run build`).
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import { appartements } from '../src/db/schema.js';
import { startServer, type TestServer } from './helpers.js';
import { builds, signedBuilds, textOf } from './support/signed-builds.js';

describe('what the FAQ and About say (issue 27)', () => {
  let server: TestServer;
  let root: string;

  before(async () => {
    const signed = signedBuilds();
    root = signed.root;
    server = await startServer({ logLevel: 'warn', staticRoot: root, remoteSigningKeys: [signed.key] }, { serveSite: true });
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The figures counted here, apart from the route's code. */
  async function counted() {
    const db = server.database.db;
    const result = (await db.execute(sql`
      select (select count(*) from appartements where publie) as apartments,
             (select coalesce(sum(guests_count), 0) from reservations where status in ('confirmée', 'terminée') and end_date < (now() at time zone 'Europe/Paris')::date) as guests,
             (select count(*) from avis) as reviews,
             (select avg(note) from avis) as rating`)) as unknown as { rows: Array<Record<string, unknown>> };
    const row = result.rows[0];
    const towns = new Set(
      (await db.select({ l: appartements.localisation }).from(appartements).where(eq(appartements.publie, true))).map((a) =>
        a.l.startsWith('Metz ') ? 'metz' : a.l.toLowerCase(),
      ),
    ).size;
    return {
      apartments: Number(row!.apartments),
      guests: Number(row!.guests),
      reviews: Number(row!.reviews),
      rating: Number(row!.rating),
      towns,
    };
  }

  it('GET /api/site/chiffres: each figure is what the database holds', async () => {
    const res = await server.request('GET', '/api/site/chiffres');
    assert.equal(res.status, 200, res.text);
    const db = await counted();
    assert.ok(db.apartments >= 5 && db.towns >= 3, 'the demo data has enough apartments and towns to show them');
    assert.equal(res.body.appartements, db.apartments);
    assert.equal(res.body.villes, db.towns);
    assert.equal(res.body.voyageurs, db.guests >= 50 ? db.guests : null);
    assert.deepEqual(res.body.noteMoyenne, db.reviews >= 10 ? { note: Math.round(db.rating * 10) / 10, avis: db.reviews } : null);
  });

  it(
    'About in the server HTML: the figures counted, nothing above them, none of the old marketing',
    { skip: !builds && 'npm run build d’abord' },
    async () => {
      const page = await server.request('GET', '/about');
      assert.equal(page.status, 200);
      const text = textOf(page.text);
      assert.match(text, /À propos de/);
      assert.doesNotMatch(text, /10 000|500\+|50\+|4,8\/5/);
      const db = await counted();
      assert.match(text, new RegExp(`${db.apartments} appartements en ligne`));
      assert.match(text, new RegExp(`${db.towns} communes`));
      // Every number shown before a label is at most what the database holds.
      for (const [, value] of text.matchAll(/(\d[\d\s\u202f]*) (appartements|communes|voyageurs)/g)) {
        assert.ok(
          Number(value!.replace(/\D/g, '')) <= Math.max(db.apartments, db.towns, db.guests),
          `${value} is more than the database holds`,
        );
      }
    },
  );

  it(
    'FAQ in the server HTML of a transfer-only site: no card, PayPal, Apple Pay or insurance; the real windows',
    { skip: !builds && 'npm run build d’abord' },
    async () => {
      const options = (await server.request('GET', '/api/paiements/options')).body;
      assert.deepEqual(options.methodes, ['virement'], 'without Stripe the site offers the transfer only');
      const page = await server.request('GET', '/faq');
      assert.equal(page.status, 200);
      const text = textOf(page.text);
      assert.match(text, /Foire aux questions/);
      assert.doesNotMatch(text, /carte|PayPal|Apple Pay|assurance|portefeuille/i);
      assert.match(
        text,
        new RegExp(
          `Vous payez par virement bancaire\\. Un virement doit nous parvenir dans les ${options.delaiVirementHeures} heures qui suivent la réservation`,
        ),
      );
      assert.match(text, new RegExp(`Le solde est à régler à partir de ${options.soldeJoursAvantArrivee} jours avant votre arrivée`));
      assert.match(
        text,
        /« Flexible » : jusqu’à 24 heures avant le jour d’arrivée.*« Modérée » : jusqu’à 5 jours.*« Stricte » : jusqu’à 7 jours avant le jour d’arrivée \(minuit, heure de Paris\), 50 % de l’acompte est remboursé/,
      );
      assert.doesNotMatch(text, /48 heures|15h00|12h00|multiplié par le prix par nuit/);
    },
  );

  it('a figure below its threshold is left out', async () => {
    const db = server.database.db;
    const published = await db.select({ id: appartements.id }).from(appartements).where(eq(appartements.publie, true));
    await db
      .update(appartements)
      .set({ publie: false })
      .where(
        inArray(
          appartements.id,
          published.slice(4).map((a) => a.id),
        ),
      );
    const res = await server.request('GET', '/api/site/chiffres');
    assert.equal(res.status, 200);
    assert.equal(res.body.appartements, null);
  });
});

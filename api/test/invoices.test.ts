/**
 * Issue 31 item 7, DECISIONS 36: every amount received gets a facture, every refund owed an avoir,
 * numbered F-/A-<année>-<6 chiffres> without gap or duplicate (even under 20 payments at once, and
 * across a rolled-back payment), downloadable as a PDF by the guest and admins only, stating the
 * seller, the guest (and the company and address given before the first invoice), the quote's lines,
 * the taxe de séjour outside VAT and the VAT from the configuration.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { factures, mailQueue } from '../src/db/schema.js';
import { recordMovement } from '../src/modules/ledger/ledger.js';
import { startServer } from './helpers.js';
import { apartmentIdBySlug, flexible } from './support/catalogue.js';

const today = () => todayIn('Europe/Paris');
const year = Number(today().slice(0, 4));

/** The text of every page, as a reader (or a screen reader) gets it back from the file. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

async function setUp(overrides: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer(overrides);
  const client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
  const admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
  const apt = (await apartmentIdBySlug(server, flexible.slug)) as number;
  let offset = 30;
  const book = async (token = client) => {
    offset += 3;
    const startDate = addDaysIso(today(), offset);
    const res = await server.request('POST', '/api/reservations', {
      token,
      body: { appartementId: apt, startDate, endDate: addDaysIso(startDate, 2), adultes: 2, accepteCgv: true, paymentMethod: 'virement' },
    });
    assert.equal(res.status, 201, res.text);
    return res.body.reservation as { id: number; deposit: number; totalPrice: number };
  };
  const received = async (id: number) => {
    const res = await server.request('POST', `/api/admin/reservations/${id}/acompte-recu`, { token: admin });
    assert.equal(res.status, 200, res.text);
  };
  const list = async (id: number, token = client) => server.request('GET', `/api/reservations/${id}/factures`, { token });
  const download = async (numero: string, token: string) => {
    const res = await fetch(`${server.url}/api/factures/${numero}.pdf`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  return { server, client, admin, apt, book, received, list, download };
}

describe('invoices and credit notes', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  let other: string;

  before(async () => {
    t = await setUp();
    await t.server.request('POST', '/api/users/register', {
      body: { nom: 'Hugo Petit', email: 'hugo.factures@exemple.fr', password: 'motdepasse-hugo' },
    });
    other = await t.server.login('hugo.factures@exemple.fr', 'motdepasse-hugo');
  });
  after(() => t.server.close());

  it('a transfer received gets its facture: listed, downloaded as a PDF that reads the seller, guest, company, lines and VAT exemption', async () => {
    const r = await t.book();
    const none = await t.list(r.id);
    assert.equal(none.status, 200);
    assert.deepEqual(none.body, { factures: [], facturation: { societe: null, adresse: null, modifiable: true } });
    const billing = await t.server.request('PUT', `/api/reservations/${r.id}/facturation`, {
      token: t.client,
      body: { societe: 'Atelier Martin SARL', adresse: '12 rue Serpenoise\n57000 Metz' },
    });
    assert.equal(billing.status, 200, billing.text);

    await t.received(r.id);
    const listed = await t.list(r.id);
    assert.equal(listed.body.factures.length, 1);
    const [facture] = listed.body.factures;
    assert.match(facture.numero, new RegExp(`^F-${year}-\\d{6}$`));
    assert.equal(facture.type, 'facture');
    assert.equal(facture.montantCents, Math.round(r.deposit * 100));
    assert.equal(facture.url, `/api/factures/${facture.numero}.pdf`);
    assert.match(facture.objet, /^Acompte reçu le .* par virement \(référence SM-\d+\)$/);
    assert.equal(listed.body.facturation.modifiable, false);

    const pdf = await t.download(facture.numero, t.client);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.type, 'application/pdf');
    const text = await pdfText(pdf.bytes);
    assert.match(text, new RegExp(`Facture n° ${facture.numero}`));
    assert.match(text, /Séjours Messins SAS \(exemple\)/);
    assert.match(text, /Camille Martin/);
    assert.match(text, /Atelier Martin SARL/);
    assert.match(text, /12 rue Serpenoise/);
    assert.match(text, new RegExp(`Réservation SM-${r.id}`));
    // The nights as the quote groups them (one line per rate: two rates when the stay spans a season's end).
    const detail = await t.server.request('GET', `/api/reservations/${r.id}`, { token: t.client });
    const nightLines = (detail.body.devis.lignes as { libelle: string }[]).filter((l) => /nuits? × /.test(l.libelle));
    assert.ok(nightLines.length > 0, detail.text);
    for (const line of nightLines) assert.ok(text.includes(line.libelle.replace(/\s+/g, ' ')), line.libelle);
    assert.match(text, /Taxe de séjour \(hors champ de la TVA\)/);
    assert.match(text, /Exonération de TVA, article 261 D 4° du CGI/);
    assert.match(
      text,
      new RegExp(
        `Montant de cette facture : ${r.deposit
          .toFixed(2)
          .replace('.', ',')
          .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} €`,
      ),
    );
    assert.match(text, /Total du séjour/);

    // An admin downloads it too.
    assert.equal((await t.download(facture.numero, t.admin)).status, 200);
  });

  it('the company and address are locked once an invoice exists; bad input is a French 400', async () => {
    const r = await t.book();
    const tooLong = await t.server.request('PUT', `/api/reservations/${r.id}/facturation`, {
      token: t.client,
      body: { societe: 'x'.repeat(121) },
    });
    assert.equal(tooLong.status, 400);
    assert.equal(tooLong.body.message, 'Société : 120 caractères au plus.');
    const control = await t.server.request('PUT', `/api/reservations/${r.id}/facturation`, {
      token: t.client,
      body: { societe: 'A\u0007B' },
    });
    assert.equal(control.status, 400);
    assert.equal(control.body.message, 'Société : caractère non autorisé.');
    const number = await t.server.request('PUT', `/api/reservations/${r.id}/facturation`, { token: t.client, body: { adresse: 12 } });
    assert.equal(number.status, 400);
    assert.equal(number.body.message, 'Le champ « adresse » doit être un texte.');
    const byOther = await t.server.request('PUT', `/api/reservations/${r.id}/facturation`, { token: other, body: { societe: 'Intrus' } });
    assert.equal(byOther.status, 404);
    const byAdmin = await t.server.request('PUT', `/api/reservations/${r.id}/facturation`, { token: t.admin, body: { societe: 'Admin' } });
    assert.equal(byAdmin.status, 403);
    assert.equal(byAdmin.body.message, 'Seul le client de la réservation peut modifier ses coordonnées de facturation.');
    await t.received(r.id);
    const late = await t.server.request('PUT', `/api/reservations/${r.id}/facturation`, {
      token: t.client,
      body: { societe: 'Trop tard SA' },
    });
    assert.equal(late.status, 409);
    assert.match(late.body.message, /Une facture a déjà été émise pour ce séjour/);
  });

  it('another guest, a visitor or a malformed number gets a 404 (or 401), never the document', async () => {
    const r = await t.book();
    await t.received(r.id);
    const [facture] = (await t.list(r.id)).body.factures;
    const byOther = await t.download(facture.numero, other);
    assert.equal(byOther.status, 404);
    assert.equal(JSON.parse(byOther.bytes.toString()).message, 'Facture introuvable.');
    assert.equal((await t.list(r.id, other)).status, 404);
    assert.equal((await fetch(`${t.server.url}/api/factures/${facture.numero}.pdf`)).status, 401);
    for (const name of [
      facture.numero,
      `${facture.numero}.txt`,
      'F-2026-1.pdf',
      'X-2026-000001.pdf',
      `F-${year}-999999.pdf`,
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await fetch(`${t.server.url}/api/factures/${name}`, { headers: { authorization: `Bearer ${t.client}` } });
      assert.equal(res.status, 404, name);
      assert.equal(((await res.json()) as { message: string }).message, 'Facture introuvable.');
    }
  });

  it('a refund owed gets an avoir that refers to the stay’s facture', async () => {
    const r = await t.book();
    await t.received(r.id);
    const cancel = await t.server.request('PUT', `/api/reservations/${r.id}/status`, { token: t.admin, body: { status: 'annulée' } });
    assert.equal(cancel.status, 200, cancel.text);
    const docs = (await t.list(r.id)).body.factures as Array<{ numero: string; type: string; montantCents: number }>;
    assert.deepEqual(
      docs.map((d) => d.type),
      ['facture', 'avoir'],
    );
    assert.match(docs[1]!.numero, new RegExp(`^A-${year}-\\d{6}$`));
    assert.equal(docs[1]!.montantCents, docs[0]!.montantCents);
    const text = await pdfText((await t.download(docs[1]!.numero, t.client)).bytes);
    assert.match(text, new RegExp(`Avoir n° ${docs[1]!.numero}`));
    assert.match(text, new RegExp(`Se rapporte à : ${docs[0]!.numero}`));
    assert.match(text, /Montant de cet avoir \(remboursement dû\)/);
  });

  it('20 payments at once: 20 new factures, numbers without gap or duplicate; a rolled-back payment gives its number back', async () => {
    const stays = [];
    for (let i = 0; i < 20; i += 1) stays.push(await t.book());
    const replies = await Promise.all(
      stays.map((s) => t.server.request('POST', `/api/admin/reservations/${s.id}/acompte-recu`, { token: t.admin })),
    );
    assert.deepEqual(
      replies.map((r) => r.status),
      Array(20).fill(200),
    );
    const all = await t.server.database.db
      .select({ numero: factures.numero, rang: factures.rang, reservationId: factures.reservationId })
      .from(factures)
      .where(and(eq(factures.type, 'facture'), eq(factures.annee, year)))
      .orderBy(asc(factures.rang));
    assert.deepEqual(
      all.map((f) => f.rang),
      all.map((_, i) => i + 1),
      'ranks 1..N, no gap',
    );
    assert.equal(new Set(all.map((f) => f.numero)).size, all.length, 'no duplicate');
    for (const s of stays) assert.equal(all.filter((f) => f.reservationId === s.id).length, 1, `one facture for ${s.id}`);

    // A payment whose transaction fails after its facture was numbered: neither stays, and the number is given again.
    const r = await t.book();
    const before = all.length;
    await assert.rejects(
      t.server.database.db.transaction(async (tx) => {
        await recordMovement(tx, { reservationId: r.id, type: 'acompte_recu', montantCents: 100, moyen: 'virement', auteur: 'admin' });
        throw new Error('panne simulée après la numérotation');
      }),
      /panne simulée/,
    );
    assert.equal((await t.list(r.id)).body.factures.length, 0);
    await t.received(r.id);
    const [facture] = (await t.list(r.id)).body.factures;
    assert.equal(facture.numero, `F-${year}-${String(before + 1).padStart(6, '0')}`);
  });

  it('the payment mail links the facture', async () => {
    const r = await t.book();
    await t.received(r.id);
    const [facture] = (await t.list(r.id)).body.factures;
    const mails = await t.server.database.db.select({ subject: mailQueue.subject, text: mailQueue.textBody }).from(mailQueue);
    const confirmed = mails.filter((m) => m.subject.startsWith('Réservation confirmée') && m.text.includes(`/reservation/${r.id}`));
    assert.equal(confirmed.length, 1);
    assert.match(confirmed[0]!.text, new RegExp(`Facture ${facture.numero}.*\\/api\\/factures\\/${facture.numero}\\.pdf`, 's'));
  });
});

describe('invoices with VAT (TVA_TAUX=10)', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  before(async () => {
    t = await setUp({ facturation: { tvaTaux: 10, tvaMention: null } });
  });
  after(() => t.server.close());

  it('every line but the taxe shows HT, TVA and TTC; the taxe stays outside VAT', async () => {
    const r = await t.book();
    await t.received(r.id);
    const [facture] = (await t.list(r.id)).body.factures;
    const text = await pdfText((await t.download(facture.numero, t.client)).bytes);
    assert.match(text, /Montant HT TVA 10 % Montant TTC/);
    assert.match(text, /Total HT \(hors taxe de séjour\)/);
    assert.match(text, /Taxe de séjour \(hors champ de la TVA\)/);
    assert.doesNotMatch(text, /Exonération de TVA/);
    const [row] = await t.server.database.db
      .select({ contenu: factures.contenu })
      .from(factures)
      .where(eq(factures.numero, facture.numero));
    const contenu = row!.contenu as { lignes: Array<{ horsTva: boolean; htCents: number; tvaCents: number; ttcCents: number }> };
    for (const line of contenu.lignes) {
      if (line.horsTva) assert.equal(line.tvaCents, 0);
      else {
        assert.equal(line.htCents + line.tvaCents, line.ttcCents);
        assert.equal(line.htCents, Math.round(line.ttcCents / 1.1));
      }
    }
    const nuits = contenu.lignes[0]!;
    assert.match(text, new RegExp(`${(nuits.htCents / 100).toFixed(2).replace('.', ',')} €`));
  });
});

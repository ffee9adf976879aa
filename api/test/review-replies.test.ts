/** Host replies to reviews (issue 30 item 6): admins answer each review once, editable; the public sees it. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { avis, users } from '../src/db/schema.js';
import { startServer, type TestServer } from './helpers.js';

const ADMIN = { email: 'admin@sejours-messins.fr', password: 'Admin-Metz-2026' };
const CLIENT = { email: 'camille.martin@exemple.fr', password: 'Client-Metz-2026' };

describe('host replies to reviews', () => {
  let server: TestServer;
  let admin: string;
  let client: string;
  before(async () => {
    server = await startServer();
    admin = await server.login(ADMIN.email, ADMIN.password);
    client = await server.login(CLIENT.email, CLIENT.password);
  });
  after(() => server.close());

  const listAll = async (query = '') => (await server.request('GET', `/api/admin/avis${query}`, { token: admin })).body;

  it('keeps the list and the reply to admins: 401 without a session, 403 for a client', async () => {
    assert.equal((await server.request('GET', '/api/admin/avis')).status, 401);
    const forbidden = await server.request('GET', '/api/admin/avis', { token: client });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.message, 'Accès réservé aux administrateurs.');
    const [first] = (await listAll()).avis;
    const put = await server.request('PUT', `/api/admin/avis/${first.id}/reponse`, { token: client, body: { reponse: 'Piratage' } });
    assert.equal(put.status, 403);
    const [row] = await server.database.db.select({ reponse: avis.reponse }).from(avis).where(eq(avis.id, first.id));
    assert.equal(row!.reponse, null, 'nothing written');
  });

  it('lists every review newest first, by pages, with the count still unanswered', async () => {
    const total = await server.database.db.$count(avis);
    const page1 = await listAll('?parPage=3');
    assert.equal(page1.total, total);
    assert.equal(page1.sansReponse, total);
    assert.equal(page1.avis.length, 3);
    const page2 = await listAll('?parPage=3&page=2');
    const ids = [...page1.avis, ...page2.avis].map((a: { id: number }) => a.id);
    assert.equal(new Set(ids).size, ids.length, 'no review on two pages');
    const dates = [...page1.avis, ...page2.avis].map((a: { date: string }) => a.date);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.ok(page1.avis[0].appartementTitre && page1.avis[0].appartementSlug);
    assert.ok(!page1.avis[0].auteur.includes(' '), 'the first name only');
  });

  it('publishes a reply under the review, then lets the admin rewrite it', async () => {
    const [target] = (await listAll()).avis;
    const res = await server.request('PUT', `/api/admin/avis/${target.id}/reponse`, {
      token: admin,
      body: { reponse: '  Merci Julie, au plaisir de vous revoir à Metz !  ' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.avis.reponse.texte, 'Merci Julie, au plaisir de vous revoir à Metz !');
    const firstDate = res.body.avis.reponse.date as string;

    const pub = await server.request('GET', `/api/appartements/${target.appartementId}/avis`);
    const shown = pub.body.avis.find((a: { id: number }) => a.id === target.id);
    assert.deepEqual(shown.reponse, { texte: 'Merci Julie, au plaisir de vous revoir à Metz !', date: firstDate });
    const others = pub.body.avis.filter((a: { id: number }) => a.id !== target.id);
    assert.ok(
      others.every((a: { reponse?: unknown }) => a.reponse === undefined),
      'no reply on the other reviews',
    );

    const [adminRow] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    const [row] = await server.database.db.select().from(avis).where(eq(avis.id, target.id));
    assert.equal(row!.reponsePar, adminRow!.id, 'who answered is kept');

    await new Promise((resolve) => setTimeout(resolve, 5));
    const edit = await server.request('PUT', `/api/admin/avis/${target.id}/reponse`, { token: admin, body: { reponse: 'Merci !' } });
    assert.equal(edit.status, 200);
    assert.equal(edit.body.avis.reponse.texte, 'Merci !');
    assert.ok(edit.body.avis.reponse.date > firstDate, 'dated with the last writing');
    const again = await server.request('GET', `/api/appartements/${target.appartementId}/avis`);
    assert.equal(again.body.avis.find((a: { id: number }) => a.id === target.id).reponse.texte, 'Merci !');

    const unanswered = await listAll('?sansReponse=1&parPage=100');
    assert.ok(!unanswered.avis.some((a: { id: number }) => a.id === target.id));
    assert.equal(unanswered.total, (await server.database.db.$count(avis)) - 1);
    assert.equal(unanswered.sansReponse, unanswered.total);
  });

  it('refuses an empty or too long reply, an unknown review and a malformed id, in French, and writes nothing', async () => {
    const [target] = (await listAll('?sansReponse=1')).avis;
    const put = (id: string | number, body: unknown) => server.request('PUT', `/api/admin/avis/${id}/reponse`, { token: admin, body });
    const blank = await put(target.id, { reponse: '   ' });
    assert.equal(blank.status, 400);
    assert.equal(blank.body.message, 'Veuillez écrire une réponse.');
    const long = await put(target.id, { reponse: 'x'.repeat(2001) });
    assert.equal(long.status, 400);
    assert.equal(long.body.message, 'Le champ « réponse » ne peut pas dépasser 2000 caractères.');
    const missing = await put(target.id, {});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, 'Le champ « réponse » est obligatoire.');
    const unknown = await put(424242, { reponse: 'Merci' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, 'Avis introuvable.');
    assert.equal((await put('abc', { reponse: 'Merci' })).status, 400);
    assert.equal((await server.request('GET', '/api/admin/avis?parPage=101', { token: admin })).status, 400);
    assert.equal((await server.request('GET', '/api/admin/avis?page=0', { token: admin })).status, 400);
    const [row] = await server.database.db.select({ reponse: avis.reponse }).from(avis).where(eq(avis.id, target.id));
    assert.equal(row!.reponse, null);
  });
});

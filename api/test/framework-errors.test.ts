import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { appartements, messages, users } from '../src/db/schema.js';
import { fakeBuild, startServer, type TestServer } from './helpers.js';

/** A raw request (fetch refuses some of these URLs itself). */
function raw(url: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('framework errors and bad input answer in French', () => {
  let server: TestServer;
  let root: string;
  let client = '';
  let admin = '';
  before(async () => {
    root = fakeBuild();
    server = await startServer({ staticRoot: root }, { serveSite: true });
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('a malformed URL: JSON under /api, a French page elsewhere, without echoing the URL', async () => {
    const api = await raw(server.url, '/api/appartements/slug/%E0%A4%A');
    assert.equal(api.status, 400);
    assert.deepEqual(JSON.parse(api.text), { message: "L'adresse demandée n'est pas valide." });
    const page = await raw(server.url, '/appartement/%E0%A4%A');
    assert.equal(page.status, 400);
    assert.match(page.type, /text\/html/);
    assert.match(page.text, /<html lang="fr">/);
    assert.match(page.text, /L&#39;adresse demandée n&#39;est pas valide\.|L'adresse demandée n'est pas valide\./);
    assert.ok(!page.text.includes('%E0'));
  });

  it('a too long parameter is a 414 that does not echo it; headers too large a French 431', async () => {
    const long = await raw(server.url, `/api/reservations/${'9'.repeat(300)}`, { authorization: `Bearer ${client}` });
    assert.equal(long.status, 414);
    assert.deepEqual(JSON.parse(long.text), { message: "L'adresse demandée est trop longue." });
    const big = await raw(server.url, '/api/health', { 'x-remplissage': 'a'.repeat(20000) });
    assert.equal(big.status, 431);
    assert.deepEqual(JSON.parse(big.text), { message: 'Les en-têtes de la requête sont trop volumineux.' });
    const bigPage = await raw(server.url, '/', { 'x-remplissage': 'a'.repeat(20000) });
    assert.equal(bigPage.status, 431);
    assert.match(bigPage.text, /Les en-têtes de la requête sont trop volumineux\./);
  });

  it('a NUL character in a path, on the API and on a page, is a French 400', async () => {
    const api = await server.request('GET', '/api/appartements/slug/a%00b');
    assert.equal(api.status, 400);
    assert.equal(api.body.message, "L'adresse demandée contient un caractère interdit.");
    const page = await raw(server.url, '/appartement/a%00b');
    assert.equal(page.status, 400);
    assert.match(page.text, /contient un caractère interdit/);
  });

  it('a NUL character in any text field is a 400 naming the field, and nothing is stored', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string, string?]> = [
      ['POST', '/api/auth/login', { email: 'camille.martin@exemple.fr\u0000', password: 'x' }, 'email'],
      ['POST', '/api/users/register', { nom: 'Ju\u0000les', email: 'jules.nul@exemple.fr', password: 'motdepasse-nul' }, 'nom'],
      ['PUT', '/api/users/update', { phone: '06\u000012' }, 'téléphone', client],
      ['PUT', '/api/users/update', { bio: 'a\u0000' }, 'bio', client],
      ['POST', '/api/messages/contacter-support', { contenu: 'Bonjour\u0000' }, 'message', client],
      ['POST', '/api/appartements', { titre: 'Studio\u0000' }, 'titre', admin],
      ['PUT', '/api/appartements/1', { description: 'Calme\u0000' }, 'description', admin],
      ['PUT', '/api/appartements/1', { inclus: ['Wifi\u0000'] }, 'inclus', admin],
      ['POST', '/api/appartements/1/avis', { reservationId: 1, note: 4, commentaire: 'Très bien\u0000' }, 'commentaire', client],
      ['POST', '/api/messages/envoyer', { receiverId: 1, contenu: '\u0000' }, 'message', client],
    ];
    for (const [method, route, body, label, token] of cases) {
      const res = await server.request(method, route, { body, ...(token ? { token } : {}) });
      assert.equal(res.status, 400, `${route} ${JSON.stringify(body)}`);
      assert.equal(res.body.message, `Le champ « ${label} » contient un caractère interdit.`);
    }
    assert.equal((await server.database.db.select().from(users).where(eq(users.email, 'jules.nul@exemple.fr'))).length, 0);
    assert.equal((await server.database.db.select().from(messages)).filter((m) => m.contenu.includes('\u0000')).length, 0);
    assert.equal((await server.database.db.select().from(appartements)).filter((a) => a.description.includes('\u0000')).length, 0);
  });

  it('ids beyond PostgreSQL integers (2147483648, 1e30, 2^53) are a French 400 for every id', async () => {
    const start = addDaysIso(todayIn('Europe/Paris'), 40);
    for (const big of [2147483648, 1e30, 2 ** 53]) {
      const cases: Array<[string, string, Record<string, unknown>, string]> = [
        [
          'POST',
          '/api/reservations',
          { appartementId: big, startDate: start, endDate: addDaysIso(start, 2), guestsCount: 1 },
          'appartement',
        ],
        [
          'POST',
          '/api/reservations',
          { appartementId: 1, startDate: start, endDate: addDaysIso(start, 2), guestsCount: big },
          'nombre de voyageurs',
        ],
        ['POST', '/api/appartements/1/avis', { reservationId: big, note: 4, commentaire: 'Bien' }, 'réservation'],
        ['POST', '/api/messages/envoyer', { receiverId: big, contenu: 'Bonjour' }, 'destinataire'],
        ['POST', '/api/messages/marquer-lus', { messageIds: [1, big] }, 'messages'],
      ];
      for (const [method, route, body, label] of cases) {
        const res = await server.request(method, route, { body, token: client });
        assert.equal(res.status, 400, `${route} ${JSON.stringify(body)}`);
        assert.equal(res.body.message, `Le champ « ${label} » doit être inférieur ou égal à 2147483647.`);
      }
      for (const route of [`/api/reservations/${big}`, `/api/appartements/${big}/avis`, `/api/messages/utilisateur/${big}`]) {
        const res = await server.request('GET', route, { token: client });
        assert.ok(res.status === 400 || res.status === 414, `${route}: ${res.status}`);
        assert.match(res.body.message, /^(Le champ « identifiant »|L'adresse demandée est trop longue)/);
      }
    }
  });

  it('names fields by their French label and types in French, never `string,null`', async () => {
    const phone = await server.request('PUT', '/api/users/update', { token: client, body: { phone: 612345678 } });
    assert.equal(phone.status, 400);
    assert.equal(phone.body.message, 'Le champ « téléphone » doit être un texte.');
    const cgv = await server.request('POST', '/api/reservations', {
      token: client,
      body: { appartementId: 1, startDate: '2030-01-01', endDate: '2030-01-03', guestsCount: 1, accepteCgv: 'oui' },
    });
    assert.equal(cgv.body.message, 'Le champ « acceptation des conditions générales de vente » doit être vrai ou faux (true ou false).');
    const ids = await server.request('POST', '/api/messages/marquer-lus', { token: client, body: { messageIds: ['1'] } });
    assert.equal(ids.body.message, 'Le champ « messages » doit être un nombre entier.');
  });

  it('a database value error (an out-of-range price) is a 400, not a 500', async () => {
    const res = await server.request('PUT', '/api/appartements/1', { token: admin, body: { prixParNuit: 1e30 } });
    assert.equal(res.status, 400, res.text);
    assert.ok(typeof res.body.message === 'string' && res.body.message.length > 0);
  });
});

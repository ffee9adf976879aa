/** Owner leads (issue 15, DECISIONS 28): the public form's endpoint and the admin follow-up. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OWNER_LEAD_CONSENT } from 'shared-kernel/domain';
import { ownerLeads } from '../src/db/schema.js';
import { MAIL_JOBS } from '../src/mail/install.js';
import { LEAD_THANKS } from '../src/modules/leads/routes.js';
import { startServer, type TestServer } from './helpers.js';
import { startSmtp, type TestSmtp } from './smtp.js';

describe('owner leads', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let admin: string;
  let client: string;
  const valid = {
    nom: 'Durand',
    prenom: 'Claire',
    email: 'Claire.Durand@Exemple.fr',
    message: 'T2 de 45 m² à Outre-Seille',
    consentement: true,
  };

  before(async () => {
    smtp = await startSmtp();
    server = await startServer({ smtpUrl: smtp.url, leadLimits: { perIp: 4, windowSeconds: 3600 } });
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  it('stores a lead with the consent text and mails the admins', async () => {
    const res = await server.request('POST', '/api/proprietaires/demandes', { body: valid });
    assert.equal(res.status, 201);
    assert.equal(res.body.message, LEAD_THANKS);
    assert.equal(
      LEAD_THANKS,
      'Merci pour votre demande ! Notre équipe vous recontacte sous 24h avec une estimation de votre loyer garanti.',
    );
    const rows = await server.database.db.select().from(ownerLeads);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.email, 'claire.durand@exemple.fr');
    assert.equal(rows[0]?.prenom, 'Claire');
    assert.equal(rows[0]?.statut, 'nouveau');
    assert.equal(rows[0]?.consentement, OWNER_LEAD_CONSENT);
    await server.app.jobs.runNow(MAIL_JOBS.queue, { force: true });
    const [mail] = await smtp.waitFor(1);
    assert.equal(mail?.subject, 'Nouvelle demande de propriétaire : Claire Durand');
    assert.match(mail?.text ?? '', /Email : claire.durand@exemple.fr/);
    assert.match(mail?.text ?? '', /Message : T2 de 45 m² à Outre-Seille/);
    assert.match(String(mail?.html), /Voir les demandes propriétaires/);
  });

  it('refuses invalid requests in French', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, nom: '  ' }, 'Veuillez indiquer votre nom.'],
      [{ ...valid, email: 'claire@' }, 'Veuillez indiquer une adresse email valide.'],
      [{ ...valid, consentement: false }, 'Veuillez accepter d’être recontacté pour recevoir votre estimation.'],
    ];
    for (const [body, message] of cases) {
      const res = await server.request('POST', '/api/proprietaires/demandes', { body });
      assert.equal(res.status, 400);
      assert.equal(res.body.message, message);
    }
    const missing = await server.request('POST', '/api/proprietaires/demandes', { body: { nom: 'Durand', email: 'c@d.fr' } });
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /consentement|obligatoire/i);
    const tooLong = await server.request('POST', '/api/proprietaires/demandes', { body: { ...valid, message: 'x'.repeat(2001) } });
    assert.equal(tooLong.status, 400);
    assert.equal((await server.database.db.select().from(ownerLeads)).length, 1);
  });

  it('a filled honeypot gets the same answer and stores nothing; then the IP is rate limited', async () => {
    const bot = await server.request('POST', '/api/proprietaires/demandes', { body: { ...valid, siteWeb: 'http://spam.example' } });
    assert.equal(bot.status, 201);
    assert.equal(bot.body.message, LEAD_THANKS);
    assert.equal((await server.database.db.select().from(ownerLeads)).length, 1);
    // 4 per window: the valid one and the bot's counted, two more pass, the fifth is refused.
    assert.equal((await server.request('POST', '/api/proprietaires/demandes', { body: valid })).status, 201);
    assert.equal((await server.request('POST', '/api/proprietaires/demandes', { body: valid })).status, 201);
    const limited = await server.request('POST', '/api/proprietaires/demandes', { body: valid });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.message, 'Trop de demandes envoyées depuis cette adresse. Veuillez réessayer plus tard.');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
  });

  it('admins list and follow leads; others cannot', async () => {
    assert.equal((await server.request('GET', '/api/admin/demandes-proprietaires')).status, 401);
    assert.equal((await server.request('GET', '/api/admin/demandes-proprietaires', { token: client })).status, 403);
    const list = await server.request('GET', '/api/admin/demandes-proprietaires', { token: admin });
    assert.equal(list.status, 200);
    assert.equal(list.body.length, 3);
    const id = list.body[0].id as number;
    assert.equal(
      (await server.request('PATCH', `/api/admin/demandes-proprietaires/${id}`, { token: client, body: { statut: 'clos' } })).status,
      403,
    );
    const updated = await server.request('PATCH', `/api/admin/demandes-proprietaires/${id}`, {
      token: admin,
      body: { statut: 'contacté', notes: ' Rappelée le 24/11, visite jeudi. ' },
    });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.statut, 'contacté');
    assert.equal(updated.body.notes, 'Rappelée le 24/11, visite jeudi.');
    const bad = await server.request('PATCH', `/api/admin/demandes-proprietaires/${id}`, { token: admin, body: { statut: 'perdu' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'Le champ « statut » doit valoir : nouveau, contacté, clos.');
    const longNotes = await server.request('PATCH', `/api/admin/demandes-proprietaires/${id}`, {
      token: admin,
      body: { notes: 'x'.repeat(5001) },
    });
    assert.equal(longNotes.status, 400);
    assert.equal(longNotes.body.message, 'Le champ « notes » ne peut pas dépasser 5000 caractères.');
    const empty = await server.request('PATCH', `/api/admin/demandes-proprietaires/${id}`, { token: admin, body: {} });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.message, 'Indiquez un statut ou des notes à enregistrer.');
    const missing = await server.request('PATCH', '/api/admin/demandes-proprietaires/999999', { token: admin, body: { statut: 'clos' } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'Demande introuvable.');
  });
});

/**
 * Issue 27 item 4, DECISIONS 38: the link mailed at sign-up (hashed, 48 h, single use), 'Renvoyer le
 * lien' limited, `emailVerifie` on /auth/me, and nothing given under the address before sign-up (an
 * owner lead) joining the account — export or erasure — until the link is followed.
 */
import assert from 'node:assert/strict';
import { createHash, type KeyObject } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { emailVerifications, mailQueue, ownerLeads, users } from '../src/db/schema.js';
import { scrubUrl } from '../src/http/logging.js';
import { startServer, verificationTokenFor, verifyEmailOf, type TestServer } from './helpers.js';
import { googleClaims, signIdToken, startWithFakeGoogle } from './support/fake-google.js';

const INVALID = 'Ce lien de vérification est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.';
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

describe('email verification', () => {
  let server: TestServer;
  let n = 0;

  before(async () => {
    server = await startServer({
      registerLimits: { perIp: 1000, windowSeconds: 3600 },
      leadLimits: { perIp: 1000, windowSeconds: 3600 },
      resetLimits: { perEmail: 2, windowSeconds: 3600 },
    });
  });
  after(() => server.close());

  async function register(email = `verif${++n}-${Date.now()}@exemple.fr`) {
    const password = `Motdepasse-${n}-solide`;
    const res = await server.request('POST', '/api/users/register', { body: { nom: 'Inès Vérif', email, password } });
    assert.equal(res.status, 201, res.text);
    return { id: res.body.user.id as number, email, password, token: await server.login(email, password) };
  }

  const me = async (token: string) => (await server.request('GET', '/api/auth/me', { token })).body.user;

  it('mails a link at sign-up, kept only as a hash, and /auth/me says the address is not verified', async () => {
    const account = await register();
    const token = verificationTokenFor(server, account.email);
    assert.ok(token, 'a link is in the outbox');
    const rows = await server.database.db.select().from(emailVerifications).where(eq(emailVerifications.userId, account.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.tokenHash, sha256(token));
    assert.notEqual(rows[0]!.tokenHash, token);
    assert.ok(!JSON.stringify(rows).includes(token), 'the token itself is stored nowhere');
    const validity = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    assert.ok(Math.abs(validity - 48 * 3600 * 1000) < 5000, `valid 48 h (${validity} ms)`);
    assert.equal((await me(account.token)).emailVerifie, false);
    const login = await server.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password } });
    assert.equal(login.body.user.emailVerifie, false);
  });

  it('verifies once: the same link a second time is refused in French', async () => {
    const account = await register();
    const token = verificationTokenFor(server, account.email)!;
    const first = await server.request('POST', '/api/auth/verify-email', { body: { token } });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.message, 'Votre adresse email est vérifiée. Merci !');
    assert.equal((await me(account.token)).emailVerifie, true);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, account.id));
    assert.ok(row!.emailVerifieLe instanceof Date);
    const again = await server.request('POST', '/api/auth/verify-email', { body: { token } });
    assert.equal(again.status, 400);
    assert.equal(again.body.message, INVALID);
    const unknown = await server.request('POST', '/api/auth/verify-email', { body: { token: 'pas-un-vrai-jeton-de-verification' } });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.message, INVALID);
    const empty = await server.request('POST', '/api/auth/verify-email', { body: {} });
    assert.equal(empty.status, 400);
  });

  it('refuses a link past its 48 hours', async () => {
    const account = await register();
    const token = verificationTokenFor(server, account.email)!;
    await server.database.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.tokenHash, sha256(token)));
    const res = await server.request('POST', '/api/auth/verify-email', { body: { token } });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVALID);
    assert.equal((await me(account.token)).emailVerifie, false);
  });

  it("'Renvoyer le lien' mails a new working link, then answers 429 in French past the limit", async () => {
    const account = await register();
    const firstToken = verificationTokenFor(server, account.email)!;
    const anonymous = await server.request('POST', '/api/auth/resend-verification', { body: {} });
    assert.equal(anonymous.status, 401);
    const resent = await server.request('POST', '/api/auth/resend-verification', { token: account.token, body: {} });
    assert.equal(resent.status, 200, resent.text);
    assert.equal(resent.body.message, 'Un nouveau lien de vérification vous a été envoyé.');
    const secondToken = verificationTokenFor(server, account.email)!;
    assert.notEqual(secondToken, firstToken);
    assert.equal((await server.request('POST', '/api/auth/resend-verification', { token: account.token, body: {} })).status, 200);
    const limited = await server.request('POST', '/api/auth/resend-verification', { token: account.token, body: {} });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.message, 'Trop de liens demandés. Veuillez réessayer dans quelques minutes.');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    const links = await server.database.db.select().from(emailVerifications).where(eq(emailVerifications.userId, account.id));
    assert.equal(links.length, 3, 'the refused request stored no link');

    const followed = await server.request('POST', '/api/auth/verify-email', { body: { token: secondToken } });
    assert.equal(followed.status, 200);
    const done = await server.request('POST', '/api/auth/resend-verification', { token: account.token, body: {} });
    assert.equal(done.status, 200);
    assert.equal(done.body.message, 'Votre adresse email est déjà vérifiée.');
  });

  it('counts the seeded demo accounts and the admin as verified', async () => {
    assert.equal((await me(await server.login('camille.martin@exemple.fr', 'Client-Metz-2026'))).emailVerifie, true);
    assert.equal((await me(await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026'))).emailVerifie, true);
  });

  it('masks the link of the verification page in the logs', () => {
    assert.equal(scrubUrl('/verifier-email/AbCdEf0123456789AbCdEf0123456789?x=1'), '/verifier-email/[masqué]?x=[masqué]');
  });

  describe('owner leads sent with the address before sign-up', () => {
    async function lead(email: string, message: string) {
      const res = await server.request('POST', '/api/proprietaires/demandes', {
        body: { nom: 'Visiteur', prenom: 'Paul', email, message, consentement: true },
      });
      assert.equal(res.status, 201, res.text);
    }
    const leadsOf = (email: string) => server.database.db.select().from(ownerLeads).where(eq(ownerLeads.email, email));
    const noticesAbout = (email: string) =>
      server.database.db
        .select()
        .from(mailQueue)
        .where(and(eq(mailQueue.aboutEmail, email), eq(mailQueue.kind, 'admin-demande-proprietaire')));

    it('are neither exported nor erased by an account that has not followed its link', async () => {
      const email = `proprio${++n}-${Date.now()}@exemple.fr`;
      await lead(email, 'Mon T2 rue Serpenoise, à ne pas montrer à un inconnu');
      const account = await register(email);

      const exported = await server.request('GET', '/api/users/me/export', { token: account.token });
      assert.equal(exported.status, 200, exported.text);
      assert.deepEqual(exported.body.demandesProprietaire, []);
      assert.ok(!exported.text.includes('Serpenoise'), 'the visitor’s message is not in the export');

      const erased = await server.request('DELETE', '/api/users/me', { token: account.token, body: { motDePasse: account.password } });
      assert.equal(erased.status, 200, erased.text);
      assert.equal((await leadsOf(email)).length, 1, 'the visitor’s request is still there');
      assert.equal((await noticesAbout(email)).length, 1, 'and so is the admins’ notice of it');
    });

    it('join the account once the link is followed: exported, then erased with it', async () => {
      const email = `proprio${++n}-${Date.now()}@exemple.fr`;
      await lead(email, 'Un studio à Queuleu');
      const account = await register(email);
      await verifyEmailOf(server, email);

      const exported = await server.request('GET', '/api/users/me/export', { token: account.token });
      assert.deepEqual(
        exported.body.demandesProprietaire.map((l: { message: string }) => l.message),
        ['Un studio à Queuleu'],
      );
      const erased = await server.request('DELETE', '/api/users/me', { token: account.token, body: { motDePasse: account.password } });
      assert.equal(erased.status, 200, erased.text);
      assert.equal((await leadsOf(email)).length, 0);
      assert.equal((await noticesAbout(email)).length, 0);
    });
  });
});

describe('Google sign-in and verification', () => {
  let privateKey: KeyObject;
  let server: TestServer;

  const idToken = (claims: Record<string, unknown>) => signIdToken(claims, privateKey, 'k');
  const claims = (sub: string, email: string) => googleClaims({ sub, email, name: 'Nora Google' });

  before(async () => {
    ({ server, privateKey } = await startWithFakeGoogle({ kid: 'k' }));
  });
  after(() => server.close());

  it('creates a verified account when Google says email_verified', async () => {
    const res = await server.request('POST', '/api/auth/google', { body: { credential: idToken(claims('g-new', 'nora@gmail.com')) } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.user.emailVerifie, true);
    assert.equal((await server.request('GET', '/api/auth/me', { token: res.body.token })).body.user.emailVerifie, true);
  });

  it('verifies an unverified account of the same address, and ends the sessions of whoever chose its password', async () => {
    const email = 'prise.de.compte@gmail.com';
    const reg = await server.request('POST', '/api/users/register', { body: { nom: 'Quelqu’un', email, password: 'Motdepasse-pris-9' } });
    assert.equal(reg.status, 201, reg.text);
    const squatter = await server.login(email, 'Motdepasse-pris-9');
    const res = await server.request('POST', '/api/auth/google', { body: { credential: idToken(claims('g-owner', email)) } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.user.emailVerifie, true);
    assert.equal((await server.request('GET', '/api/auth/me', { token: squatter })).status, 401, 'the earlier session is over');
    const again = await server.request('POST', '/api/auth/login', { body: { email, password: 'Motdepasse-pris-9' } });
    assert.equal(again.status, 401, 'the password chosen before the address was proven no longer opens the account');
    assert.equal((await server.request('GET', '/api/auth/me', { token: res.body.token })).status, 200);
  });
});

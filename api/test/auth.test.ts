import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { users, sessions } from '../src/db/schema.js';
import { signToken } from '../src/auth/jwt.js';
import { resolveJwtSecret } from '../src/auth/secret.js';
import { startServer, type TestServer } from './helpers.js';
import { googleClaims, signIdToken, startWithFakeGoogle } from './support/fake-google.js';

const CLIENT = { email: 'camille.martin@exemple.fr', password: 'Client-Metz-2026' };
const ADMIN = { email: 'admin@sejours-messins.fr', password: 'Admin-Metz-2026' };

describe('accounts and sessions', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({
      loginLimits: { perIp: 1000, perEmail: 1000, perAccount: 1000, windowSeconds: 60, accountBackoffSeconds: 60 },
    });
  });
  after(() => server.close());

  describe('POST /api/users/register', () => {
    it('creates a client account with a salted scrypt hash, never the password', async () => {
      const res = await server.request('POST', '/api/users/register', {
        body: { nom: 'Léa Dupont', email: 'Lea.Dupont@Exemple.fr', password: 'motdepasse-solide' },
      });
      assert.equal(res.status, 201);
      assert.equal(res.body.user.email, 'lea.dupont@exemple.fr');
      assert.equal(res.body.user.role, 'client');
      const [row] = await server.database.db.select().from(users).where(eq(users.email, 'lea.dupont@exemple.fr'));
      assert.ok(row);
      assert.match(row.passwordHash ?? '', /^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      assert.ok(!(row.passwordHash ?? '').includes('motdepasse-solide'));
    });

    it('refuses an email already used, whatever its case (409)', async () => {
      const res = await server.request('POST', '/api/users/register', {
        body: { nom: 'Autre', email: 'CAMILLE.MARTIN@exemple.fr', password: 'motdepasse-solide' },
      });
      assert.equal(res.status, 409);
      assert.equal(res.body.message, 'Un compte existe déjà avec cette adresse email.');
    });

    const invalid: Array<[string, unknown, string]> = [
      ['missing name', { email: 'a@b.fr', password: 'motdepasse' }, 'Le champ « nom » est obligatoire.'],
      ['missing email', { nom: 'A', password: 'motdepasse' }, 'Le champ « email » est obligatoire.'],
      ['missing password', { nom: 'A', email: 'a@b.fr' }, 'Le champ « mot de passe » est obligatoire.'],
      ['numeric name', { nom: 42, email: 'a@b.fr', password: 'motdepasse' }, 'Le champ « nom » doit être un texte.'],
      ['blank name', { nom: '   ', email: 'a@b.fr', password: 'motdepasse' }, 'Veuillez saisir votre nom.'],
      ['bad email', { nom: 'A', email: 'pas-un-email', password: 'motdepasse' }, 'Veuillez saisir une adresse email valide.'],
      ['short password', { nom: 'A', email: 'a@b.fr', password: 'court' }, 'Le mot de passe doit contenir au moins 8 caractères.'],
      [
        'long password',
        { nom: 'A', email: 'a@b.fr', password: 'x'.repeat(129) },
        'Le champ « mot de passe » ne peut pas dépasser 128 caractères.',
      ],
      ['array body', [1, 2], 'Le corps de la requête doit être un objet JSON.'],
    ];
    for (const [label, body, message] of invalid) {
      it(`answers 400 in French for ${label}, and stores nothing`, async () => {
        const before = await server.database.db.select({ id: users.id }).from(users);
        const res = await server.request('POST', '/api/users/register', { body });
        assert.equal(res.status, 400);
        assert.equal(res.body.message, message);
        const afterRows = await server.database.db.select({ id: users.id }).from(users);
        assert.equal(afterRows.length, before.length);
      });
    }

    it('answers 400, not 500, to malformed JSON and to an empty JSON body', async () => {
      const malformed = await server.request('POST', '/api/users/register', { rawBody: '{"nom": "A",' });
      assert.equal(malformed.status, 400);
      assert.equal(malformed.body.message, "Le corps de la requête n'est pas un JSON valide.");
      const empty = await server.request('POST', '/api/users/register', { rawBody: '', headers: { 'content-type': 'application/json' } });
      assert.equal(empty.status, 400);
      assert.equal(empty.body.message, 'Le corps de la requête est vide.');
    });
  });

  describe('POST /api/auth/login', () => {
    it('returns a token and the user, and sets an httpOnly SameSite cookie', async () => {
      const res = await server.request('POST', '/api/auth/login', { body: CLIENT });
      assert.equal(res.status, 200);
      assert.equal(typeof res.body.token, 'string');
      assert.deepEqual(Object.keys(res.body.user).sort(), ['email', 'emailVerifie', 'googleId', 'id', 'nom', 'photo', 'role']);
      assert.equal(res.body.user.nom, 'Camille Martin');
      const cookie = res.headers.get('set-cookie') ?? '';
      assert.match(cookie, /sm_token=/);
      assert.match(cookie, /HttpOnly/i);
      assert.match(cookie, /SameSite=Lax/i);
    });

    it('answers 401 with the same message for a wrong password and an unknown email', async () => {
      const wrong = await server.request('POST', '/api/auth/login', { body: { ...CLIENT, password: 'mauvais-mot-de-passe' } });
      const unknown = await server.request('POST', '/api/auth/login', { body: { email: 'personne@exemple.fr', password: 'peu-importe' } });
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      assert.equal(wrong.body.message, 'Email ou mot de passe incorrect.');
      assert.equal(unknown.body.message, 'Email ou mot de passe incorrect.');
    });

    it('answers 400 for a missing or wrongly typed field', async () => {
      const missing = await server.request('POST', '/api/auth/login', { body: { email: CLIENT.email } });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.message, 'Le champ « mot de passe » est obligatoire.');
      const typed = await server.request('POST', '/api/auth/login', { body: { email: CLIENT.email, password: 12345678 } });
      assert.equal(typed.status, 400);
    });
  });

  describe('GET /api/auth/me and tokens', () => {
    it('knows the caller from the bearer token or from the cookie', async () => {
      const token = await server.login(CLIENT.email, CLIENT.password);
      const bearer = await server.request('GET', '/api/auth/me', { token });
      assert.equal(bearer.status, 200);
      assert.equal(bearer.body.user.email, CLIENT.email);
      const cookie = await server.request('GET', '/api/auth/me', { headers: { cookie: `sm_token=${token}` } });
      assert.equal(cookie.status, 200);
      assert.equal(cookie.body.user.email, CLIENT.email);
    });

    it('answers 401 without a token', async () => {
      const res = await server.request('GET', '/api/auth/me');
      assert.equal(res.status, 401);
      assert.equal(res.body.message, 'Authentification requise. Veuillez vous connecter.');
    });

    it("refuses alg 'none', a bad signature and an expired token", async () => {
      const token = await server.login(CLIENT.email, CLIENT.password);
      const [, payload] = token.split('.');
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      assert.equal((await server.request('GET', '/api/auth/me', { token: none })).status, 401);
      const forged = `${token.slice(0, token.lastIndexOf('.'))}.${createHmac('sha256', 'autre-secret').update('x').digest('base64url')}`;
      assert.equal((await server.request('GET', '/api/auth/me', { token: forged })).status, 401);

      const secret = resolveJwtSecret(null, server.config.dataDir);
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
      const now = Math.floor(Date.now() / 1000);
      const expired = await signToken({ ...claims, iat: now - 100, exp: now - 10 }, secret);
      assert.equal((await server.request('GET', '/api/auth/me', { token: expired })).status, 401);
      // the same claims, still valid, are accepted: the three refusals above are real
      assert.equal(
        (await server.request('GET', '/api/auth/me', { token: await signToken({ ...claims, exp: now + 60 }, secret) })).status,
        200,
      );
    });

    it('revokes the token on logout, server side', async () => {
      const token = await server.login(CLIENT.email, CLIENT.password);
      const out = await server.request('POST', '/api/auth/logout', { token, body: {} });
      assert.equal(out.status, 200);
      assert.match(out.headers.get('set-cookie') ?? '', /sm_token=;/);
      const me = await server.request('GET', '/api/auth/me', { token });
      assert.equal(me.status, 401);
      const revoked = await server.database.db.select().from(sessions);
      assert.ok(revoked.some((s) => s.revokedAt !== null));
    });

    it('accepts a logout without any session', async () => {
      const res = await server.request('POST', '/api/auth/logout', { body: {} });
      assert.equal(res.status, 200);
    });

    it('has demo accounts for an admin and a client', async () => {
      const token = await server.login(ADMIN.email, ADMIN.password);
      const me = await server.request('GET', '/api/auth/me', { token });
      assert.equal(me.body.user.role, 'admin');
    });
  });
});

describe('login rate limit', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ loginLimits: { perIp: 8, perEmail: 3, perAccount: 1000, windowSeconds: 60, accountBackoffSeconds: 60 } });
  });
  after(() => server.close());

  it('answers 429 in French after too many attempts on one email, with Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) {
      assert.equal(
        (await server.request('POST', '/api/auth/login', { body: { ...CLIENT, password: 'mauvais-mot-de-passe' } })).status,
        401,
      );
    }
    const blocked = await server.request('POST', '/api/auth/login', { body: CLIENT });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.message, 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.');
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
  });

  it('limits attempts per IP across emails', async () => {
    let last = 0;
    for (let i = 0; i < 6; i += 1) {
      last = (await server.request('POST', '/api/auth/login', { body: { email: `inconnu${i}@exemple.fr`, password: 'peu-importe' } }))
        .status;
    }
    assert.equal(last, 429);
  });
});

describe('Google sign-in', () => {
  let privateKey: KeyObject;
  let server: TestServer;
  let jwksCalls = 0;

  function idToken(claims: Record<string, unknown>, key: KeyObject = privateKey, kid = 'test-key'): string {
    return signIdToken(claims, key, kid);
  }

  const valid = () => googleClaims({ sub: 'google-123', email: 'jules.bernard@gmail.com', name: 'Jules Bernard' });

  before(async () => {
    ({ server, privateKey } = await startWithFakeGoogle({
      kid: 'test-key',
      keyHeaders: { 'cache-control': 'public, max-age=3600' },
      onKeysFetched: () => void (jwksCalls += 1),
    }));
  });
  after(() => server.close());

  it('signs in with a verified Google ID token and creates the account', async () => {
    const res = await server.request('POST', '/api/auth/google', { body: { credential: idToken(valid()) } });
    assert.equal(res.status, 200);
    assert.equal(res.body.user.email, 'jules.bernard@gmail.com');
    assert.equal(res.body.user.googleId, 'google-123');
    const me = await server.request('GET', '/api/auth/me', { token: res.body.token });
    assert.equal(me.body.user.nom, 'Jules Bernard');
    assert.equal(jwksCalls, 1);
  });

  it('refuses another audience, an expired token, an unverified email and a forged signature', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const cases = [
      idToken({ ...valid(), aud: 'someone-else' }),
      idToken({ ...valid(), exp: Math.floor(Date.now() / 1000) - 5 }),
      idToken({ ...valid(), email_verified: false }),
      idToken({ ...valid(), iss: 'https://evil.example' }),
      idToken(valid(), other),
      'pas.un.jeton',
    ];
    for (const credential of cases) {
      const res = await server.request('POST', '/api/auth/google', { body: { credential } });
      assert.equal(res.status, 401, credential.slice(0, 30));
      assert.equal(res.body.message, 'La connexion avec Google a échoué : jeton invalide ou expiré.');
    }
  });

  it('caches unknown key ids negatively: forged kids do not make us refetch Google keys each time', async () => {
    const before = jwksCalls;
    for (let i = 0; i < 5; i += 1) {
      const res = await server.request('POST', '/api/auth/google', {
        body: { credential: idToken(valid(), privateKey, `cle-inconnue-${i}`) },
      });
      assert.equal(res.status, 401);
      assert.equal(res.body.message, 'La connexion avec Google a échoué : jeton invalide ou expiré.');
    }
    assert.ok(jwksCalls - before <= 1, `${jwksCalls - before} fetches of the key set for 5 unknown kids`);
    assert.equal(
      (await server.request('POST', '/api/auth/google', { body: { credential: idToken(valid()) } })).status,
      200,
      'the known key still works',
    );
  });

  it('ignores a posted email or Google id: only the token counts', async () => {
    const res = await server.request('POST', '/api/auth/google', {
      body: { credential: idToken(valid()), email: 'admin@sejours-messins.fr', googleId: 'x' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.user.email, 'jules.bernard@gmail.com');
    assert.equal(res.body.user.role, 'client');
  });

  it('lets a Google-only account delete itself with a fresh Google sign-in of the same account only', async () => {
    const now = () => Math.floor(Date.now() / 1000);
    const claims = { ...valid(), sub: 'google-supprime', email: 'lea.supprime@gmail.com', name: 'Léa Supprime' };
    const signIn = await server.request('POST', '/api/auth/google', { body: { credential: idToken({ ...claims, iat: now() }) } });
    assert.equal(signIn.status, 200, signIn.text);
    const token = signIn.body.token as string;
    const profile = await server.request('GET', '/api/users/profile', { token });
    assert.equal(profile.body.user.aUnMotDePasse, false);

    const withoutProof = await server.request('DELETE', '/api/users/me', { token, body: { motDePasse: 'nimporte-quoi' } });
    assert.equal(withoutProof.status, 400);
    assert.equal(withoutProof.body.message, 'Reconnectez-vous avec Google pour confirmer la suppression de votre compte.');
    const mismatch =
      'Cette connexion Google ne correspond pas à votre compte, ou date de plus de 10 minutes : votre compte n’a pas été supprimé.';
    const stale = await server.request('DELETE', '/api/users/me', {
      token,
      body: { googleCredential: idToken({ ...claims, iat: now() - 11 * 60 }) },
    });
    assert.equal(stale.status, 403);
    assert.equal(stale.body.message, mismatch);
    const someoneElse = await server.request('DELETE', '/api/users/me', {
      token,
      body: { googleCredential: idToken({ ...valid(), iat: now() }) },
    });
    assert.equal(someoneElse.status, 403);
    assert.equal(someoneElse.body.message, mismatch);
    assert.equal((await server.request('GET', '/api/users/profile', { token })).status, 200, 'the account is still there');

    const fresh = await server.request('DELETE', '/api/users/me', {
      token,
      body: { googleCredential: idToken({ ...claims, iat: now() }) },
    });
    assert.equal(fresh.status, 200, fresh.text);
    assert.equal(fresh.body.message, 'Votre compte a été supprimé. Vos données personnelles ont été effacées.');
    assert.equal((await server.request('GET', '/api/users/profile', { token })).status, 401);
  });

  it('says in the profile whether the account has a password', async () => {
    const email = `avec-mdp-${Date.now()}@exemple.fr`;
    const reg = await server.request('POST', '/api/users/register', {
      body: { nom: 'Avec Motdepasse', email, password: 'Motdepasse-solide-9' },
    });
    assert.equal(reg.status, 201, reg.text);
    const profile = await server.request('GET', '/api/users/profile', { token: await server.login(email, 'Motdepasse-solide-9') });
    assert.equal(profile.body.user.aUnMotDePasse, true);
    assert.ok(!('passwordHash' in profile.body.user));
  });

  it('answers a clear French error when Google sign-in is not configured', async () => {
    const plain = await startServer();
    try {
      const res = await plain.request('POST', '/api/auth/google', { body: { credential: 'abc' } });
      assert.equal(res.status, 503);
      assert.equal(res.body.message, "La connexion avec Google n'est pas configurée sur ce serveur.");
    } finally {
      await plain.close();
    }
  });
});

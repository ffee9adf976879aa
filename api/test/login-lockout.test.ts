/**
 * Nobody can lock an account or flood a mailbox (issue 10): login failures count per IP and per
 * (IP, account); the per-account bound only refuses IPs that already failed; at most 3 reset
 * emails per address per hour, with the same neutral answer.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { outboxDir } from '../src/mail/mailer.js';
import { startServer, type TestServer } from './helpers.js';

const CLIENT = { email: 'camille.martin@exemple.fr', password: 'Client-Metz-2026' };
const TOO_MANY = 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.';

describe('login limits cannot lock the owner out', () => {
  let server: TestServer;
  before(async () => {
    // trustProxy: each test caller gets its own IP through X-Forwarded-For.
    server = await startServer({
      trustProxy: true,
      loginLimits: { perIp: 12, perEmail: 3, perAccount: 5, windowSeconds: 60, accountBackoffSeconds: 60 },
    });
    await server.request('POST', '/api/users/register', {
      body: { nom: 'Cible Distribuée', email: 'cible@exemple.fr', password: 'motdepasse-cible' },
    });
    await server.request('POST', '/api/users/register', {
      body: { nom: 'Distraite', email: 'distraite@exemple.fr', password: 'motdepasse-distraite' },
    });
  });
  after(() => server.close());

  const login = (ip: string, body: { email: string; password: string }) =>
    server.request('POST', '/api/auth/login', { body, headers: { 'x-forwarded-for': ip } });

  it('refuses the attacking IP after its failures, but the owner signs in from another IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await login('10.0.0.1', { ...CLIENT, password: `mauvais-${i}` })).status);
    assert.deepEqual(statuses, [401, 401, 401, 429, 429, 429]);
    const attacker = await login('10.0.0.1', CLIENT);
    assert.equal(attacker.status, 429, 'the attacking IP is refused, even with the right password');
    assert.equal(attacker.body.message, TOO_MANY);
    const owner = await login('10.0.0.2', CLIENT);
    assert.equal(owner.status, 200, 'the owner, from an IP with no failures, is not locked out');
    assert.equal(owner.body.user.email, CLIENT.email);
  });

  it('limits one IP across many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1)
      statuses.push((await login('10.0.0.3', { email: `inconnu${i}@exemple.fr`, password: 'peu-importe' })).status);
    assert.equal(statuses.filter((s) => s === 401).length, 12);
    assert.deepEqual(statuses.slice(12), [429, 429]);
    assert.equal((await login('10.0.0.3', CLIENT)).status, 429);
  });

  it('past the per-account bound, refuses only IPs that already failed: the correct password from a clean IP works', async () => {
    // Ten IPs, one wrong guess each: the account is over its bound of 5 failures.
    for (let i = 1; i <= 10; i += 1)
      assert.equal((await login(`10.0.1.${i}`, { email: 'cible@exemple.fr', password: 'devinette' })).status, 401);
    const failedIp = await login('10.0.1.1', { email: 'cible@exemple.fr', password: 'devinette-encore' });
    assert.equal(failedIp.status, 429, 'an IP that already failed is refused on this account');
    assert.equal(failedIp.body.message, TOO_MANY);
    const owner = await login('10.0.2.1', { email: 'cible@exemple.fr', password: 'motdepasse-cible' });
    assert.equal(owner.status, 200, 'the owner from a clean IP still gets in');
  });

  it('a success clears the failures of that IP on that account', async () => {
    const account = { email: 'distraite@exemple.fr', password: 'motdepasse-distraite' };
    for (let i = 0; i < 2; i += 1) assert.equal((await login('10.0.3.1', { ...account, password: 'mauvais' })).status, 401);
    assert.equal((await login('10.0.3.1', account)).status, 200);
    for (let i = 0; i < 3; i += 1)
      assert.equal((await login('10.0.3.1', { ...account, password: 'mauvais' })).status, 401, `failure ${i + 1} counted from zero`);
    assert.equal((await login('10.0.3.1', { ...account, password: 'mauvais' })).status, 429);
  });
});

describe('password reset emails per address', () => {
  let server: TestServer;
  const RESET = 'Un email de réinitialisation a été envoyé à votre adresse si elle existe dans notre base de données.';
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  const mailsTo = (address: string) => {
    try {
      return readdirSync(outboxDir(server.config.dataDir)).filter((f) => f.endsWith(`-${address}.eml`)).length;
    } catch {
      return 0;
    }
  };

  it('sends at most 3 reset emails per address per hour, with the same answer every time', async () => {
    for (let i = 0; i < 6; i += 1) {
      // Spelling variants are the same mailbox.
      const email = i % 2 ? CLIENT.email.toUpperCase() : CLIENT.email;
      const res = await server.request('POST', '/api/auth/forgot-password', { body: { email } });
      assert.equal(res.status, 200);
      assert.equal(res.body.message, RESET);
    }
    assert.equal(mailsTo(CLIENT.email), 3);
    const other = await server.request('POST', '/api/auth/forgot-password', { body: { email: 'admin@sejours-messins.fr' } });
    assert.equal(other.body.message, RESET);
    assert.equal(mailsTo('admin@sejours-messins.fr'), 1, 'another address is not affected');
  });
});

/**
 * With REDIS_URL, the login, registration, reset-email and message limits are shared by every API
 * process: two processes do not double them (issue 10). Runs only on PostgreSQL with Redis.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { needsPostgresAndRedis, twoApiProcesses } from './support/two-api-processes.js';

describe('rate limits shared by two API processes through Redis', { skip: needsPostgresAndRedis }, () => {
  const limits = {
    REGISTER_MAX_PER_IP: '4',
    LOGIN_MAX_PER_EMAIL: '3',
    RESET_MAX_PER_EMAIL: '3',
    MESSAGE_RATE_MAX: '3',
    MESSAGE_RATE_WINDOW_SECONDS: '60',
  };
  // Both processes get the same per-file RATE_LIMIT_PREFIX from startApiProcess.
  const { a, b, dataDir } = twoApiProcesses({ dirPrefix: 'sm-limits-', env: () => limits });

  async function post(base: string, route: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
    const res = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  it('counts registrations across both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (
          await post(i % 2 ? b : a, '/api/users/register', {
            nom: `Redis ${i}`,
            email: `redis${i}@exemple.fr`,
            password: 'motdepasse-redis',
          })
        ).status,
      );
    assert.deepEqual(statuses, [201, 201, 201, 201, 429, 429]);
  });

  it('counts login failures across both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await post(i % 2 ? b : a, '/api/auth/login', { email: 'camille.martin@exemple.fr', password: 'mauvais' })).status);
    assert.deepEqual(statuses, [401, 401, 401, 429, 429]);
  });

  it('sends at most 3 reset emails per address, whichever process is asked', async () => {
    // Counted from here: the address already got its sign-up verification link.
    const mailsTo = () => readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith('-redis0@exemple.fr.eml')).length;
    const before = mailsTo();
    for (let i = 0; i < 6; i += 1)
      assert.equal((await post(i % 2 ? b : a, '/api/auth/forgot-password', { email: 'redis0@exemple.fr' })).status, 200);
    assert.equal(mailsTo() - before, 3);
  });

  it('counts messages across both processes', async () => {
    const login = await post(a, '/api/auth/login', { email: 'redis1@exemple.fr', password: 'motdepasse-redis' });
    assert.equal(login.status, 200);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await post(i % 2 ? b : a, '/api/messages/contacter-support', { contenu: `Message ${i}` }, login.body.token)).status);
    assert.deepEqual(statuses, [201, 201, 201, 429, 429]);
  });
});

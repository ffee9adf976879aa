/**
 * Graceful shutdown of a real API process on SIGTERM during traffic: every request the server
 * accepted gets its answer (refused connections after the close are fine), sockets are told and
 * dropped so their clients reconnect, and the embedded database's lock is released.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { io as connect } from 'socket.io-client';
import { createTestDatabase, randomPort, startApiProcess, stopProcess, waitForHttp } from './helpers.js';

type Outcome = { kind: 'ok' } | { kind: 'refused' } | { kind: 'failed'; detail: string };

/** ECONNREFUSED: the server no longer accepts connections, the request never reached it. */
function classify(error: unknown): Outcome {
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') return { kind: 'refused' };
  return { kind: 'failed', detail: `${String(error)} ${code ?? ''}` };
}

/**
 * One request on a keep-alive pool, sent again once if it met the race every keep-alive client must
 * handle (RFC 9112 §9.3.1, Node's `request.reusedSocket`): a pooled connection the server closed as
 * idle at the instant the request was written on it, reset before any byte of an answer. The server
 * never read that request; a request it read is answered, or the test fails on what it lost.
 */
async function send(agent: http.Agent, url: string, body?: unknown): Promise<{ status: number; text: string }> {
  for (let attempt = 0; ; attempt += 1) {
    let reused = false;
    try {
      return await new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const request = http.request(
          url,
          { agent, method: payload ? 'POST' : 'GET', headers: payload ? { 'content-type': 'application/json' } : {} },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
            res.on('error', reject);
          },
        );
        request.on('socket', () => (reused = request.reusedSocket));
        request.on('error', reject);
        request.end(payload);
      });
    } catch (error) {
      if (attempt === 0 && reused && (error as { code?: string }).code === 'ECONNRESET') continue;
      throw error;
    }
  }
}

describe('graceful shutdown', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-shutdown-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes accepted requests on SIGTERM, tells sockets to reconnect, and releases the data folder', async () => {
    const testDb = await createTestDatabase();
    const port = randomPort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: testDb.databaseUrl ?? '', SEED_DEMO_DATA: 'false' };
    const first = startApiProcess(env);
    try {
      await waitForHttp(`${base}/api/health`);
      const exited = new Promise<number | null>((resolve) => first.once('exit', (code) => resolve(code)));

      const socket = connect(base, { transports: ['websocket'], forceNew: true, reconnection: false });
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      const hint = new Promise<{ message: string; reconnect: boolean }>((resolve) => socket.on('server_shutdown', resolve));
      const disconnectReason = new Promise<string>((resolve) => socket.on('disconnect', resolve));

      // Eight clients in a loop: sign-ups (writes, hashed passwords) and catalogue reads, until refused.
      const outcomes: Outcome[] = [];
      const accounts: string[] = [];
      const agent = new http.Agent({ keepAlive: true });
      let n = 0;
      const client = async () => {
        for (;;) {
          const i = (n += 1);
          try {
            if (i % 2) {
              const email = `arret${i}@exemple.fr`;
              const res = await send(agent, `${base}/api/users/register`, { nom: `Client ${i}`, email, password: 'motdepasse-arret' });
              if (res.status === 201) accounts.push(email);
              outcomes.push(res.status === 201 ? { kind: 'ok' } : { kind: 'failed', detail: `inscription ${res.status}` });
            } else {
              const res = await send(agent, `${base}/api/appartements`);
              outcomes.push(res.status === 200 ? { kind: 'ok' } : { kind: 'failed', detail: `catalogue ${res.status}` });
            }
          } catch (error) {
            const outcome = classify(error);
            outcomes.push(outcome);
            if (outcome.kind === 'refused') return;
          }
        }
      };
      const clients = Array.from({ length: 8 }, client);
      await new Promise((r) => setTimeout(r, 1500));
      const servedBefore = outcomes.length;
      first.kill('SIGTERM');
      await Promise.all(clients);
      agent.destroy();

      assert.equal(await exited, 0, 'the process exits cleanly');
      const failed = outcomes.filter((o): o is Extract<Outcome, { kind: 'failed' }> => o.kind === 'failed');
      assert.deepEqual(
        failed.map((f) => f.detail),
        [],
        'no accepted request failed',
      );
      assert.ok(servedBefore > 20, `traffic before SIGTERM (${servedBefore} requests)`);
      assert.ok(accounts.length > 5);
      assert.deepEqual(await hint, { message: 'Le serveur redémarre : reconnexion automatique en cours…', reconnect: true });
      // "transport close", not "io server disconnect": socket.io clients reconnect on their own.
      assert.equal(await disconnectReason, 'transport close');
      socket.close();
      if (!testDb.databaseUrl) assert.equal(existsSync(path.join(dataDir, 'server.lock')), false, 'PGlite lock released');

      // A second process starts on the same data folder and finds every account that was answered 201.
      const second = startApiProcess(env);
      try {
        await waitForHttp(`${base}/api/health`);
        for (const email of accounts) {
          const res = await fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'motdepasse-arret' }),
          });
          assert.equal(res.status, 200, email);
        }
        console.log(
          `arrêt propre : ${outcomes.length} requêtes (${servedBefore} avant SIGTERM), ${accounts.length} inscriptions retrouvées, ${outcomes.filter((o) => o.kind === 'refused').length} connexions refusées après fermeture`,
        );
      } finally {
        await stopProcess(second);
      }
    } finally {
      await stopProcess(first);
      await testDb.drop();
    }
  });
});

/**
 * Several API processes share realtime events through Redis: a client connected to process A
 * receives, within a second, a message an admin sends through process B.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestDatabase, randomPort, startApiProcess, stopProcess, usingPostgres, waitForHttp, type TestDatabase } from './helpers.js';

const redisUrl = process.env.REDIS_URL;

describe(
  'realtime across two API processes with Redis',
  { skip: (!usingPostgres || !redisUrl) && 'PostgreSQL et REDIS_URL seulement' },
  () => {
    let db: TestDatabase;
    const processes: ChildProcess[] = [];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-redis-'));
    const [a, b] = [randomPort(), randomPort()].map((p) => `http://127.0.0.1:${p}`) as [string, string];
    let socket: Socket | null = null;

    before(async () => {
      db = await createTestDatabase();
      for (const base of [a, b])
        processes.push(
          startApiProcess({ DATABASE_URL: db.databaseUrl!, REDIS_URL: redisUrl!, PORT: new URL(base).port, DATA_DIR: dataDir }),
        );
      await Promise.all([a, b].map((base) => waitForHttp(`${base}/api/health`)));
    });

    after(async () => {
      socket?.disconnect();
      await Promise.all(processes.map(stopProcess));
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function login(base: string, email: string, password: string): Promise<{ token: string; id: number }> {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as { token: string; user: { id: number } };
      return { token: body.token, id: body.user.id };
    }

    it('delivers to a socket on process A a message sent through process B, within a second', async () => {
      const client = await login(a, 'camille.martin@exemple.fr', 'Client-Metz-2026');
      const admin = await login(b, 'admin@sejours-messins.fr', 'Admin-Metz-2026');
      socket = connect(a, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: client.token },
        reconnection: false,
        forceNew: true,
      });
      await new Promise<void>((resolve, reject) => {
        socket!.once('authenticated', () => resolve());
        socket!.once('auth_error', reject);
        setTimeout(() => reject(new Error('pas authentifié')), 3000);
      });
      const sentAt = Date.now();
      const received = new Promise<{ contenu: string; at: number }>((resolve, reject) => {
        socket!.once('new_message', (m: { contenu: string }) => resolve({ contenu: m.contenu, at: Date.now() }));
        setTimeout(() => reject(new Error('rien reçu en 1 s')), 1000);
      });
      const res = await fetch(`${b}/api/messages/envoyer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ receiverId: client.id, contenu: 'Bonjour depuis le processus B' }),
      });
      assert.equal(res.status, 201);
      const message = await received;
      assert.equal(message.contenu, 'Bonjour depuis le processus B');
      assert.ok(message.at - sentAt < 1000);
    });
  },
);

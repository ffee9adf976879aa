/**
 * Several API processes share realtime events through Redis: a client connected to process A
 * receives, within a second, a message an admin sends through process B.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Socket } from 'socket.io-client';
import { loginAt, needsPostgresAndRedis, twoApiProcesses } from './support/two-api-processes.js';
import { openSocket } from './support/sockets.js';

describe('realtime across two API processes with Redis', { skip: needsPostgresAndRedis }, () => {
  let socket: Socket | null = null;
  const { a, b } = twoApiProcesses({ dirPrefix: 'sm-redis-', beforeStop: () => socket?.disconnect() });

  it('delivers to a socket on process A a message sent through process B, within a second', async () => {
    const client = await loginAt(a, 'camille.martin@exemple.fr', 'Client-Metz-2026');
    const admin = await loginAt(b, 'admin@sejours-messins.fr', 'Admin-Metz-2026');
    socket = openSocket(a, { auth: { token: client.token } });
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
});

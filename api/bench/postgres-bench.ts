/**
 * Booking and realtime figures on PostgreSQL (`npm run bench`, needs DATABASE_URL; the realtime
 * part also needs REDIS_URL). Figures, not a timed test:
 * - reservations created per second for non-overlapping stays (one API process, 10 at a time);
 * - the time for a 50-way burst of overlapping requests split across two API processes;
 * - with 500 connected sockets across two processes sharing Redis, the median and p99 time from
 *   sending a message (HTTP, process B) to its delivery (socket, either process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { io as connect, type Socket } from 'socket.io-client';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { createTestDatabase, randomPort, startApiProcess, stopProcess, waitForHttp } from '../test/helpers.js';
import { allApartments } from '../test/support/catalogue.js';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL || undefined;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);

if (!databaseUrl) {
  console.log('\nDATABASE_URL non défini : mesures PostgreSQL (réservations, temps réel) sautées.');
  process.exit(0);
}

const json = (token?: string) => ({ 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function login(base: string, email: string, password: string): Promise<{ token: string; id: number }> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json(), body: JSON.stringify({ email, password }) });
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { token: body.token, id: body.user.id };
}

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const db = await createTestDatabase(true);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-pg-'));
const processes: ChildProcess[] = [];
const bases = [randomPort(), randomPort()].map((p) => `http://127.0.0.1:${p}`) as [string, string];
try {
  for (const base of bases) {
    processes.push(
      startApiProcess({
        DATABASE_URL: db.databaseUrl!,
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
        PORT: new URL(base).port,
        DATA_DIR: dataDir,
        LOGIN_MAX_PER_IP: '100000',
        LOGIN_MAX_PER_EMAIL: '100000',
        MESSAGE_RATE_MAX: '100000',
      }),
    );
  }
  await Promise.all(bases.map((b) => waitForHttp(`${b}/api/health`)));
  const apartments = (await allApartments(bases[0]!)) as Array<{ id: number }>;
  const client = await login(bases[0]!, 'camille.martin@exemple.fr', 'Client-Metz-2026');
  const today = todayIn('Europe/Paris');

  // 1. Non-overlapping reservations, one process.
  const stays = Array.from({ length: 600 }, (_, i) => ({
    appartementId: apartments[i % apartments.length]!.id,
    startDate: addDaysIso(today, 10 + Math.floor(i / apartments.length) * 3),
    nights: 2,
  }));
  let created = 0;
  const t0 = performance.now();
  await pool(stays, 10, async (s) => {
    const res = await fetch(`${bases[0]}/api/reservations`, {
      method: 'POST',
      headers: json(client.token),
      body: JSON.stringify({
        appartementId: s.appartementId,
        startDate: s.startDate,
        endDate: addDaysIso(s.startDate, s.nights),
        guestsCount: 1,
      }),
    });
    if (res.status === 201) created += 1;
  });
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `\nRéservations sans chevauchement (1 processus, 10 en parallèle) : ${created}/${stays.length} créées en ${seconds.toFixed(2)} s, soit ${(created / seconds).toFixed(0)} réservations/s.`,
  );

  // 2. 50 overlapping requests at once, split across both processes.
  const burstStart = addDaysIso(today, 400);
  const t1 = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const startDate = addDaysIso(burstStart, i % 3);
      const res = await fetch(`${bases[i % 2]}/api/reservations`, {
        method: 'POST',
        headers: json(client.token),
        body: JSON.stringify({ appartementId: apartments[0]!.id, startDate, endDate: addDaysIso(startDate, 3), guestsCount: 1 }),
      });
      return res.status;
    }),
  );
  const burstMs = performance.now() - t1;
  console.log(
    `Rafale de 50 demandes qui se chevauchent sur 2 processus : ${burstMs.toFixed(0)} ms, ${statuses.filter((s) => s === 201).length} acceptée, ${statuses.filter((s) => s === 409).length} refusées (409).`,
  );

  // 3. Realtime delivery latency with many sockets across two processes.
  if (!redisUrl) {
    console.log('REDIS_URL non défini : mesure temps réel sautée.');
  } else {
    const admin = await login(bases[1]!, 'admin@sejours-messins.fr', 'Admin-Metz-2026');
    await Promise.all(
      Array.from({ length: SOCKETS }, (_, i) =>
        fetch(`${bases[i % 2]}/api/users/register`, {
          method: 'POST',
          headers: json(),
          body: JSON.stringify({ nom: `Invité ${i}`, email: `invite${i}@bench.exemple.fr`, password: 'motdepasse-bench' }),
        }),
      ),
    );
    const guests: Array<{ id: number; socket: Socket }> = [];
    await pool(
      Array.from({ length: SOCKETS }, (_, i) => i),
      20,
      async (i) => {
        const { token, id } = await login(bases[i % 2]!, `invite${i}@bench.exemple.fr`, 'motdepasse-bench');
        const socket = connect(bases[i % 2], {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token },
          reconnection: false,
          forceNew: true,
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('authenticated', () => resolve());
          socket.once('auth_error', reject);
        });
        guests.push({ id, socket });
      },
    );
    const latencies: number[] = [];
    const targets = Array.from({ length: MESSAGES }, (_, i) => guests[(i * 7) % guests.length]!);
    await pool(targets, 5, async (guest) => {
      const delivered = new Promise<number>((resolve, reject) => {
        guest.socket.once('new_message', () => resolve(performance.now()));
        setTimeout(() => reject(new Error('message non reçu en 5 s')), 5000);
      });
      const sentAt = performance.now();
      const res = await fetch(`${bases[1]}/api/messages/envoyer`, {
        method: 'POST',
        headers: json(admin.token),
        body: JSON.stringify({ receiverId: guest.id, contenu: 'Bonjour' }),
      });
      if (res.status !== 201) throw new Error(`envoi refusé : ${res.status}`);
      latencies.push((await delivered) - sentAt);
    });
    guests.forEach((g) => g.socket.disconnect());
    latencies.sort((a, b) => a - b);
    console.log(
      `Temps réel : ${guests.length} sockets connectés sur 2 processus (Redis), ${latencies.length} messages envoyés par HTTP au processus B : médiane ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms de l'envoi à la réception.`,
    );
  }
} finally {
  await Promise.all(processes.map(stopProcess));
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

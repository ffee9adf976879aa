/**
 * Issue 14: imports and direct bookings racing on two API processes sharing one PostgreSQL. Each
 * round, process A imports a feed blocking nights while process B receives a booking over them at
 * the same instant. Whatever wins, the database never holds an active stay and an active block on
 * one night: either the booking is refused (409), or it is kept and the block's nights over it are
 * stored inactive with a conflict.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { booking } from './fixtures/ota-feeds.js';
import { startFeedServer, type FeedServer } from './support/feed-server.js';
import { createTestDatabase, randomPort, startApiProcess, stopProcess, usingPostgres, waitForHttp, type TestDatabase } from './helpers.js';
import { allApartments } from './support/catalogue.js';

describe(
  'imports racing bookings across two API processes',
  { timeout: 600_000, skip: !usingPostgres && 'PostgreSQL seulement (TEST_DB=postgres)' },
  () => {
    let db: TestDatabase;
    let feeds: FeedServer;
    const processes: ChildProcess[] = [];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-sync-race-'));
    const ports = [randomPort(), randomPort()];
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);

    before(async () => {
      db = await createTestDatabase();
      feeds = await startFeedServer();
      for (const port of ports) {
        processes.push(
          startApiProcess({
            DATABASE_URL: db.databaseUrl!,
            PORT: String(port),
            DATA_DIR: dataDir,
            ICAL_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
            JOBS_ENABLED: 'false',
          }),
        );
      }
      // Two processes migrating and seeding on a busy 2-core machine can take longer than waitForHttp's 30 s.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await Promise.all(bases.map((b) => waitForHttp(`${b}/api/health`)));
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    });

    after(async () => {
      await Promise.all(processes.map(stopProcess));
      await feeds.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function login(base: string, email: string, password: string): Promise<string> {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return ((await res.json()) as { token: string }).token;
    }

    it('never lets a booking and an imported block hold the same night', async () => {
      const admin = await login(bases[0]!, 'admin@sejours-messins.fr', 'Admin-Metz-2026');
      const client = await login(bases[1]!, 'camille.martin@exemple.fr', 'Client-Metz-2026');
      const apartments = (await allApartments(bases[0]!)) as Array<{ id: number }>;
      const target = apartments[0]!.id;
      const start = addDaysIso(todayIn('Europe/Paris'), 20);
      const outcomes: number[] = [];
      for (let round = 0; round < 12; round += 1) {
        const debut = addDaysIso(start, round * 6);
        feeds.set(`/race-${round}.ics`, { kind: 'ics', body: booking([{ uid: `race-${round}`, debut, fin: addDaysIso(debut, 3) }]) });
        // The import answers at once and runs in the background (issue 26): the booking goes out at a
        // random moment of it (download, reading in the worker, writing), so both orders happen.
        const imported = await fetch(`${bases[0]}/api/admin/appartements/${target}/flux`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body: JSON.stringify({ libelle: 'Booking.com', url: `${feeds.url}/race-${round}.ics` }),
        });
        await new Promise((r) => setTimeout(r, Math.random() * 1500));
        const booked = await fetch(`${bases[1]}/api/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${client}` },
          body: JSON.stringify({
            appartementId: target,
            startDate: addDaysIso(debut, 1),
            endDate: addDaysIso(debut, 4),
            guestsCount: 1,
            accepteCgv: true,
          }),
        });
        assert.equal(imported.status, 201);
        assert.ok([201, 409].includes(booked.status), `booking answered ${booked.status}`);
        outcomes.push(booked.status);
      }
      // Every import has ended.
      for (let i = 0; ; i += 1) {
        const res = await fetch(`${bases[0]}/api/admin/appartements/${target}/calendriers`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        const flux = (
          (await res.json()) as { flux: Array<{ synchro: unknown; derniereTentativeLe: string | null; derniereErreur: string | null }> }
        ).flux;
        if (flux.length === 12 && flux.every((f) => f.synchro === null && f.derniereTentativeLe !== null)) {
          assert.deepEqual(
            flux.map((f) => f.derniereErreur),
            Array(12).fill(null),
          );
          break;
        }
        assert.ok(i < 600, 'the imports end');
        await new Promise((r) => setTimeout(r, 100));
      }
      const check = new pg.Client({ connectionString: db.databaseUrl! });
      await check.connect();
      try {
        const overlap = await check.query(`
        select count(*)::int as n from occupations s join occupations b
          on s.appartement_id = b.appartement_id and s.genre = 'sejour' and b.genre = 'blocage' and s.actif and b.actif
         and daterange(s.debut, s.fin, '[)') && daterange(b.debut, b.fin, '[)')`);
        assert.equal(overlap.rows[0].n, 0);
        // Every kept booking over imported nights has its conflict; every refused one left the block whole.
        const kept = await check.query(`select count(*)::int as n from reservations where appartement_id = $1 and status = 'en attente'`, [
          target,
        ]);
        const conflicts = await check.query(`select count(*)::int as n from conflits_calendrier where appartement_id = $1`, [target]);
        assert.equal(kept.rows[0].n, outcomes.filter((s) => s === 201).length);
        assert.equal(conflicts.rows[0].n, kept.rows[0].n);
        const blockedNights = await check.query(
          `select count(*)::int as n from occupations where appartement_id = $1 and genre = 'blocage' and actif`,
          [target],
        );
        // 3 nights per round; a kept booking takes 2 of them.
        assert.equal(blockedNights.rows[0].n, 12 * 3 - 2 * kept.rows[0].n);
      } finally {
        await check.end();
      }
    });
  },
);

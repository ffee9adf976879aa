/**
 * DECISIONS 8: two API processes on one PostgreSQL, 50 simultaneous requests for overlapping
 * dates of one apartment split across both → exactly one 201, the rest 409, one row.
 * (PGlite serialises everything in one connection, so this only means something on PostgreSQL.)
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { createTestDatabase, randomPort, startApiProcess, stopProcess, usingPostgres, waitForHttp, type TestDatabase } from './helpers.js';
import { allApartments } from './support/catalogue.js';

describe('no double booking across two API processes', { skip: !usingPostgres && 'PostgreSQL seulement (TEST_DB=postgres)' }, () => {
  let db: TestDatabase;
  const processes: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-concurrency-'));
  const ports = [randomPort(), randomPort()];
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);

  before(async () => {
    db = await createTestDatabase();
    // Both start together: migrations and demo data run once, under the advisory lock.
    for (const port of ports) processes.push(startApiProcess({ DATABASE_URL: db.databaseUrl!, PORT: String(port), DATA_DIR: dataDir }));
    await Promise.all(bases.map((b) => waitForHttp(`${b}/api/health`)));
  });

  after(async () => {
    await Promise.all(processes.map(stopProcess));
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts exactly one of 50 simultaneous overlapping requests', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const email = `rafale${i}@exemple.fr`;
      const base = bases[i % 2]!;
      await fetch(`${base}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nom: `Rafale ${i}`, email, password: 'motdepasse-rafale' }),
      });
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'motdepasse-rafale' }),
      });
      tokens.push(((await login.json()) as { token: string }).token);
    }
    const apartments = (await allApartments(bases[0]!)) as Array<{
      id: number;
      capacite: { voyageurs: number };
    }>;
    const target = apartments[0]!;
    const start = addDaysIso(todayIn('Europe/Paris'), 30);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        // overlapping windows: every one contains the night start+2
        const startDate = addDaysIso(start, i % 3);
        const endDate = addDaysIso(startDate, 3);
        const res = await fetch(`${bases[i % 2]}/api/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
          body: JSON.stringify({ appartementId: target.id, startDate, endDate, guestsCount: 1, accepteCgv: true }),
        });
        const body = (await res.json()) as { message?: string };
        if (res.status === 409) assert.equal(body.message, 'Ces dates ne sont plus disponibles pour cet appartement.');
        return res.status;
      }),
    );
    assert.equal(statuses.filter((s) => s === 201).length, 1, `201 reçus : ${statuses.join(',')}`);
    assert.equal(statuses.filter((s) => s === 409).length, 49);
    const client = new pg.Client({ connectionString: db.databaseUrl! });
    await client.connect();
    const rows = await client.query(
      `select count(*)::int as n from reservations where appartement_id = $1 and status in ('en attente', 'confirmée')`,
      [target.id],
    );
    await client.end();
    assert.equal(rows.rows[0].n, 1);
  });
});

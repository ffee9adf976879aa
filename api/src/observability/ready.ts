/**
 * GET /api/ready (readiness; /api/health is liveness): the database answers a query, every
 * migration of api/drizzle/meta/_journal.json is applied, Redis answers a PING when REDIS_URL is set,
 * and the process is not shutting down. 200 `{ status: 'ok', checks }` or 503 with a French message.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { migrationsFolder, type AppDb } from '../db/client.js';

const CHECK_TIMEOUT_MS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: readiness fails so a load balancer stops sending new requests. */
    readiness: { draining: boolean };
  }
}

interface Journal {
  entries: Array<{ tag: string; when: number }>;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} : pas de réponse en ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Migrations the code expects but the database lacks (drizzle records each one's folderMillis). */
export async function missingMigrations(db: AppDb, journal: Journal = readJournal()): Promise<string[]> {
  const result = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
    rows: Array<{ created_at: string | number }>;
  };
  const applied = new Set(result.rows.map((r) => Number(r.created_at)));
  return journal.entries.filter((e) => !applied.has(e.when)).map((e) => e.tag);
}

export function readJournal(): Journal {
  return JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

export function installReadiness(app: FastifyInstance, options: { db: AppDb; redisUrl: string | null }): void {
  const journal = readJournal();
  const readiness = { draining: false };
  app.decorate('readiness', readiness);

  type Redis = ReturnType<typeof createClient>;
  let redis: Redis | null = null;
  async function pingRedis(url: string): Promise<void> {
    try {
      if (!redis?.isReady) {
        // No endless reconnection in the background: a failed check simply opens a new client next time.
        redis?.destroy();
        redis = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: CHECK_TIMEOUT_MS } });
        redis.on('error', () => undefined);
        await withTimeout(redis.connect(), 'Redis');
      }
      await withTimeout(redis.ping(), 'Redis');
    } catch (error) {
      redis?.destroy();
      redis = null;
      throw error;
    }
  }
  app.addHook('onClose', async () => {
    redis?.destroy();
  });

  const readyAnswer = {
    type: 'object',
    properties: {
      status: { type: 'string' },
      message: { type: 'string' },
      checks: { type: 'object', additionalProperties: { type: 'string' } },
    },
    required: ['status', 'checks'],
  } as const;
  const schema = {
    tags: ['Système'],
    summary: 'Prêt à servir (base, migrations, Redis)',
    security: [],
    response: { 200: readyAnswer, 503: readyAnswer },
  };
  app.get('/api/ready', { schema }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    const problems: string[] = [];
    if (readiness.draining) problems.push('arrêt du serveur en cours');
    try {
      await withTimeout(options.db.execute(sql`select 1`), 'base de données');
      checks.database = 'ok';
      try {
        const missing = await withTimeout(missingMigrations(options.db, journal), 'migrations');
        checks.migrations = missing.length === 0 ? 'ok' : `migrations non appliquées : ${missing.join(', ')}`;
        if (missing.length) problems.push(checks.migrations);
      } catch (error) {
        checks.migrations = `migrations illisibles : ${reason(error)}`;
        problems.push(checks.migrations);
      }
    } catch (error) {
      checks.database = `base de données injoignable : ${reason(error)}`;
      problems.push(checks.database);
    }
    if (options.redisUrl) {
      try {
        await pingRedis(options.redisUrl);
        checks.redis = 'ok';
      } catch (error) {
        checks.redis = `Redis injoignable : ${reason(error)}`;
        problems.push(checks.redis);
      }
    } else checks.redis = 'non configuré';
    if (problems.length)
      return reply.status(503).send({ status: 'indisponible', message: `Service indisponible : ${problems.join(' ; ')}.`, checks });
    return { status: 'ok', checks };
  });
}

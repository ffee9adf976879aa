/**
 * Prometheus metrics (prom-client), one registry per app so several apps in one test process do not
 * collide. Served on GET /metrics only when METRICS_TOKEN is set, behind `Authorization: Bearer`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Metrics {
  registry: Registry;
  /** Runs a scheduled job, counting its runs by outcome and timing it. */
  runJob<T>(job: string, fn: () => Promise<T>): Promise<T>;
  /** Where the socket gauge reads the number of open sockets of this process. */
  watchSockets(count: () => number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** POST /api/reservations answers: 201 created; 409 an overlapping stay; other 4xx (but 401/403) bad input. */
function reservationOutcome(status: number): { created: true } | { created: false; reason: 'conflict' | 'validation' } | null {
  if (status === 201) return { created: true };
  if (status === 409) return { created: false, reason: 'conflict' };
  if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) return { created: false, reason: 'validation' };
  return null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function installMetrics(app: FastifyInstance, options: { token: string | null; poolStats: () => PoolStats }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requêtes HTTP par route et statut',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Durée des requêtes HTTP par route et statut',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const created = new Counter({ name: 'reservations_created_total', help: 'Réservations créées', registers: [registry] });
  const refused = new Counter({
    name: 'reservations_refused_total',
    help: 'Réservations refusées, par motif',
    labelNames: ['reason'],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Exécutions des tâches planifiées, par issue',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Durée des tâches planifiées',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  let socketCount = () => 0;
  new Gauge({
    name: 'socket_connections',
    help: 'Sockets temps réel ouvertes sur ce processus',
    registers: [registry],
    collect() {
      this.set(socketCount());
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connexions du pool de la base (total, inactives, en attente)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = options.poolStats();
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids and query strings would explode the label count.
    // Every file @fastify/static serves is a route of its own (`config.file`): one label for them all (issue 26).
    const route =
      typeof (request.routeOptions.config as { file?: unknown } | undefined)?.file === 'string'
        ? 'fichiers statiques'
        : (request.routeOptions.url ?? 'unmatched');
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (request.method === 'POST' && route === '/api/reservations') {
      const outcome = reservationOutcome(reply.statusCode);
      if (outcome?.created) created.inc();
      else if (outcome) refused.inc({ reason: outcome.reason });
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!options.token) return reply.status(404).send({ message: 'Ressource introuvable.' });
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, options.token)) {
      return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ message: 'Jeton de supervision manquant ou invalide.' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  const metrics: Metrics = {
    registry,
    async runJob(job, fn) {
      const end = jobDuration.startTimer({ job });
      try {
        const result = await fn();
        jobRuns.inc({ job, outcome: 'success' });
        end({ outcome: 'success' });
        return result;
      } catch (error) {
        jobRuns.inc({ job, outcome: 'failure' });
        end({ outcome: 'failure' });
        throw error;
      }
    },
    watchSockets(count) {
      socketCount = count;
    },
  };
  app.decorate('metrics', metrics);
  return metrics;
}

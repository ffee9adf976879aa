/**
 * The one place the API's services are created and declared (issue 33 item 2, like fastify/demo's
 * decorators): each is built once per app and set on the root instance as a Fastify decorator,
 * typed below. A route plugin reads them from the instance it is given (`app.payments`), so no
 * service travels in plugin options or is looked up on `request.server`. Plugin options carry the
 * infrastructure only (database, configuration, stores, caches, limits, sessions, sockets).
 */
import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { AppDb } from './db/client.js';
import { createScheduler, type Scheduler } from './jobs/scheduler.js';
import { createMailService, type MailService } from './mail/install.js';
import { createImageVariants, type ImageVariants } from './media/image-variants.js';
import { createPayments, PAYMENT_EXPIRY_JOB, STRIPE_REFUNDS_JOB, type Payments } from './modules/payments/service.js';
import { createReservationEvents, type ReservationEvents } from './modules/reservations/events.js';
import type { Metrics } from './observability/metrics.js';
import { demoImagesDir } from './web/static-site.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic jobs: each feature declares its own with `app.jobs.every(...)` when it registers. */
    jobs: Scheduler;
    /** Reservation lifecycle events (mails subscribe here). */
    reservationEvents: ReservationEvents;
    /** The deposit: Stripe checkout and webhook, bank transfer, expiry of unpaid holds, refunds. */
    payments: Payments;
    /** The admins' notices (calendar conflicts, owner leads), queued as mails. */
    mail: MailService;
    /** AVIF/WebP variants of the demo photos, encoded on demand (tests count the encodes). */
    imageVariants: ImageVariants;
  }
}

export interface Services {
  jobs: Scheduler;
  reservationEvents: ReservationEvents;
  payments: Payments;
  mail: MailService;
  imageVariants: ImageVariants;
}

/** Creates every service, declares it on `app`, and starts and stops the periodic jobs with the app. */
export function installServices(
  app: FastifyInstance,
  { config, db, metrics }: { config: AppConfig; db: AppDb; metrics: Pick<Metrics, 'runJob'> },
): Services {
  // Half the cores at most encode images: the other half keeps serving pages and the database.
  const imageVariants = createImageVariants({
    sourceDir: demoImagesDir,
    cacheDir: config.imageCacheDir,
    concurrency: Math.max(1, Math.floor(availableParallelism() / 2)),
    onCacheError: (err, file) => app.log.warn({ err, file }, "variante d'image servie sans être mise en cache"),
  });
  const jobs = createScheduler({
    db,
    enabled: config.jobsEnabled,
    runJob: (job, fn) => metrics.runJob(job, fn),
    onError: (err, job) => app.log.error({ err, job }, 'tâche périodique en échec'),
    ...(config.processName ? { holder: config.processName } : {}),
  });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  const reservationEvents = createReservationEvents((err, event) =>
    app.log.error({ err, event }, 'réaction à un événement de réservation en échec'),
  );
  const payments = createPayments({
    db,
    settings: config.payments,
    siteOrigin: config.siteOrigin,
    events: reservationEvents,
    log: (err, what) => app.log.error({ err }, what),
  });
  // Unpaid Stripe holds and overdue transfers free their dates (also checked before each availability answer).
  jobs.every({ name: PAYMENT_EXPIRY_JOB, intervalMs: 60_000, run: async () => void (await payments.expireOverdue()) });
  // Refunds Stripe has not accepted yet (the process died after the commit, or Stripe was down) are asked again.
  jobs.every({ name: STRIPE_REFUNDS_JOB, intervalMs: 60_000, run: async () => void (await payments.requestStripeRefunds()) });
  const mail = createMailService(db, config);

  app.decorate('jobs', jobs);
  app.decorate('reservationEvents', reservationEvents);
  app.decorate('payments', payments);
  app.decorate('mail', mail);
  app.decorate('imageVariants', imageVariants);
  return { jobs, reservationEvents, payments, mail, imageVariants };
}

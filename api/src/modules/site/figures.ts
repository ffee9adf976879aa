/**
 * The figures the About page shows (issue 27, DECISIONS 37): computed from the database, never
 * written by hand, and left out (null) while too small to say anything — a marketing figure is
 * either true or absent.
 */
import { and, avg, count, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { todayIn } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements, avis, reservations } from '../../db/schema.js';

export const SITE_FIGURES_PATH = '/site/chiffres';

/** Below these, a figure is not shown. */
export const FIGURE_THRESHOLDS = { appartements: 5, villes: 3, voyageurs: 50, avis: 10 } as const;

export interface SiteFigures {
  /** Published apartments. */
  appartements: number | null;
  /** Towns of the published apartments (a Metz neighbourhood counts as Metz). */
  villes: number | null;
  /** Guests of the stays that took place (confirmed or finished, departure passed). */
  voyageurs: number | null;
  /** Average rating of the reviews, one decimal, with how many reviews it averages. */
  noteMoyenne: { note: number; avis: number } | null;
}

/** 'Metz Sablon' → 'Metz'; 'Montigny-lès-Metz' stays a town of its own. */
export const townOf = (localisation: string): string =>
  localisation
    .trim()
    .replace(/^Metz\s.*$/i, 'Metz')
    .toLowerCase();

export async function siteFigures(db: AppDb, now: Date = new Date()): Promise<SiteFigures> {
  const published = await db.select({ localisation: appartements.localisation }).from(appartements).where(eq(appartements.publie, true));
  const towns = new Set(published.map((a) => townOf(a.localisation))).size;
  const today = todayIn('Europe/Paris', now);
  const [guests] = await db
    .select({ total: sql<string | null>`sum(${reservations.guestsCount})` })
    .from(reservations)
    .where(and(sql`${reservations.status} in ('confirmée', 'terminée')`, lt(reservations.endDate, today)));
  const [rating] = await db.select({ moyenne: avg(avis.note), nombre: count(avis.id) }).from(avis);
  const guestsHosted = Number(guests?.total ?? 0);
  const reviews = Number(rating?.nombre ?? 0);
  const at = <T>(value: number, threshold: number, shown: T): T | null => (value >= threshold ? shown : null);
  return {
    appartements: at(published.length, FIGURE_THRESHOLDS.appartements, published.length),
    villes: at(towns, FIGURE_THRESHOLDS.villes, towns),
    voyageurs: at(guestsHosted, FIGURE_THRESHOLDS.voyageurs, guestsHosted),
    noteMoyenne: at(reviews, FIGURE_THRESHOLDS.avis, { note: Math.round(Number(rating?.moyenne ?? 0) * 10) / 10, avis: reviews }),
  };
}

const nullableInteger = { type: ['integer', 'null'] } as const;

export async function siteFigureRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  app.get(
    SITE_FIGURES_PATH,
    {
      schema: {
        tags: ['Site'],
        security: [],
        summary:
          'Chiffres du site calculés depuis la base (appartements publiés, villes, voyageurs accueillis, note moyenne) ; null sous le seuil',
        response: {
          200: {
            type: 'object',
            required: ['appartements', 'villes', 'voyageurs', 'noteMoyenne'],
            properties: {
              appartements: nullableInteger,
              villes: nullableInteger,
              voyageurs: nullableInteger,
              noteMoyenne: {
                anyOf: [
                  { type: 'null' },
                  { type: 'object', required: ['note', 'avis'], properties: { note: { type: 'number' }, avis: { type: 'integer' } } },
                ],
              },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return siteFigures(db);
    },
  );
}

/**
 * GET /admin/planning?date=&jours= (issue 30 item 2): arrivals, departures and cleanings per day;
 * PUT / DELETE /admin/planning/menages/:appartementId/:date mark a cleaning done or undo the mark.
 */
import type { FastifyInstance } from 'fastify';
import { parseIsoDate, todayIn } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { caller, requireAdmin } from '../../auth/guard.js';
import { badRequest } from '../../http/errors.js';
import { errorResponses, listOf } from '../../http/schemas.js';
import { markCleaningDone, planning, PLANNING_MAX_DAYS, unmarkCleaning } from './service.js';

export const PLANNING_BAD_DATE = 'La date doit être une date valide au format AAAA-MM-JJ.';
export const PLANNING_BAD_DAYS = `Le planning couvre de 1 à ${PLANNING_MAX_DAYS} jours.`;

const isoDate = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;

function realDate(value: string): string {
  if (!parseIsoDate(value)) throw badRequest(PLANNING_BAD_DATE);
  return value;
}

const mouvement = {
  type: 'object',
  properties: {
    reservationId: { type: ['integer', 'null'] },
    voyageur: { type: 'string' },
    appartementId: { type: 'integer' },
    appartementTitre: { type: 'string' },
    debut: { type: 'string' },
    fin: { type: 'string' },
    voyageurs: { type: ['integer', 'null'] },
    resteDuCents: { type: ['integer', 'null'] },
    heure: { type: 'string' },
  },
} as const;

const fait = {
  type: ['object', 'null'],
  properties: { le: { type: 'string' }, par: { type: ['string', 'null'] } },
} as const;

const menage = {
  type: 'object',
  properties: {
    appartementId: { type: 'integer' },
    appartementTitre: { type: 'string' },
    rotation: { type: 'boolean' },
    departHeure: { type: 'string' },
    prochaineArrivee: { type: ['object', 'null'], properties: { date: { type: 'string' }, heure: { type: 'string' } } },
    fait,
  },
} as const;

const cleaningParams = {
  type: 'object',
  properties: { appartementId: { type: 'string', pattern: '^[0-9]{1,9}$' }, date: isoDate },
  required: ['appartementId', 'date'],
} as const;

export async function planningRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  app.get<{ Querystring: { date?: string; jours?: string } }>(
    '/admin/planning',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Administration'],
        summary: 'Arrivées, départs et ménages, jour par jour (fuseau Europe/Paris)',
        security: [{ bearer: [] }],
        querystring: { type: 'object', properties: { date: isoDate, jours: { type: 'string', pattern: '^[0-9]{1,3}$' } } },
        response: {
          200: {
            type: 'object',
            properties: {
              jours: listOf({
                date: { type: 'string' },
                arrivees: { type: 'array', items: mouvement },
                departs: { type: 'array', items: mouvement },
                menages: { type: 'array', items: menage },
              }),
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const date = request.query.date === undefined ? todayIn('Europe/Paris') : realDate(request.query.date);
      const jours = Number(request.query.jours ?? 1);
      if (!Number.isInteger(jours) || jours < 1 || jours > PLANNING_MAX_DAYS) throw badRequest(PLANNING_BAD_DAYS);
      return planning(db, date, jours);
    },
  );

  app.put<{ Params: { appartementId: string; date: string } }>(
    '/admin/planning/menages/:appartementId/:date',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Administration'],
        summary: 'Marquer un ménage comme fait (qui et quand sont enregistrés)',
        security: [{ bearer: [] }],
        params: cleaningParams,
        response: { 200: { type: 'object', properties: { fait } }, ...errorResponses },
      },
    },
    async (request) => ({
      fait: await markCleaningDone(db, {
        appartementId: Number(request.params.appartementId),
        date: realDate(request.params.date),
        adminId: caller(request).user.id,
      }),
    }),
  );

  app.delete<{ Params: { appartementId: string; date: string } }>(
    '/admin/planning/menages/:appartementId/:date',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Administration'],
        summary: 'Annuler la marque « ménage fait »',
        security: [{ bearer: [] }],
        params: cleaningParams,
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      await unmarkCleaning(db, { appartementId: Number(request.params.appartementId), date: realDate(request.params.date) });
      return reply.status(204).send();
    },
  );
}

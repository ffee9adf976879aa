/** The accountant's view of the books (issue 31): the CSV export of a period and a month's totals, admins only. */
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../auth/guard.js';
import type { AppDb } from '../../db/client.js';
import { errorResponses } from '../../http/schemas.js';
import { accountingCsv, monthSummary, parseDays } from './accounting.js';

const admin = { tags: ['Administration'], security: [{ bearer: [] }] };
const cents = { type: 'integer' } as const;

export async function accountingRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  app.get<{ Querystring: { du?: string; au?: string } }>(
    '/admin/comptabilite.csv',
    {
      preHandler: requireAdmin,
      schema: {
        ...admin,
        summary:
          'Export comptable : un mouvement par ligne (date, pièce, réservation, client, type, moyen, référence, montant), du … au … inclus ; « ; », virgule décimale, UTF-8 avec BOM',
        querystring: {
          type: 'object',
          properties: { du: { type: 'string', maxLength: 10 }, au: { type: 'string', maxLength: 10 } },
          required: ['du', 'au'],
        },
        response: { 200: { type: 'string' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const period = parseDays(request.query.du, request.query.au);
      const csv = await accountingCsv(db, period);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="comptabilite-${period.du}-au-${period.au}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.get<{ Querystring: { mois?: string } }>(
    '/admin/comptabilite',
    {
      preHandler: requireAdmin,
      schema: {
        ...admin,
        summary: 'Les totaux d’un mois : reçu, remboursé, net, remboursements en attente, taxe de séjour des séjours terminés dans le mois',
        querystring: { type: 'object', properties: { mois: { type: 'string', maxLength: 7 } }, required: ['mois'] },
        response: {
          200: {
            type: 'object',
            properties: {
              mois: { type: 'string' },
              recuCents: cents,
              rembourseCents: cents,
              netCents: cents,
              aRembourserCents: cents,
              taxeSejourCents: cents,
              recuParMoyen: { type: 'object', properties: { stripe: cents, virement: cents, especes: cents, autre: cents } },
              mouvements: cents,
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return monthSummary(db, request.query.mois ?? '');
    },
  );
}

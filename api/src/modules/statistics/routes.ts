/**
 * GET /admin/statistiques?du=&au=[&appartementId=][&format=csv] (issue 30 item 1): the operator's
 * figures for a period and the same days a year before; format=csv the same figures as a spreadsheet.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { requireAdmin } from '../../auth/guard.js';
import { badRequest } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { statisticsQuerySchema, statisticsSchema } from './schemas.js';
import { parseStatisticsPeriod, statistics, statisticsCsv } from './service.js';

export const STATS_BAD_APARTMENT = 'L’appartement doit être désigné par son identifiant (un nombre entier).';

interface Query {
  du?: string;
  au?: string;
  appartementId?: string;
  format?: 'json' | 'csv';
}

export async function statisticsRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  app.get<{ Querystring: Query }>(
    '/admin/statistiques',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Administration'],
        summary:
          'Tableau de bord : nuits vendues et ouvertes, taux d’occupation, chiffre d’affaires, prix moyen, RevPAR, par mois et par appartement, et les mêmes jours un an avant (anneePrecedente) ; format=csv : les mêmes chiffres en CSV',
        security: [{ bearer: [] }],
        querystring: statisticsQuerySchema,
        response: { 200: statisticsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { du, au } = parseStatisticsPeriod(request.query.du, request.query.au);
      const raw = request.query.appartementId;
      if (raw !== undefined && raw !== '' && !/^[1-9][0-9]{0,8}$/.test(raw)) throw badRequest(STATS_BAD_APARTMENT);
      const figures = await statistics(db, { du, au, appartementId: raw ? Number(raw) : null });
      reply.header('Cache-Control', 'no-store');
      if (request.query.format !== 'csv') return figures;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="statistiques-${du}-${au}.csv"`)
        .send(statisticsCsv(figures));
    },
  );
}

/**
 * Pricing endpoints (issue 12): the quote and the price calendar of an apartment (public; drafts for
 * admins only), and the taxe de séjour rates and declaration (admin).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addDaysIso, calendrierTarifs, decodeReglesTarifaires, parseIsoDate, type StayLimits } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { requireAdmin } from '../../auth/guard.js';
import { badRequest, notFound } from '../../http/errors.js';
import { errorResponses, idParams, listOf, OPEN_OBJECT, OPTIONAL_SESSION } from '../../http/schemas.js';
import { APARTMENT_NOT_FOUND } from '../appartements/service.js';
import { unavailableDays, validateStay } from '../reservations/service.js';
import { declaration, declarationCsv, parsePeriod, stayDeclaration } from './declaration.js';
import { parseTravellers, pricedApartment, quoteFor } from './quote.js';
import { loadTaux, saveTaux } from './taux.js';

const NO_STORE = { 'Cache-Control': 'no-store' };
export const CALENDAR_MAX_DAYS = 400;

export const devisSchema = {
  type: 'object',
  properties: {
    lignes: { type: 'array', items: { type: 'object', properties: { libelle: { type: 'string' }, montant: { type: 'number' } } } },
    total: { type: 'number' },
    acompte: { type: 'number' },
    reste: { type: 'number' },
    nuits: { type: 'integer' },
    adultes: { type: 'integer' },
    enfants: { type: 'integer' },
  },
} as const;

const tauxSchema = {
  type: 'object',
  properties: {
    annee: { type: 'integer' },
    pourcentageNonClasse: { type: 'number' },
    plafondNonClasse: { type: 'number' },
    parEtoiles: {
      type: 'object',
      properties: { 1: { type: 'number' }, 2: { type: 'number' }, 3: { type: 'number' }, 4: { type: 'number' }, 5: { type: 'number' } },
    },
    taxeAdditionnelle: { type: 'number' },
  },
} as const;

const isAdmin = (request: FastifyRequest) => request.auth?.user.role === 'admin';

async function visibleApartment(db: AppDb, request: FastifyRequest<{ Params: { id: string } }>) {
  const apartment = await pricedApartment(db, Number(request.params.id));
  if (!apartment || (!apartment.publie && !isAdmin(request))) throw notFound(APARTMENT_NOT_FOUND);
  return apartment;
}

interface DevisQuery {
  arrivee?: string;
  depart?: string;
  adultes?: string;
  enfants?: string;
}

export async function pricingRoutes(app: FastifyInstance, { db, stayLimits }: { db: AppDb; stayLimits: StayLimits }): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: DevisQuery }>(
    '/appartements/:id/devis',
    {
      schema: {
        tags: ['Appartements'],
        security: OPTIONAL_SESSION,
        summary:
          'Devis d’un séjour : lignes (nuits par tarif, remise, voyageurs supplémentaires, ménage, taxe de séjour), total, acompte et solde',
        params: idParams,
        querystring: {
          type: 'object',
          properties: {
            arrivee: { type: 'string', maxLength: 10 },
            depart: { type: 'string', maxLength: 10 },
            adultes: { type: 'string', maxLength: 3 },
            enfants: { type: 'string', maxLength: 3 },
          },
        },
        response: { 200: devisSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const apartment = await visibleApartment(db, request);
      const { arrivee = '', depart = '', adultes, enfants } = request.query;
      validateStay(arrivee, depart, stayLimits);
      const travellers = parseTravellers(adultes ?? '1', enfants);
      reply.headers(NO_STORE);
      return quoteFor(db, apartment, arrivee, depart, travellers);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { du?: string; au?: string } }>(
    '/appartements/:id/calendrier',
    {
      schema: {
        tags: ['Appartements'],
        security: OPTIONAL_SESSION,
        summary: 'Prix de chaque nuit, séjour minimum pour une arrivée ce jour-là et disponibilité, du … au … (inclus)',
        params: idParams,
        querystring: { type: 'object', properties: { du: { type: 'string', maxLength: 10 }, au: { type: 'string', maxLength: 10 } } },
        response: {
          200: listOf({
            date: { type: 'string' },
            prix: { type: 'number' },
            sejourMinimum: { type: 'integer' },
            disponible: { type: 'boolean' },
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const apartment = await visibleApartment(db, request);
      const { du = '', au = '' } = request.query;
      if (!parseIsoDate(du) || !parseIsoDate(au)) throw badRequest('Les dates « du » et « au » doivent être au format AAAA-MM-JJ.');
      if (au < du) throw badRequest('La date « au » doit être postérieure ou égale à la date « du ».');
      if (addDaysIso(du, CALENDAR_MAX_DAYS) <= au) throw badRequest(`Le calendrier couvre ${CALENDAR_MAX_DAYS} jours au plus.`);
      await app.payments.expireOverdue();
      const taken = new Set(await unavailableDays(db, Number(request.params.id)));
      reply.headers(NO_STORE);
      return calendrierTarifs(du, au, Number(apartment.prixParNuit), decodeReglesTarifaires(apartment.tarifs)).map((day) => ({
        ...day,
        disponible: !taken.has(day.date),
      }));
    },
  );
}

export async function taxeSejourAdminRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const admin = { tags: ['Administration'], security: [{ bearer: [] }] };

  app.get(
    '/admin/taxe-de-sejour/taux',
    {
      schema: {
        ...admin,
        summary: 'Taux de la taxe de séjour par année',
        response: { 200: { type: 'array', items: tauxSchema }, ...errorResponses },
      },
    },
    async () => loadTaux(db),
  );

  app.put<{ Params: { annee: string }; Body: Record<string, unknown> }>(
    '/admin/taxe-de-sejour/taux/:annee',
    {
      schema: {
        ...admin,
        summary: 'Enregistrer les taux d’une année',
        params: { type: 'object', properties: { annee: { type: 'string', pattern: '^[0-9]{4}$' } }, required: ['annee'] },
        body: { type: 'object', additionalProperties: true },
        response: { 200: tauxSchema, ...errorResponses },
      },
    },
    async (request) => saveTaux(db, Number(request.params.annee), request.body),
  );

  app.get<{ Querystring: { du?: string; au?: string; format?: string } }>(
    '/admin/taxe-de-sejour/declaration',
    {
      schema: {
        ...admin,
        summary:
          'À déclarer : par mois et par appartement, nuitées, nuitées adultes, nuitées exonérées et taxe collectée (séjours terminés dans la période) ; format=csv : l’état déclaratif, une ligne par séjour (adresse, dates, nuitées, personnes, mineurs exonérés, classement, tarif, montant, date de perception)',
        querystring: {
          type: 'object',
          properties: {
            du: { type: 'string', maxLength: 7 },
            au: { type: 'string', maxLength: 7 },
            format: { type: 'string', enum: ['json', 'csv'] },
          },
        },
        response: {
          200: {
            description: 'La déclaration (JSON) ou l’état déclaratif (format=csv)',
            content: { 'application/json': { schema: { type: 'array', items: OPEN_OBJECT } }, 'text/csv': { schema: { type: 'string' } } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const period = parsePeriod(request.query.du, request.query.au);
      reply.headers(NO_STORE);
      if (request.query.format === 'csv') {
        const name = `taxe-de-sejour-${request.query.du}${request.query.au && request.query.au !== request.query.du ? `-${request.query.au}` : ''}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .send(declarationCsv(await stayDeclaration(db, period, await loadTaux(db))));
      }
      return declaration(db, period);
    },
  );
}

/**
 * POST /appartements/:id/avis (DECISIONS 11): the author of a finished stay reviews it, once.
 * GET /admin/avis and PUT /admin/avis/:id/reponse (issue 30 item 6): admins read the reviews and
 * answer each one publicly, once, editable.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import type { ListCache } from '../appartements/list-cache.js';
import { caller, requireAdmin, requireUser } from '../../auth/guard.js';
import { badRequest } from '../../http/errors.js';
import { avisSchema, errorResponses, idParams } from '../../http/schemas.js';
import { COMMENT_MAX, createReview, listReviewsForAdmin, REPLY_MAX, replyToReview } from './service.js';

export const REPLY_EMPTY = 'Veuillez écrire une réponse.';
export const ADMIN_REVIEWS_PER_PAGE_MAX = 100;

const adminAvisSchema = {
  type: 'object',
  properties: {
    ...avisSchema.properties,
    appartementId: { type: 'integer' },
    appartementSlug: { type: 'string' },
    appartementTitre: { type: 'string' },
  },
} as const;

const positiveInteger = { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } as const;

export async function reviewRoutes(app: FastifyInstance, { db, listCache }: { db: AppDb; listCache: ListCache }): Promise<void> {
  app.post<{ Params: { id: string }; Body: { reservationId: number; note: number; commentaire: string } }>(
    '/appartements/:id/avis',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Avis'],
        summary: 'Laisser un avis après un séjour terminé (un par réservation)',
        security: [{ bearer: [] }],
        params: idParams,
        body: {
          type: 'object',
          properties: {
            reservationId: { type: 'integer', minimum: 1 },
            note: { type: 'integer', minimum: 1, maximum: 5 },
            commentaire: { type: 'string', maxLength: COMMENT_MAX },
          },
          required: ['reservationId', 'note', 'commentaire'],
        },
        response: { 201: { type: 'object', properties: { avis: avisSchema } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      const commentaire = request.body.commentaire.trim();
      if (commentaire.length < 3) throw badRequest('Veuillez écrire un commentaire.');
      const created = await createReview(db, user, {
        appartementId: Number(request.params.id),
        reservationId: request.body.reservationId,
        note: request.body.note,
        commentaire,
      });
      await listCache.invalidate();
      return reply.status(201).send({ avis: created });
    },
  );

  app.get<{ Querystring: { page?: string; parPage?: string; appartementId?: string; sansReponse?: '0' | '1' } }>(
    '/admin/avis',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Avis', 'Administration'],
        summary: 'Les avis des voyageurs, les plus récents d’abord, avec la réponse de l’hôte',
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          properties: {
            page: positiveInteger,
            parPage: positiveInteger,
            appartementId: positiveInteger,
            sansReponse: { type: 'string', enum: ['0', '1'] },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              avis: { type: 'array', items: adminAvisSchema },
              total: { type: 'integer' },
              sansReponse: { type: 'integer' },
              page: { type: 'integer' },
              parPage: { type: 'integer' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const parPage = Number(request.query.parPage ?? 20);
      if (parPage > ADMIN_REVIEWS_PER_PAGE_MAX) throw badRequest(`Au plus ${ADMIN_REVIEWS_PER_PAGE_MAX} avis par page.`);
      return listReviewsForAdmin(db, {
        page: Number(request.query.page ?? 1),
        parPage,
        ...(request.query.appartementId !== undefined ? { appartementId: Number(request.query.appartementId) } : {}),
        sansReponse: request.query.sansReponse === '1',
      });
    },
  );

  app.put<{ Params: { id: string }; Body: { reponse: string } }>(
    '/admin/avis/:id/reponse',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Avis', 'Administration'],
        summary: 'Répondre publiquement à un avis (ou modifier la réponse)',
        security: [{ bearer: [] }],
        params: idParams,
        body: {
          type: 'object',
          properties: { reponse: { type: 'string', maxLength: REPLY_MAX } },
          required: ['reponse'],
        },
        response: { 200: { type: 'object', properties: { avis: adminAvisSchema } }, ...errorResponses },
      },
    },
    async (request) => {
      const texte = request.body.reponse.trim();
      if (texte.length === 0) throw badRequest(REPLY_EMPTY);
      const answered = await replyToReview(db, { avisId: Number(request.params.id), adminId: caller(request).user.id, texte });
      await listCache.invalidate();
      return { avis: answered };
    },
  );
}

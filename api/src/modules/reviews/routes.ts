/** POST /appartements/:id/avis (DECISIONS 11): the author of a finished stay reviews it, once. */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import type { ListCache } from '../appartements/list-cache.js';
import { sqlState } from '../../db/client.js';
import { avis, reservations } from '../../db/schema.js';
import { caller, requireUser } from '../../auth/guard.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { errorResponses, idParams } from '../../http/schemas.js';
import { APARTMENT_NOT_FOUND, appartementExists, WITH_DRAFTS } from '../appartements/service.js';

export const ALREADY_REVIEWED = 'Vous avez déjà laissé un avis pour ce séjour.';
export const NOT_YOUR_STAY = 'Seul le voyageur d’un séjour terminé dans cet appartement peut laisser un avis.';
export const COMMENT_MAX = 2000;

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
        response: {
          201: {
            type: 'object',
            properties: {
              avis: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  auteur: { type: 'string' },
                  date: { type: 'string' },
                  note: { type: 'integer' },
                  commentaire: { type: 'string' },
                },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      const appartementId = Number(request.params.id);
      const commentaire = request.body.commentaire.trim();
      if (commentaire.length < 3) throw badRequest('Veuillez écrire un commentaire.');
      // A guest of a real stay may review it even if the apartment went back to draft.
      if (!(await appartementExists(db, appartementId, WITH_DRAFTS))) throw notFound(APARTMENT_NOT_FOUND);
      const [stay] = await db
        .select({ id: reservations.id, status: reservations.status })
        .from(reservations)
        .where(
          and(
            eq(reservations.id, request.body.reservationId),
            eq(reservations.userId, user.id),
            eq(reservations.appartementId, appartementId),
          ),
        )
        .limit(1);
      if (!stay || stay.status !== 'terminée') throw forbidden(NOT_YOUR_STAY);
      try {
        const [row] = await db
          .insert(avis)
          .values({ appartementId, userId: user.id, reservationId: stay.id, note: request.body.note, commentaire })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await listCache.invalidate();
        return reply.status(201).send({
          avis: {
            id: row.id,
            auteur: user.nom.trim().split(/\s+/)[0] ?? '',
            date: row.createdAt.toISOString(),
            note: row.note,
            commentaire: row.commentaire,
          },
        });
      } catch (error) {
        if (sqlState(error) === '23505') throw conflict(ALREADY_REVIEWED);
        throw error;
      }
    },
  );
}

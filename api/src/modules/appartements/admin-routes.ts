/**
 * GET /api/admin/appartements: every apartment, drafts included, in a few fields (issue 32). What the
 * admin's apartment selects and the warnings of the new-apartment form need, without reading the
 * catalogue's pages (the public list is paginated and carries every field).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { requireAdmin } from '../../auth/guard.js';
import { errorResponses } from '../../http/schemas.js';
import { apartmentIndex } from './service.js';

const apartmentIndexSchema = Type.Array(
  Type.Object({
    id: Type.Integer(),
    titre: Type.String(),
    slug: Type.String(),
    ville: Type.String(),
    smoobuId: Type.Union([Type.Integer(), Type.Null()]),
    publie: Type.Boolean(),
  }),
);

export async function appartementAdminRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/admin/appartements',
    {
      schema: {
        tags: ['Administration'],
        security: [{ bearer: [] }],
        summary: 'Tous les appartements, brouillons compris, par identifiant : id, titre, slug, ville, smoobuId et publication',
        response: { 200: apartmentIndexSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return apartmentIndex(db);
    },
  );
}

/** GET/PUT /api/admin/appartements/:id/acces: an apartment's private check-in instructions (admins only). */
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { requireAdmin } from '../../auth/guard.js';
import { notFound } from '../../http/errors.js';
import { errorResponses, idParams } from '../../http/schemas.js';
import { APARTMENT_NOT_FOUND, appartementExists, WITH_DRAFTS } from '../appartements/service.js';
import { accesSchema } from './schemas.js';
import { accesOf, parseAcces, saveAcces } from './service.js';

const admin = { tags: ['Administration'], security: [{ bearer: [] }] };

export async function accesRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  app.addHook('preHandler', requireAdmin);

  async function apartmentOr404(id: number): Promise<void> {
    if (!(await appartementExists(db, id, WITH_DRAFTS))) throw notFound(APARTMENT_NOT_FOUND);
  }

  app.get<{ Params: { id: string } }>(
    '/admin/appartements/:id/acces',
    {
      schema: {
        ...admin,
        summary: 'Instructions d’arrivée privées d’un appartement (null si aucune)',
        params: idParams,
        response: { 200: { type: 'object', properties: { acces: { ...accesSchema, type: ['object', 'null'] } } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      await apartmentOr404(id);
      reply.header('Cache-Control', 'no-store');
      return { acces: await accesOf(db, id) };
    },
  );

  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/admin/appartements/:id/acces',
    {
      schema: {
        ...admin,
        summary: 'Enregistrer les instructions d’arrivée (adresse, code d’accès, instructions, wifi, livret, stationnement)',
        params: idParams,
        body: { type: 'object', additionalProperties: true },
        response: { 200: { type: 'object', properties: { acces: accesSchema } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      await apartmentOr404(id);
      const acces = parseAcces(request.body);
      reply.header('Cache-Control', 'no-store');
      return { acces: await saveAcces(db, id, acces) };
    },
  );
}

/** Public apartment endpoints: GET /appartements, /appartements/slug/:slug, /appartements/disponibilites/:id. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client.js';
import type { ListCache } from './list-cache.js';
import { sendPrecompressed } from '../../cache/precompressed.js';
import { notFound } from '../../http/errors.js';
import { appartementSchema, avisResumeSchema, errorResponses, idParams } from '../../http/schemas.js';
import { unavailableDays } from '../reservations/service.js';
import {
  APARTMENT_NOT_FOUND,
  appartementExists,
  findAppartementBySlug,
  listAppartements,
  PUBLIC_ONLY,
  reviewsOf,
  WITH_DRAFTS,
} from './service.js';

/** Drafts are shown to admins only (DECISIONS 24). */
const visibilityFor = (request: FastifyRequest) => (request.auth?.user.role === 'admin' ? WITH_DRAFTS : PUBLIC_ONLY);

const NO_CACHE = { 'Cache-Control': 'no-cache, no-store, must-revalidate', Pragma: 'no-cache', Expires: '0' };

export async function appartementRoutes(app: FastifyInstance, { db, listCache }: { db: AppDb; listCache: ListCache }): Promise<void> {
  app.get(
    '/appartements',
    {
      schema: {
        tags: ['Appartements'],
        summary: 'Tous les logements',
        response: { 200: { type: 'array', items: appartementSchema }, 304: { description: 'Liste inchangée (ETag)', type: 'null' } },
      },
    },
    async (request, reply) => {
      if (request.auth?.user.role === 'admin') {
        // The cached list is the public one; an admin also sees drafts, fresh and never cached.
        reply.headers(NO_CACHE);
        return listAppartements(db, WITH_DRAFTS);
      }
      const body = await listCache.get(() => listAppartements(db));
      // Browsers revalidate every time (no-cache); an unchanged list costs a 304.
      reply.headers(NO_CACHE);
      return sendPrecompressed(request, reply, body, 'application/json; charset=utf-8');
    },
  );

  app.get<{ Params: { slug: string } }>(
    '/appartements/slug/:slug',
    {
      schema: {
        tags: ['Appartements'],
        summary: 'Un logement par son slug',
        params: { type: 'object', properties: { slug: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['slug'] },
        response: { 200: appartementSchema, ...errorResponses },
      },
    },
    async (request) => {
      const found = await findAppartementBySlug(db, request.params.slug, visibilityFor(request));
      if (!found) throw notFound(APARTMENT_NOT_FOUND);
      return found;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/appartements/:id/avis',
    {
      schema: {
        tags: ['Avis'],
        summary: "Les avis d'un logement, la moyenne et la répartition de 5 à 1 étoile",
        params: idParams,
        response: { 200: avisResumeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!(await appartementExists(db, id, visibilityFor(request)))) throw notFound(APARTMENT_NOT_FOUND);
      return reviewsOf(db, id);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/appartements/disponibilites/:id',
    {
      schema: {
        tags: ['Appartements'],
        summary: "Jours indisponibles d'un logement à partir d'aujourd'hui : jours bloqués et nuits des séjours en attente ou confirmés",
        params: idParams,
        response: { 200: { type: 'array', items: { type: 'object', properties: { date: { type: 'string' } } } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      if (!(await appartementExists(db, id, visibilityFor(request)))) throw notFound(APARTMENT_NOT_FOUND);
      reply.headers(NO_CACHE);
      await request.server.payments.expireOverdue();
      return (await unavailableDays(db, id)).map((date) => ({ date }));
    },
  );
}

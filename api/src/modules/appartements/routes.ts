/** Public apartment endpoints: GET /appartements, /appartements/slug/:slug, /appartements/disponibilites/:id. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client.js';
import type { StayLimits } from 'shared-kernel/rules';
import type { ListCache } from './list-cache.js';
import { publicTown, townsOf } from './towns.js';
import { isSearch, MAX_PER_PAGE, parseSearch, searchAppartements, type SearchQuery } from './search.js';
import { sendPrecompressed } from '../../cache/precompressed.js';
import { notFound } from '../../http/errors.js';
import { appartementSchema, avisResumeSchema, errorResponses, idParams, OPTIONAL_SESSION } from '../../http/schemas.js';
import { unavailableDays } from '../reservations/service.js';
import { APARTMENT_NOT_FOUND, appartementExists, findAppartementBySlug, PUBLIC_ONLY, reviewsOf, WITH_DRAFTS } from './service.js';

/** Drafts are shown to admins only (DECISIONS 24). */
const visibilityFor = (request: FastifyRequest) => (request.auth?.user.role === 'admin' ? WITH_DRAFTS : PUBLIC_ONLY);

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const texts = (maxLength: number) => ({ anyOf: [text(maxLength), { type: 'array', items: text(maxLength), maxItems: 20 }] }) as const;

const searchQuerySchema = {
  type: 'object',
  properties: {
    arrivee: text(10),
    depart: text(10),
    adultes: text(3),
    enfants: text(3),
    tri: text(20),
    ville: text(100),
    page: text(6),
    parPage: text(3),
    q: text(100),
    prixMin: text(10),
    prixMax: text(10),
    equipement: texts(100),
    localisation: texts(200),
    chambres: text(3),
    sallesDeBain: text(3),
  },
} as const;

const villesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['ville', 'slug', 'nombre'],
    properties: { ville: { type: 'string' }, slug: { type: 'string' }, nombre: { type: 'integer' } },
  },
} as const;

const pageAppartementsSchema = {
  type: 'object',
  properties: {
    appartements: {
      type: 'array',
      maxItems: MAX_PER_PAGE,
      items: {
        ...appartementSchema,
        properties: {
          ...appartementSchema.properties,
          sejour: {
            type: 'object',
            properties: { nuits: { type: 'integer' }, totalCents: { type: 'integer' }, total: { type: 'number' } },
          },
        },
      },
    },
    total: { type: 'integer' },
    page: { type: 'integer' },
    parPage: { type: 'integer' },
    facettes: {
      type: 'object',
      properties: {
        prixMin: { type: 'number' },
        prixMax: { type: 'number' },
        localisations: { type: 'array', items: { type: 'string' } },
        villes: villesSchema,
      },
    },
  },
} as const;

const NO_CACHE = { 'Cache-Control': 'no-cache, no-store, must-revalidate', Pragma: 'no-cache', Expires: '0' };

export async function appartementRoutes(
  app: FastifyInstance,
  { db, listCache, stayLimits }: { db: AppDb; listCache: ListCache; stayLimits: StayLimits },
): Promise<void> {
  app.get<{ Querystring: SearchQuery }>(
    '/appartements',
    {
      schema: {
        tags: ['Appartements'],
        security: OPTIONAL_SESSION,
        summary:
          'Une page des logements (sans paramètre : la première, de 24). Avec un séjour (arrivee, depart, adultes, enfants) : seulement les logements libres chaque nuit du séjour, avec son prix ; filtres (dont « ville » : slug ou nom de la ville), tri, page et parPage (48 au plus)',
        querystring: searchQuerySchema,
        response: {
          200: pageAppartementsSchema,
          304: { description: 'Liste inchangée (ETag)', type: 'null' },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const criteria = parseSearch(request.query, stayLimits);
      if (isSearch(request.query)) {
        // Unpaid stays past their deadline free their nights before anyone looks for them.
        if (criteria.stay) await app.payments.expireOverdue();
        reply.headers(NO_CACHE);
        return searchAppartements(db, criteria, visibilityFor(request));
      }
      if (request.auth?.user.role === 'admin') {
        // The cached page is the public one; an admin also sees drafts, fresh and never cached.
        reply.headers(NO_CACHE);
        return searchAppartements(db, criteria, WITH_DRAFTS);
      }
      // The bare call (the first page, the one every visitor asks first) is kept serialised and compressed.
      const body = await listCache.get(() => searchAppartements(db, criteria, PUBLIC_ONLY));
      // Browsers revalidate every time (no-cache); an unchanged list costs a 304.
      reply.headers(NO_CACHE);
      return sendPrecompressed(request, reply, body, 'application/json; charset=utf-8');
    },
  );

  app.get(
    '/villes',
    {
      schema: {
        tags: ['Appartements'],
        security: [],
        summary:
          'Les villes des logements publiés, par ordre alphabétique : nom, slug (adresse de sa page /location/:slug et valeur du filtre « ville ») et nombre de logements',
        response: { 200: villesSchema, ...errorResponses },
      },
    },
    async () => (await townsOf(db, PUBLIC_ONLY)).map(publicTown),
  );

  app.get<{ Params: { slug: string } }>(
    '/appartements/slug/:slug',
    {
      schema: {
        tags: ['Appartements'],
        security: OPTIONAL_SESSION,
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
        security: [],
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
        security: [],
        summary: "Jours indisponibles d'un logement à partir d'aujourd'hui : jours bloqués et nuits des séjours en attente ou confirmés",
        params: idParams,
        response: { 200: { type: 'array', items: { type: 'object', properties: { date: { type: 'string' } } } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      if (!(await appartementExists(db, id, visibilityFor(request)))) throw notFound(APARTMENT_NOT_FOUND);
      reply.headers(NO_CACHE);
      await app.payments.expireOverdue();
      return (await unavailableDays(db, id)).map((date) => ({ date }));
    },
  );
}

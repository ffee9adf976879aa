/** Administration endpoints (admin only: 401 for a visitor, 403 for a client). */
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import type { ListCache } from '../appartements/list-cache.js';
import { constraintName, sqlState } from '../../db/client.js';
import { appartements, reservations, users } from '../../db/schema.js';
import { requireAdmin } from '../../auth/guard.js';
import { conflict, notFound } from '../../http/errors.js';
import { appartementSchema, errorResponses, idParams, messageSchema, reservationSchema } from '../../http/schemas.js';
import { APARTMENT_NOT_FOUND, findAppartementBySlug, WITH_DRAFTS } from '../appartements/service.js';
import { deletable, KEEP_IN_BOOKS, RESERVATION_NOT_FOUND, withLedgers } from '../reservations/service.js';
import { adminReservationsCsv, adminReservationsPage, parseAdminFilters, type AdminListQuery } from '../reservations/admin-list.js';
import { ledgerSummary } from '../ledger/ledger.js';
import { toProfile } from '../users/profile.js';
import { altsAfterEdit, editedApartmentValues, newApartmentValues } from './apartment-input.js';
import { decodeImages } from 'shared-kernel/domain';
import type { ObjectStore } from '../../storage/object-store.js';
import { removePhotoFiles } from '../photos/photo-files.js';

export const SLUG_TAKEN = 'Ce slug est déjà utilisé par un autre appartement : modifiez le titre.';
export const SMOOBU_TAKEN = 'Cet identifiant Smoobu est déjà utilisé par un autre appartement.';

function uniqueViolation(error: unknown): never {
  if (sqlState(error) === '23505') {
    const name = constraintName(error) ?? '';
    if (name.includes('smoobu')) throw conflict(SMOOBU_TAKEN, 'SMOOBU_ID_TAKEN');
    if (name.includes('slug')) throw conflict(SLUG_TAKEN, 'SLUG_TAKEN');
  }
  throw error;
}

const anyBody = { type: 'object', additionalProperties: true } as const;
const admin = { tags: ['Administration'], security: [{ bearer: [] }] };

export async function adminRoutes(
  app: FastifyInstance,
  { db, listCache, store }: { db: AppDb; listCache: ListCache; store: ObjectStore },
): Promise<void> {
  app.addHook('preHandler', requireAdmin);

  app.post<{ Body: Record<string, unknown> }>(
    '/appartements',
    {
      schema: {
        ...admin,
        summary: 'Ajouter un appartement (champs JSON acceptés en texte ou en valeurs)',
        body: anyBody,
        response: { 201: { type: 'object', properties: { id: { type: 'integer' }, appartement: appartementSchema } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const values = newApartmentValues(request.body);
      try {
        const [row] = await db.insert(appartements).values(values).returning({ id: appartements.id, slug: appartements.slug });
        if (!row) throw new Error('insert returned no row');
        await listCache.invalidate();
        return reply.status(201).send({ id: row.id, appartement: await findAppartementBySlug(db, row.slug, WITH_DRAFTS) });
      } catch (error) {
        uniqueViolation(error);
      }
    },
  );

  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/appartements/:id',
    {
      schema: {
        ...admin,
        summary: 'Modifier un appartement',
        params: idParams,
        body: anyBody,
        response: { 200: { type: 'object', properties: { appartement: appartementSchema } }, ...errorResponses },
      },
    },
    async (request) => {
      const [current] = await db
        .select({
          numero: appartements.numeroEnregistrement,
          publie: appartements.publie,
          images: appartements.images,
          imagesAlt: appartements.imagesAlt,
        })
        .from(appartements)
        .where(eq(appartements.id, Number(request.params.id)))
        .limit(1);
      if (!current) throw notFound(APARTMENT_NOT_FOUND);
      const values = editedApartmentValues(request.body, current);
      const imagesAlt = altsAfterEdit(values.images, values.imagesAlt, current.imagesAlt);
      try {
        const [row] = await db
          .update(appartements)
          .set({ ...values, imagesAlt, updatedAt: new Date() })
          .where(eq(appartements.id, Number(request.params.id)))
          .returning({ slug: appartements.slug });
        if (!row) throw notFound(APARTMENT_NOT_FOUND);
        await listCache.invalidate();
        // Uploaded photos the editor dropped from the list: their files go too, once the row no longer names them.
        for (const url of decodeImages(current.images)) if (!values.images.includes(url)) await removePhotoFiles(store, url);
        return { appartement: await findAppartementBySlug(db, row.slug, WITH_DRAFTS) };
      } catch (error) {
        uniqueViolation(error);
      }
    },
  );

  app.get<{ Querystring: { userId?: string } }>(
    '/reservations/all',
    {
      schema: {
        ...admin,
        summary: 'Toutes les réservations, avec le client et l’appartement (filtre facultatif par client)',
        querystring: { type: 'object', properties: { userId: { type: 'string', pattern: '^[0-9]{1,9}$' } } },
        response: { 200: { type: 'array', items: reservationSchema }, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const query = db
        .select({
          reservation: reservations,
          apartment: {
            id: appartements.id,
            slug: appartements.slug,
            titre: appartements.titre,
            localisation: appartements.localisation,
            prixParNuit: appartements.prixParNuit,
            images: appartements.images,
          },
          user: { id: users.id, nom: users.nom, email: users.email },
        })
        .from(reservations)
        .leftJoin(appartements, eq(appartements.id, reservations.appartementId))
        .leftJoin(users, eq(users.id, reservations.userId));
      const userId = request.query.userId;
      const rows = await (userId ? query.where(eq(reservations.userId, Number(userId))) : query).orderBy(
        desc(reservations.createdAt),
        desc(reservations.id),
      );
      return withLedgers(db, rows);
    },
  );

  const adminListQuery = {
    type: 'object',
    properties: {
      statut: { type: 'string', maxLength: 20 },
      du: { type: 'string', maxLength: 10, description: 'AAAA-MM-JJ : séjours ayant une nuit à partir de ce jour' },
      au: { type: 'string', maxLength: 10, description: 'AAAA-MM-JJ : séjours ayant une nuit jusqu’à ce jour' },
      appartement: { type: 'string', maxLength: 10 },
      ville: { type: 'string', maxLength: 100, description: 'Slug ou nom de la ville (400 pour une ville sans appartement)' },
      client: { type: 'string', maxLength: 100, description: 'Partie du nom ou de l’email du client' },
      page: { type: 'string', maxLength: 6 },
      parPage: { type: 'string', maxLength: 3 },
    },
  } as const;

  app.get<{ Querystring: AdminListQuery }>(
    '/admin/reservations',
    {
      schema: {
        ...admin,
        summary: 'Les réservations filtrées (statut, dates, appartement, ville, client) et paginées, arrivées les plus récentes d’abord',
        querystring: adminListQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              reservations: { type: 'array', items: reservationSchema },
              total: { type: 'integer' },
              page: { type: 'integer' },
              parPage: { type: 'integer' },
              villes: {
                type: 'array',
                items: { type: 'object', properties: { ville: { type: 'string' }, slug: { type: 'string' }, nombre: { type: 'integer' } } },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return adminReservationsPage(db, parseAdminFilters(request.query));
    },
  );

  app.get<{ Querystring: AdminListQuery }>(
    '/admin/reservations.csv',
    {
      schema: {
        ...admin,
        summary: 'Les réservations filtrées (mêmes filtres, sans pagination) en CSV pour un tableur (point-virgule, UTF-8 avec BOM)',
        querystring: adminListQuery,
        response: { 200: { type: 'string' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const csv = await adminReservationsCsv(db, parseAdminFilters(request.query));
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', 'attachment; filename="reservations.csv"')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/reservations/:id',
    {
      schema: {
        ...admin,
        summary:
          'Supprimer une réservation sur laquelle aucun argent n’a bougé et dont le séjour n’a pas commencé (ses dates redeviennent libres) ; sinon 409 : annulez-la',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update').limit(1);
          if (!row) throw notFound(RESERVATION_NOT_FOUND);
          // DECISIONS 32: the books are never deleted; a stay with money or that began is cancelled instead.
          if (!deletable(row, await ledgerSummary(tx, id))) throw conflict(KEEP_IN_BOOKS);
          await tx.delete(reservations).where(eq(reservations.id, id));
        });
      } catch (error) {
        // A payment row or a movement written meanwhile: the database refuses too.
        if (sqlState(error) === '23503') throw conflict(KEEP_IN_BOOKS);
        throw error;
      }
      return { message: 'Réservation supprimée.' };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/users/:id',
    {
      schema: {
        ...admin,
        summary: "Profil d'un client",
        params: idParams,
        response: { 200: { type: 'object', properties: { user: { type: 'object', additionalProperties: true } } }, ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(users.id, Number(request.params.id)))
        .limit(1);
      if (!row) throw notFound('Utilisateur introuvable.');
      // GDPR erasure: what is left of the row is not the person's data any more.
      if (row.supprimeLe) throw notFound('Ce client a supprimé son compte : ses données personnelles ont été effacées.');
      return { user: toProfile(row) };
    },
  );
}

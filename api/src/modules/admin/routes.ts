/** Administration endpoints (admin only: 401 for a visitor, 403 for a client). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import type { ListCache } from '../appartements/list-cache.js';
import { requireAdmin } from '../../auth/guard.js';
import { errorResponses, idParams, messageSchema, reservationSchema } from '../../http/schemas.js';
import { adminReservationsCsv, adminReservationsPage, parseAdminFilters } from '../reservations/admin-list.js';
import type { ObjectStore } from '../../storage/object-store.js';
import {
  AdminListQuery,
  apartmentAnswerSchema,
  clientProfileSchema,
  createdApartmentSchema,
  EditedApartmentBody,
  NewApartmentBody,
  reservationPageSchema,
  ReservationsQuery,
} from './schemas.js';
import { decodeApartmentForm } from './apartment-form.js';
import { allReservations, clientProfile, createApartment, deleteReservation, updateApartment } from './service.js';

export { SLUG_TAKEN, SMOOBU_TAKEN } from './service.js';

const admin = { tags: ['Administration'], security: [{ bearer: [] }] };

export async function adminRoutes(
  server: FastifyInstance,
  { db, listCache, store }: { db: AppDb; listCache: ListCache; store: ObjectStore },
): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', requireAdmin);
  // The apartment form's routes also guard before their body is checked: a visitor or a client is
  // told 401 or 403, never what their body lacks (as before the body had a schema).

  app.post(
    '/appartements',
    {
      schema: {
        ...admin,
        summary: 'Ajouter un appartement (champs JSON et nombres acceptés en texte ou en valeurs)',
        body: NewApartmentBody,
        response: { 201: createdApartmentSchema, ...errorResponses },
      },
      preValidation: [requireAdmin, decodeApartmentForm('add')],
    },
    async (request, reply) => reply.status(201).send(await createApartment(db, listCache, request.body)),
  );

  app.put(
    '/appartements/:id',
    {
      schema: {
        ...admin,
        summary: 'Modifier un appartement (champs JSON et nombres acceptés en texte ou en valeurs)',
        params: idParams,
        body: EditedApartmentBody,
        response: { 200: apartmentAnswerSchema, ...errorResponses },
      },
      preValidation: [requireAdmin, decodeApartmentForm('edit')],
    },
    async (request) => ({
      appartement: await updateApartment(db, { listCache, store }, Number(request.params.id), request.body),
    }),
  );

  app.get(
    '/reservations/all',
    {
      schema: {
        ...admin,
        summary: 'Toutes les réservations, avec le client et l’appartement (filtre facultatif par client)',
        querystring: ReservationsQuery,
        response: { 200: { type: 'array', items: reservationSchema }, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const userId = request.query.userId;
      return allReservations(db, userId ? Number(userId) : undefined);
    },
  );

  app.get(
    '/admin/reservations',
    {
      schema: {
        ...admin,
        summary: 'Les réservations filtrées (statut, dates, appartement, ville, client) et paginées, arrivées les plus récentes d’abord',
        querystring: AdminListQuery,
        response: { 200: reservationPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return adminReservationsPage(db, parseAdminFilters(request.query));
    },
  );

  app.get(
    '/admin/reservations.csv',
    {
      schema: {
        ...admin,
        summary: 'Les réservations filtrées (mêmes filtres, sans pagination) en CSV pour un tableur (point-virgule, UTF-8 avec BOM)',
        querystring: AdminListQuery,
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

  app.delete(
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
      await deleteReservation(db, Number(request.params.id));
      return { message: 'Réservation supprimée.' };
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        ...admin,
        summary: "Profil d'un client",
        params: idParams,
        response: { 200: clientProfileSchema, ...errorResponses },
      },
    },
    async (request) => ({ user: await clientProfile(db, Number(request.params.id)) }),
  );
}

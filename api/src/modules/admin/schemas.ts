/** Schemas of the administration routes (issue 33 item 2): TypeBox, so they validate and type each handler. */
import { Type } from '@sinclair/typebox';
import { appartementSchema, OPEN_OBJECT, reservationSchema } from '../../http/schemas.js';

/**
 * The apartment form's body: any object, its fields accepted as text or as values and checked by
 * the module's parser (apartment-input.ts), which writes the French 400 of each field.
 */
export const ApartmentBody = Type.Object({}, { additionalProperties: true });

export const ReservationsQuery = Type.Object({ userId: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })) });

/** The filters of the admin's reservation list and its CSV export (checked by parseAdminFilters). */
export const AdminListQuery = Type.Object({
  statut: Type.Optional(Type.String({ maxLength: 20 })),
  du: Type.Optional(Type.String({ maxLength: 10, description: 'AAAA-MM-JJ : séjours ayant une nuit à partir de ce jour' })),
  au: Type.Optional(Type.String({ maxLength: 10, description: 'AAAA-MM-JJ : séjours ayant une nuit jusqu’à ce jour' })),
  appartement: Type.Optional(Type.String({ maxLength: 10 })),
  ville: Type.Optional(Type.String({ maxLength: 100, description: 'Slug ou nom de la ville (400 pour une ville sans appartement)' })),
  client: Type.Optional(Type.String({ maxLength: 100, description: 'Partie du nom ou de l’email du client' })),
  page: Type.Optional(Type.String({ maxLength: 6 })),
  parPage: Type.Optional(Type.String({ maxLength: 3 })),
});

export const createdApartmentSchema = { type: 'object', properties: { id: { type: 'integer' }, appartement: appartementSchema } } as const;
export const apartmentAnswerSchema = { type: 'object', properties: { appartement: appartementSchema } } as const;

export const reservationPageSchema = {
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
} as const;

export const clientProfileSchema = { type: 'object', properties: { user: OPEN_OBJECT } } as const;

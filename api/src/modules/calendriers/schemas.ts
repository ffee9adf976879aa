/** Schemas of the calendar routes (issue 33 item 2): written once with TypeBox, they validate and type each handler. */
import { Type } from '@sinclair/typebox';
import { FEED_SYNC_STEPS } from 'shared-kernel/domain';
import { FLUX_LIBELLES } from '../../db/schema.js';
import { StringEnum } from '../../http/schemas.js';

const IsoDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

export const ExportParams = Type.Object({
  appartement: Type.String({ pattern: '^[0-9]{1,9}$' }),
  fichier: Type.String({ maxLength: 200 }),
});

/** `page`, `parPage` and `appartement` are read by parseCalendarPaging and parseCalendarApartment, whose 400s say what they may be. */
export const CalendarQuery = Type.Object({
  du: IsoDate,
  au: IsoDate,
  ville: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.String({ maxLength: 20 })),
  parPage: Type.Optional(Type.String({ maxLength: 20 })),
  appartement: Type.Optional(Type.String({ maxLength: 20 })),
});

/** A period of days, both ends included; the note is read by the block route only. */
export const PeriodBody = Type.Object(
  { du: IsoDate, au: IsoDate, note: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);

export const FeedBody = Type.Object(
  { libelle: StringEnum(FLUX_LIBELLES), url: Type.String({ minLength: 1, maxLength: 2000 }) },
  { additionalProperties: false },
);

export const feedSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    appartementId: { type: 'integer' },
    libelle: { type: 'string' },
    url: { type: 'string' },
    derniereSynchroLe: { type: ['string', 'null'] },
    derniereTentativeLe: { type: ['string', 'null'] },
    derniereErreur: { type: ['string', 'null'] },
    avertissement: { type: ['string', 'null'] },
    evenements: { type: 'integer' },
    synchro: {
      type: ['object', 'null'],
      properties: {
        etape: { type: 'string', enum: [...FEED_SYNC_STEPS] },
        depuis: { type: 'string' },
        fait: { type: ['integer', 'null'] },
        total: { type: ['integer', 'null'] },
      },
    },
  },
} as const;

export const calendarsSchema = {
  type: 'object',
  properties: { exportUrl: { type: 'string' }, flux: { type: 'array', items: feedSchema } },
} as const;

export const daysSchema = { type: 'object', properties: { jours: { type: 'integer' } } } as const;

/** JSON schemas of the photo routes (issue 30 item 4). */
import { messageSchema } from '../../http/schemas.js';

export const photoListSchema = {
  type: 'object',
  properties: {
    images: { type: 'array', items: { type: 'string' } },
    imagesAlt: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

export const orderBodySchema = {
  type: 'object',
  required: ['images'],
  additionalProperties: false,
  properties: { images: { type: 'array', maxItems: 30, items: { type: 'string', minLength: 1, maxLength: 500 } } },
} as const;

export const deleteBodySchema = {
  type: 'object',
  required: ['url'],
  additionalProperties: false,
  properties: { url: { type: 'string', minLength: 1, maxLength: 500 } },
} as const;

export const uploadErrors = { 413: messageSchema, 415: messageSchema } as const;

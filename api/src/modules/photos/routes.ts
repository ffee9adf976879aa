/**
 * Apartment photos (issue 30 item 4), admins only:
 * POST /api/admin/appartements/:id/photos (multipart: files in `photo`, one `alt` per file, in order),
 * PUT …/photos/ordre `{ images }`, DELETE …/photos `{ url }`; each answers `{ images, imagesAlt }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { ListCache } from '../appartements/list-cache.js';
import { requireAdmin } from '../../auth/guard.js';
import { ApiError, badRequest } from '../../http/errors.js';
import { errorResponses, idParams } from '../../http/schemas.js';
import { MALFORMED_MULTIPART } from '../users/routes.js';
import { ALT_MAX_LENGTH, ALT_REQUIRED, ALT_TOO_LONG } from './alt-texts.js';
import { encodePhoto, photoTooHeavy, removePhotoFiles, storePhoto, type EncodedPhoto } from './photo-files.js';
import { appendPhotos, assertRoomFor, MAX_IMAGES, removeFromList, reorderPhotos } from './service.js';
import { deleteBodySchema, orderBodySchema, photoListSchema, uploadErrors } from './schemas.js';

const admin = { tags: ['Administration'], security: [{ bearer: [] }] };
export const NO_PHOTO = 'Aucune photo reçue dans le champ « photo ».';
export const NOT_MULTIPART = 'Envoyez les photos en multipart/form-data, dans le champ « photo », avec un champ « alt » par photo.';

interface Received {
  files: Buffer[];
  alts: string[];
}

export async function photoRoutes(
  app: FastifyInstance,
  { db, store, listCache, maxBytes }: { db: AppDb; store: ObjectStore; listCache: ListCache; maxBytes: number },
): Promise<void> {
  app.addHook('preHandler', requireAdmin);

  /** Reads the whole form first: a limit hit by the last file still refuses everything. */
  async function receive(request: FastifyRequest): Promise<Received> {
    if (!request.isMultipart()) throw new ApiError(415, NOT_MULTIPART);
    const received: Received = { files: [], alts: [] };
    try {
      for await (const part of request.parts({ limits: { files: MAX_IMAGES, fileSize: maxBytes, fields: MAX_IMAGES + 5 } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'photo') {
            await part.toBuffer();
            continue;
          }
          received.files.push(await part.toBuffer());
        } else if (part.fieldname === 'alt') {
          received.alts.push(typeof part.value === 'string' ? part.value.trim() : '');
        }
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, photoTooHeavy(maxBytes));
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(`${MAX_IMAGES} photos au plus par envoi.`);
      throw badRequest(MALFORMED_MULTIPART);
    }
    return received;
  }

  app.post<{ Params: { id: string } }>(
    '/admin/appartements/:id/photos',
    {
      schema: {
        ...admin,
        summary: `Envoyer des photos (JPEG, PNG ou WebP ; champ « photo », un « alt » par photo ; ${MAX_IMAGES} images au plus par appartement)`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: photoListSchema, ...uploadErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      const { files, alts } = await receive(request);
      if (files.length === 0) throw badRequest(NO_PHOTO);
      if (alts.length !== files.length || alts.some((alt) => alt === '')) throw badRequest(ALT_REQUIRED);
      if (alts.some((alt) => alt.length > ALT_MAX_LENGTH)) throw badRequest(ALT_TOO_LONG);
      await assertRoomFor(db, id, files.length);
      // Every file is checked and encoded before anything is stored: one bad file refuses the upload.
      const encoded: EncodedPhoto[] = [];
      for (const file of files) encoded.push(await encodePhoto(file));
      const urls: string[] = [];
      try {
        for (const photo of encoded) urls.push(await storePhoto(store, photo));
        const list = await appendPhotos(
          db,
          id,
          urls.map((url, i) => ({ url, alt: alts[i]! })),
        );
        await listCache.invalidate();
        return reply.status(201).send(list);
      } catch (error) {
        for (const url of urls) await removePhotoFiles(store, url);
        throw error;
      }
    },
  );

  app.put<{ Params: { id: string }; Body: { images: string[] } }>(
    '/admin/appartements/:id/photos/ordre',
    {
      schema: {
        ...admin,
        summary: 'Changer l’ordre des photos (la première est celle des listes)',
        params: idParams,
        body: orderBodySchema,
        response: { 200: photoListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const list = await reorderPhotos(db, Number(request.params.id), request.body.images);
      await listCache.invalidate();
      return list;
    },
  );

  app.delete<{ Params: { id: string }; Body: { url: string } }>(
    '/admin/appartements/:id/photos',
    {
      schema: {
        ...admin,
        summary: 'Retirer une photo (les fichiers d’une photo envoyée sont supprimés)',
        params: idParams,
        body: deleteBodySchema,
        response: { 200: photoListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const list = await removeFromList(db, Number(request.params.id), request.body.url);
      await listCache.invalidate();
      await removePhotoFiles(store, request.body.url);
      return list;
    },
  );
}

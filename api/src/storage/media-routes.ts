/**
 * GET /media/avatars/<name> and /media/photos/<name> (uploaded apartment photos and their variants): streamed from the object store, whichever it is, so that the
 * public URLs do not change when a host moves its files to S3 (and the bucket can stay private).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectStore } from './object-store.js';

/** Names the server gives to uploads: anything else is a 404 without asking the store. */
const MEDIA_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;
/** `<uuid>` (uploaded before issue 28) or `<uuid>-<width>x<height>`, then `.jpg` or a variant's `-<width>.<format>`. */
const PHOTO_NAME = /^[0-9a-f-]{36}(?:-[1-9][0-9]{0,4}x[1-9][0-9]{0,4})?(?:-(?:480|800|1600)\.(?:avif|webp)|\.jpg)$/;
/** A photo's name is a fresh UUID: its bytes never change, a replaced photo has another name. */
const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export async function mediaRoutes(app: FastifyInstance, { store }: { store: ObjectStore }): Promise<void> {
  const serve =
    (folder: string, pattern: RegExp, cacheControl: string) =>
    async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
      const { name } = request.params;
      const object = pattern.test(name) ? await store.get(`${folder}/${name}`) : null;
      if (!object) return reply.status(404).send({ message: 'Image introuvable.' });
      if (object.etag && request.headers['if-none-match'] === object.etag) {
        object.body.destroy();
        return reply.status(304).send();
      }
      reply.type(object.contentType).header('cache-control', cacheControl);
      if (object.size !== null) reply.header('content-length', object.size);
      if (object.etag) reply.header('etag', object.etag);
      return reply.send(object.body);
    };
  app.get('/media/avatars/:name', { schema: { hide: true } }, serve('avatars', MEDIA_NAME, 'public, max-age=86400'));
  app.get('/media/photos/:name', { schema: { hide: true } }, serve('photos', PHOTO_NAME, PHOTO_CACHE_CONTROL));
}

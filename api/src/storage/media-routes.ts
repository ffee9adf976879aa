/**
 * GET /media/avatars/<name>: streamed from the object store, whichever it is, so that the
 * public URLs do not change when a host moves its files to S3 (and the bucket can stay private).
 */
import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from './object-store.js';

/** Names the server gives to uploads: anything else is a 404 without asking the store. */
const MEDIA_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

export async function mediaRoutes(app: FastifyInstance, { store }: { store: ObjectStore }): Promise<void> {
  app.get<{ Params: { name: string } }>('/media/avatars/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const object = MEDIA_NAME.test(name) ? await store.get(`avatars/${name}`) : null;
    if (!object) return reply.status(404).send({ message: 'Image introuvable.' });
    if (object.etag && request.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.status(304).send();
    }
    reply.type(object.contentType).header('cache-control', 'public, max-age=86400');
    if (object.size !== null) reply.header('content-length', object.size);
    if (object.etag) reply.header('etag', object.etag);
    return reply.send(object.body);
  });
}

/**
 * GET /media/variantes/demo/<base>-<width>.<avif|webp>: a responsive variant of a demo photo
 * (see image-variants.ts). A URL space, not a form: an unknown photo, width or format is a 404.
 *
 * Cached for a week like the originals, not `immutable` for a year: the URL names the photo, not
 * its version, so it stays the same when a demo photo is replaced, and a year-long immutable copy
 * would keep showing the old one. The ETag changes with the source, so the weekly check is a 304.
 */
import type { FastifyInstance } from 'fastify';
import { IMAGE_VARIANT_PREFIX, parseImageVariantName } from 'shared-kernel/domain';

export const VARIANT_CACHE_CONTROL = 'public, max-age=604800';

export async function imageVariantRoutes(app: FastifyInstance): Promise<void> {
  const variants = app.imageVariants;
  app.get<{ Params: { name: string } }>(`${IMAGE_VARIANT_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const key = parseImageVariantName(request.params.name);
    const variant = key ? await variants.get(key) : null;
    if (!variant) return reply.status(404).send({ message: 'Image introuvable.' });
    reply.header('cache-control', VARIANT_CACHE_CONTROL).header('etag', variant.etag);
    if (request.headers['if-none-match'] === variant.etag) return reply.status(304).send();
    return reply.type(variant.contentType).header('content-length', variant.bytes.length).send(variant.bytes);
  });
}

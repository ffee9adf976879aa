/** Messaging over HTTP (spec section 7): every route needs a signed-in user and only sees the caller's conversations. */
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import { caller, requireUser } from '../../auth/guard.js';
import { errorResponses, idParams, listOf } from '../../http/schemas.js';
import type { Realtime } from '../../realtime/socket.js';
import { MESSAGE_MAX_LENGTH } from 'shared-kernel/domain';
import { contactsOf, conversation, markRead, sendMessage, supportAdminFor, unreadCount } from './service.js';

const messageSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    senderId: { type: 'integer' },
    receiverId: { type: 'integer' },
    contenu: { type: 'string' },
    type: { type: 'string' },
    appartementId: { type: ['integer', 'null'] },
    lu: { type: 'boolean' },
    createdAt: { type: 'string' },
  },
} as const;

// Length is checked by the service after trimming, so the message is its own.
const sendBody = {
  contenu: { type: 'string', maxLength: MESSAGE_MAX_LENGTH * 4 },
  type: { type: 'string' },
  appartementId: { type: ['integer', 'null'] },
} as const;

const secured = { security: [{ bearer: [] }], tags: ['Messagerie'] };

export async function messageRoutes(app: FastifyInstance, { db, realtime }: { db: AppDb; realtime: Realtime }): Promise<void> {
  app.addHook('preHandler', requireUser);

  app.get(
    '/messages/conversations',
    {
      schema: {
        ...secured,
        summary: 'Mes contacts (id, nom, rôle, photo, messages non lus)',
        response: {
          200: listOf({
            id: { type: 'integer' },
            nom: { type: 'string' },
            role: { type: 'string' },
            photo: { type: ['string', 'null'] },
            nonLus: { type: 'integer' },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => contactsOf(db, caller(request).user.id),
  );

  app.get(
    '/messages/non-lus',
    {
      schema: {
        ...secured,
        summary: 'Nombre de messages non lus',
        response: { 200: { type: 'object', properties: { count: { type: 'integer' } } }, ...errorResponses },
      },
    },
    async (request) => ({ count: await unreadCount(db, caller(request).user.id) }),
  );

  app.get<{ Params: { id: string } }>(
    '/messages/utilisateur/:id',
    {
      schema: {
        ...secured,
        summary: 'Les messages entre moi et cet utilisateur, du plus ancien au plus récent',
        params: idParams,
        response: { 200: { type: 'array', items: messageSchema }, ...errorResponses },
      },
    },
    async (request) => conversation(db, caller(request).user.id, Number(request.params.id)),
  );

  app.post<{ Body: { messageIds: number[] } }>(
    '/messages/marquer-lus',
    {
      schema: {
        ...secured,
        summary: 'Marquer comme lus des messages qui me sont adressés',
        body: {
          type: 'object',
          properties: { messageIds: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 500 } },
          required: ['messageIds'],
        },
        response: { 200: { type: 'object', properties: { messageIds: { type: 'array', items: { type: 'integer' } } } }, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const read = await markRead(db, user.id, request.body.messageIds);
      realtime.read(user.id, read);
      return { messageIds: read.map((r) => r.id) };
    },
  );

  app.post<{ Body: { receiverId: number; contenu: string; type?: string; appartementId?: number | null } }>(
    '/messages/envoyer',
    {
      schema: {
        ...secured,
        summary: "Envoyer un message (un client n'écrit qu'au support)",
        body: { type: 'object', properties: { receiverId: { type: 'integer' }, ...sendBody }, required: ['receiverId', 'contenu'] },
        response: { 201: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      await realtime.checkRate(user.id);
      const message = await sendMessage(db, user, request.body);
      realtime.deliver(message);
      return reply.status(201).send(message);
    },
  );

  app.post<{ Body: { contenu: string; type?: string; appartementId?: number | null } }>(
    '/messages/contacter-support',
    {
      schema: {
        ...secured,
        summary: 'Écrire au support : le message va à un administrateur',
        body: { type: 'object', properties: sendBody, required: ['contenu'] },
        response: {
          201: {
            type: 'object',
            properties: {
              supportInfo: { type: 'object', properties: { adminId: { type: 'integer' }, adminName: { type: 'string' } } },
              message: messageSchema,
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      await realtime.checkRate(user.id);
      const admin = await supportAdminFor(db, user.id);
      const message = await sendMessage(db, user, {
        receiverId: admin.id,
        contenu: request.body.contenu,
        type: request.body.type ?? 'support',
        appartementId: request.body.appartementId ?? null,
      });
      realtime.deliver(message);
      return reply.status(201).send({ supportInfo: { adminId: admin.id, adminName: admin.nom }, message });
    },
  );
}

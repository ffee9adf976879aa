/**
 * GET/PUT /users/mail-preferences: which optional mails the caller receives (profile, 'E-mails').
 * Transactional kinds (the guest's own booking mails) are not listed and cannot be turned off;
 * admin notices are offered to admins only.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { caller, requireUser } from '../auth/guard.js';
import type { AppDb } from '../db/client.js';
import { badRequest } from '../http/errors.js';
import { errorResponses } from '../http/schemas.js';
import { isTransactional, optionalKind } from './kinds.js';
import { preferencesOf, setMailPreferences } from './preferences.js';

export const TRANSACTIONAL_CANNOT_BE_OFF =
  'Les e-mails liés à vos réservations (reçue, confirmée, annulée) ne peuvent pas être désactivés.';
export const UNKNOWN_KIND = (kind: string) => `Type d’e-mail inconnu : « ${kind} ».`;
export const ADMIN_ONLY_KIND = 'Ces notifications sont réservées aux administrateurs.';

const preferencesReply = {
  type: 'object',
  properties: {
    preferences: {
      type: 'array',
      items: {
        type: 'object',
        properties: { kind: { type: 'string' }, label: { type: 'string' }, enabled: { type: 'boolean' } },
        required: ['kind', 'label', 'enabled'],
      },
    },
  },
} as const;

/** `{ actifs: { <type>: true|false } }`: the kinds to turn on or off. */
const PreferencesBody = Type.Object({
  // Written as `additionalProperties` (TypeBox's Record is a `patternProperties`, whose 400 reads differently).
  actifs: Type.Unsafe<Record<string, boolean>>({ type: 'object', additionalProperties: { type: 'boolean' }, maxProperties: 20 }),
});

export async function mailPreferenceRoutes(server: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/users/mail-preferences',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Utilisateurs'],
        summary: 'Mes préférences d’e-mails',
        security: [{ bearer: [] }],
        response: { 200: preferencesReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { preferences: await preferencesOf(db, caller(request).user) };
    },
  );

  app.put(
    '/users/mail-preferences',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Utilisateurs'],
        summary: 'Activer ou désactiver des e-mails facultatifs ({ actifs: { <type>: true|false } })',
        security: [{ bearer: [] }],
        body: PreferencesBody,
        response: { 200: preferencesReply, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const entries = Object.entries(request.body.actifs);
      for (const [kind] of entries) {
        if (isTransactional(kind as never)) throw badRequest(TRANSACTIONAL_CANNOT_BE_OFF);
        const known = optionalKind(kind);
        if (!known) throw badRequest(UNKNOWN_KIND(kind.slice(0, 60)));
        if (known.admin && user.role !== 'admin') throw badRequest(ADMIN_ONLY_KIND);
      }
      const off = entries.filter(([, enabled]) => !enabled).map(([kind]) => kind);
      const on = entries.filter(([, enabled]) => enabled).map(([kind]) => kind);
      await setMailPreferences(db, user.id, { on, off });
      return { preferences: await preferencesOf(db, user) };
    },
  );
}

/**
 * GET/PUT /users/mail-preferences: which optional mails the caller receives (profile, 'E-mails').
 * Transactional kinds (the guest's own booking mails) are not listed and cannot be turned off;
 * admin notices are offered to admins only.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { MailPreference } from 'shared-kernel/domain';
import { caller, requireUser } from '../auth/guard.js';
import type { AppDb } from '../db/client.js';
import { mailOptOuts } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { errorResponses } from '../http/schemas.js';
import { isTransactional, optionalKind, optionalKindsFor } from './kinds.js';

export const TRANSACTIONAL_CANNOT_BE_OFF =
  'Les e-mails liés à vos réservations (reçue, confirmée, annulée) ne peuvent pas être désactivés.';
export const UNKNOWN_KIND = (kind: string) => `Type d’e-mail inconnu : « ${kind} ».`;
export const ADMIN_ONLY_KIND = 'Ces notifications sont réservées aux administrateurs.';

export async function preferencesOf(db: AppDb, user: { id: number; role: 'admin' | 'client' }): Promise<MailPreference[]> {
  const off = new Set(
    (await db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, user.id))).map((r) => r.kind),
  );
  return optionalKindsFor(user.role).map((k) => ({ kind: k.kind, label: k.label, enabled: !off.has(k.kind) }));
}

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

export async function mailPreferenceRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
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

  app.put<{ Body: { actifs: Record<string, boolean> } }>(
    '/users/mail-preferences',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Utilisateurs'],
        summary: 'Activer ou désactiver des e-mails facultatifs ({ actifs: { <type>: true|false } })',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: { actifs: { type: 'object', additionalProperties: { type: 'boolean' }, maxProperties: 20 } },
          required: ['actifs'],
        },
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
      if (on.length > 0) await db.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, user.id), inArray(mailOptOuts.kind, on)));
      if (off.length > 0)
        await db
          .insert(mailOptOuts)
          .values(off.map((kind) => ({ userId: user.id, kind })))
          .onConflictDoNothing();
      return { preferences: await preferencesOf(db, user) };
    },
  );
}

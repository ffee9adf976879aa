/**
 * Owner leads (DECISIONS 28): the estimate form of /loyer-garanti and /proprietaires posts here; the
 * lead is stored with the consent text the visitor ticked and admins are mailed. A filled honeypot
 * field gets the same answer as a real request and stores nothing, so a bot learns nothing; requests
 * are limited per IP. Admins list leads and follow them (nouveau / contacté / clos, notes).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { OWNER_LEAD_STATUSES, OWNER_LEAD_THANKS } from 'shared-kernel/domain';
import { isValidEmail } from 'shared-kernel/rules';
import type { AppConfig } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { requireAdmin } from '../../auth/guard.js';
import { AttemptLimiter, type RateLimitStore } from '../../auth/rate-limit.js';
import { badRequest, notFound, tooManyRequests } from '../../http/errors.js';
import { errorResponses, idParams, StringEnum } from '../../http/schemas.js';
import { createLead, listLeads, updateLead } from './service.js';

export const LEAD_THANKS = OWNER_LEAD_THANKS;
export const LEAD_NOM_REQUIRED = 'Veuillez indiquer votre nom.';
export const LEAD_EMAIL_INVALID = 'Veuillez indiquer une adresse email valide.';
export const LEAD_CONSENT_REQUIRED = 'Veuillez accepter d’être recontacté pour recevoir votre estimation.';
export const LEAD_TOO_MANY = 'Trop de demandes envoyées depuis cette adresse. Veuillez réessayer plus tard.';
export const LEAD_NOT_FOUND = 'Demande introuvable.';
export const LEAD_NOTHING_TO_CHANGE = 'Indiquez un statut ou des notes à enregistrer.';

/** The estimate form. `siteWeb` is the honeypot: hidden from people, filled by bots. */
const LeadBody = Type.Object({
  nom: Type.String({ maxLength: 100 }),
  prenom: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.String({ maxLength: 254 }),
  message: Type.Optional(Type.String({ maxLength: 2000 })),
  consentement: Type.Boolean(),
  siteWeb: Type.Optional(Type.String({ maxLength: 200 })),
});

const LeadFollowUp = Type.Object({
  statut: Type.Optional(StringEnum(OWNER_LEAD_STATUSES)),
  notes: Type.Optional(Type.String({ maxLength: 5000 })),
});

const leadSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    nom: { type: 'string' },
    prenom: { type: ['string', 'null'] },
    email: { type: 'string' },
    message: { type: ['string', 'null'] },
    consentement: { type: 'string' },
    statut: { type: 'string', enum: [...OWNER_LEAD_STATUSES] },
    notes: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;

export async function leadRoutes(
  server: FastifyInstance,
  { db, config, limits }: { db: AppDb; config: AppConfig; limits: RateLimitStore },
): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const perIp = new AttemptLimiter(limits, 'owner-lead-ip', config.leadLimits.perIp, config.leadLimits.windowSeconds);

  app.post(
    '/proprietaires/demandes',
    {
      schema: {
        tags: ['Propriétaires'],
        security: [],
        summary: 'Demande d’estimation d’un propriétaire (formulaire de /loyer-garanti)',
        body: LeadBody,
        response: { 201: { type: 'object', properties: { message: { type: 'string' } } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.nom.trim() === '') throw badRequest(LEAD_NOM_REQUIRED);
      if (!isValidEmail(body.email.trim())) throw badRequest(LEAD_EMAIL_INVALID);
      if (body.consentement !== true) throw badRequest(LEAD_CONSENT_REQUIRED);
      const wait = await perIp.hit(request.ip);
      if (wait > 0) throw tooManyRequests(LEAD_TOO_MANY, wait);
      if (body.siteWeb !== undefined && body.siteWeb.trim() !== '') {
        request.log.info('demande propriétaire ignorée : champ piège rempli');
        return reply.status(201).send({ message: LEAD_THANKS });
      }
      const row = await createLead(db, body);
      await app.mail.queueAdminLeadNotice({ id: row.id, nom: row.nom, prenom: row.prenom, email: row.email, message: row.message });
      return reply.status(201).send({ message: LEAD_THANKS });
    },
  );

  await app.register(async (scope) => {
    const adminScope = scope.withTypeProvider<TypeBoxTypeProvider>();
    adminScope.addHook('preHandler', requireAdmin);
    const admin = { tags: ['Administration'], security: [{ bearer: [] }] };

    adminScope.get(
      '/admin/demandes-proprietaires',
      {
        schema: {
          ...admin,
          summary: 'Demandes des propriétaires, les plus récentes d’abord',
          response: { 200: { type: 'array', items: leadSchema }, ...errorResponses },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return listLeads(db);
      },
    );

    adminScope.patch(
      '/admin/demandes-proprietaires/:id',
      {
        schema: {
          ...admin,
          summary: 'Suivre une demande (statut nouveau, contacté ou clos ; notes)',
          params: idParams,
          body: LeadFollowUp,
          response: { 200: leadSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { statut, notes } = request.body;
        if (statut === undefined && notes === undefined) throw badRequest(LEAD_NOTHING_TO_CHANGE);
        const lead = await updateLead(db, Number(request.params.id), { statut, notes });
        if (!lead) throw notFound(LEAD_NOT_FOUND);
        return lead;
      },
    );
  });
}

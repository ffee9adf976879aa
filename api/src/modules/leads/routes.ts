/**
 * Owner leads (DECISIONS 28): the estimate form of /loyer-garanti and /proprietaires posts here; the
 * lead is stored with the consent text the visitor ticked and admins are mailed. A filled honeypot
 * field gets the same answer as a real request and stores nothing, so a bot learns nothing; requests
 * are limited per IP. Admins list leads and follow them (nouveau / contacté / clos, notes).
 */
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { OWNER_LEAD_CONSENT, OWNER_LEAD_STATUSES, OWNER_LEAD_THANKS, type OwnerLead } from 'shared-kernel/domain';
import { isValidEmail, normalizeEmail } from 'shared-kernel/rules';
import type { AppConfig } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { ownerLeads } from '../../db/schema.js';
import { requireAdmin } from '../../auth/guard.js';
import { AttemptLimiter, type RateLimitStore } from '../../auth/rate-limit.js';
import { badRequest, notFound, tooManyRequests } from '../../http/errors.js';
import { errorResponses, idParams } from '../../http/schemas.js';
import type { MailService } from '../../mail/install.js';

export const LEAD_THANKS = OWNER_LEAD_THANKS;
export const LEAD_NOM_REQUIRED = 'Veuillez indiquer votre nom.';
export const LEAD_EMAIL_INVALID = 'Veuillez indiquer une adresse email valide.';
export const LEAD_CONSENT_REQUIRED = 'Veuillez accepter d’être recontacté pour recevoir votre estimation.';
export const LEAD_TOO_MANY = 'Trop de demandes envoyées depuis cette adresse. Veuillez réessayer plus tard.';
export const LEAD_NOT_FOUND = 'Demande introuvable.';
export const LEAD_NOTHING_TO_CHANGE = 'Indiquez un statut ou des notes à enregistrer.';

interface LeadBody {
  nom: string;
  prenom?: string;
  email: string;
  message?: string;
  consentement: boolean;
  /** Honeypot: hidden from people, filled by bots. */
  siteWeb?: string;
}

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

function toLead(row: typeof ownerLeads.$inferSelect): OwnerLead {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const optional = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export async function leadRoutes(
  app: FastifyInstance,
  { db, config, limits, mail }: { db: AppDb; config: AppConfig; limits: RateLimitStore; mail: MailService },
): Promise<void> {
  const perIp = new AttemptLimiter(limits, 'owner-lead-ip', config.leadLimits.perIp, config.leadLimits.windowSeconds);

  app.post<{ Body: LeadBody }>(
    '/proprietaires/demandes',
    {
      schema: {
        tags: ['Propriétaires'],
        security: [],
        summary: 'Demande d’estimation d’un propriétaire (formulaire de /loyer-garanti)',
        body: {
          type: 'object',
          properties: {
            nom: { type: 'string', maxLength: 100 },
            prenom: { type: 'string', maxLength: 100 },
            email: { type: 'string', maxLength: 254 },
            message: { type: 'string', maxLength: 2000 },
            consentement: { type: 'boolean' },
            siteWeb: { type: 'string', maxLength: 200 },
          },
          required: ['nom', 'email', 'consentement'],
        },
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
      const [row] = await db
        .insert(ownerLeads)
        .values({
          nom: body.nom.trim(),
          prenom: optional(body.prenom),
          email: normalizeEmail(body.email),
          message: optional(body.message),
          consentement: OWNER_LEAD_CONSENT,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await mail.queueAdminLeadNotice({ id: row.id, nom: row.nom, prenom: row.prenom, email: row.email, message: row.message });
      return reply.status(201).send({ message: LEAD_THANKS });
    },
  );

  await app.register(async (adminScope) => {
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
        return (await db.select().from(ownerLeads).orderBy(desc(ownerLeads.createdAt), desc(ownerLeads.id))).map(toLead);
      },
    );

    adminScope.patch<{ Params: { id: string }; Body: { statut?: (typeof OWNER_LEAD_STATUSES)[number]; notes?: string } }>(
      '/admin/demandes-proprietaires/:id',
      {
        schema: {
          ...admin,
          summary: 'Suivre une demande (statut nouveau, contacté ou clos ; notes)',
          params: idParams,
          body: {
            type: 'object',
            properties: { statut: { type: 'string', enum: [...OWNER_LEAD_STATUSES] }, notes: { type: 'string', maxLength: 5000 } },
          },
          response: { 200: leadSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { statut, notes } = request.body;
        if (statut === undefined && notes === undefined) throw badRequest(LEAD_NOTHING_TO_CHANGE);
        const [row] = await db
          .update(ownerLeads)
          .set({
            ...(statut !== undefined ? { statut } : {}),
            ...(notes !== undefined ? { notes: notes.trim() } : {}),
            updatedAt: new Date(),
          })
          .where(eq(ownerLeads.id, Number(request.params.id)))
          .returning();
        if (!row) throw notFound(LEAD_NOT_FOUND);
        return toLead(row);
      },
    );
  });
}

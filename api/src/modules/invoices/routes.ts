/**
 * Invoices and credit notes (issue 31 item 7): a stay's list, a document's PDF (its guest and admins
 * only: anyone else gets the same 404 as for a number that does not exist), and who the invoices
 * are made out to, which the guest may change until the first one is issued.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { caller, requireUser } from '../../auth/guard.js';
import type { AppDb } from '../../db/client.js';
import { factures, reservations } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { errorResponses, idParams } from '../../http/schemas.js';
import { reservationFor } from '../reservations/service.js';
import type { DocumentContent } from './document.js';
import { parseDocumentNumber } from './numbering.js';
import { renderDocumentPdf } from './pdf.js';

export const INVOICE_NOT_FOUND = 'Facture introuvable.';
export const BILLING_LOCKED =
  'Une facture a déjà été émise pour ce séjour : le nom de société et l’adresse qu’elle porte ne peuvent plus changer.';
export const BILLING_GUEST_ONLY = 'Seul le client de la réservation peut modifier ses coordonnées de facturation.';
const SOCIETE_MAX = 120;
const ADRESSE_MAX = 300;

const tag = { tags: ['Factures'], security: [{ bearer: [] }] };
const factureSchema = {
  type: 'object',
  properties: {
    numero: { type: 'string' },
    type: { type: 'string', enum: ['facture', 'avoir'] },
    montantCents: { type: 'integer' },
    emiseLe: { type: 'string' },
    objet: { type: 'string' },
    url: { type: 'string' },
  },
} as const;
const facturationSchema = {
  type: 'object',
  properties: { societe: { type: ['string', 'null'] }, adresse: { type: ['string', 'null'] }, modifiable: { type: 'boolean' } },
} as const;

/** A free-text field of the invoice: trimmed, empty means none; no control characters but the address's line breaks. */
function billingText(value: unknown, label: string, max: number, multiline: boolean): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest(`${label} : un texte est attendu.`);
  const trimmed = value.replace(/\r\n?/g, '\n').trim();
  if (trimmed === '') return null;
  if (trimmed.length > max) throw badRequest(`${label} : ${max} caractères au plus.`);
  // eslint-disable-next-line no-control-regex
  if ((multiline ? /[\u0000-\u0009\u000b-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/).test(trimmed))
    throw badRequest(`${label} : caractère non autorisé.`);
  return trimmed;
}

export async function invoiceRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  const listOf = async (reservationId: number) => {
    const rows = await db.select().from(factures).where(eq(factures.reservationId, reservationId)).orderBy(asc(factures.id));
    return rows.map((f) => ({
      numero: f.numero,
      type: f.type,
      montantCents: f.montantCents,
      emiseLe: f.emiseLe.toISOString(),
      objet: (f.contenu as DocumentContent).objet,
      url: `/api/factures/${f.numero}.pdf`,
    }));
  };
  const billingOf = async (reservationId: number, issued: number) => {
    const [row] = await db
      .select({ societe: reservations.facturationSociete, adresse: reservations.facturationAdresse })
      .from(reservations)
      .where(eq(reservations.id, reservationId))
      .limit(1);
    return { societe: row?.societe ?? null, adresse: row?.adresse ?? null, modifiable: issued === 0 };
  };

  app.get<{ Params: { id: string } }>(
    '/reservations/:id/factures',
    {
      preHandler: requireUser,
      schema: {
        ...tag,
        summary:
          'Les factures (paiements reçus) et avoirs (remboursements) d’une réservation, et à qui ils sont adressés (le client ou un administrateur)',
        params: idParams,
        response: {
          200: { type: 'object', properties: { factures: { type: 'array', items: factureSchema }, facturation: facturationSchema } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const reservation = await reservationFor(db, caller(request).user, Number(request.params.id));
      const list = await listOf(reservation.id);
      return { factures: list, facturation: await billingOf(reservation.id, list.length) };
    },
  );

  app.put<{ Params: { id: string }; Body: { societe?: string | null; adresse?: string | null } }>(
    '/reservations/:id/facturation',
    {
      preHandler: requireUser,
      schema: {
        ...tag,
        summary: 'Le nom de société et l’adresse des factures du séjour (facultatifs ; le client, tant qu’aucune facture n’est émise)',
        params: idParams,
        body: {
          type: 'object',
          properties: { societe: { type: ['string', 'null'], maxLength: 1000 }, adresse: { type: ['string', 'null'], maxLength: 2000 } },
        },
        response: { 200: facturationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const reservation = await reservationFor(db, user, Number(request.params.id));
      if (reservation.user?.id !== undefined && reservation.user.id !== user.id) throw forbidden(BILLING_GUEST_ONLY);
      const societe = billingText(request.body.societe, 'Société', SOCIETE_MAX, false);
      const adresse = billingText(request.body.adresse, 'Adresse', ADRESSE_MAX, true);
      return db.transaction(async (tx) => {
        // Locked against a payment being applied at this moment: its invoice takes the row's values as they commit.
        await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.id, reservation.id)).for('update');
        const [issued] = await tx
          .select({ n: sql<number>`count(*)::integer` })
          .from(factures)
          .where(eq(factures.reservationId, reservation.id));
        if ((issued?.n ?? 0) > 0) throw conflict(BILLING_LOCKED);
        await tx
          .update(reservations)
          .set({ facturationSociete: societe, facturationAdresse: adresse, updatedAt: new Date() })
          .where(eq(reservations.id, reservation.id));
        return { societe, adresse, modifiable: true };
      });
    },
  );

  app.get<{ Params: { fichier: string } }>(
    '/factures/:fichier',
    {
      preHandler: requireUser,
      schema: {
        ...tag,
        summary: 'Le PDF d’une facture ou d’un avoir (`F-2026-000001.pdf`) : son client ou un administrateur ; sinon 404',
        params: { type: 'object', properties: { fichier: { type: 'string', maxLength: 40 } }, required: ['fichier'] },
        response: { 200: { type: 'string', format: 'binary' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      const numero = request.params.fichier.replace(/\.pdf$/, '');
      if (!request.params.fichier.endsWith('.pdf') || !parseDocumentNumber(numero)) throw notFound(INVOICE_NOT_FOUND);
      const [row] = await db
        .select({ contenu: factures.contenu, userId: reservations.userId })
        .from(factures)
        .innerJoin(reservations, eq(reservations.id, factures.reservationId))
        .where(and(eq(factures.numero, numero)))
        .limit(1);
      // Another guest's document answers exactly like one that does not exist.
      if (!row || (user.role !== 'admin' && row.userId !== user.id)) throw notFound(INVOICE_NOT_FOUND);
      const pdf = await renderDocumentPdf(row.contenu as DocumentContent);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="${numero}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
}

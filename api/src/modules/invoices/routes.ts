/**
 * Invoices and credit notes (issue 31 item 7): a stay's list, a document's PDF (its guest and admins
 * only: anyone else gets the same 404 as for a number that does not exist), and who the invoices
 * are made out to, which the guest may change until the first one is issued.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { caller, requireUser } from '../../auth/guard.js';
import type { AppDb } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { errorResponses, idParams, NullableString } from '../../http/schemas.js';
import { reservationFor } from '../reservations/service.js';
import { parseDocumentNumber } from './numbering.js';
import { renderDocumentPdf } from './pdf.js';
import { billingOf, documentByNumber, invoicesOf, setBilling } from './service.js';

export { BILLING_LOCKED } from './service.js';

export const INVOICE_NOT_FOUND = 'Facture introuvable.';
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

const BillingBody = Type.Object({
  societe: Type.Optional(NullableString({ maxLength: 1000 })),
  adresse: Type.Optional(NullableString({ maxLength: 2000 })),
});
const PdfParams = Type.Object({ fichier: Type.String({ maxLength: 40 }) });

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

export async function invoiceRoutes(server: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
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
      const list = await invoicesOf(db, reservation.id);
      return { factures: list, facturation: await billingOf(db, reservation.id, list.length) };
    },
  );

  app.put(
    '/reservations/:id/facturation',
    {
      preHandler: requireUser,
      schema: {
        ...tag,
        summary: 'Le nom de société et l’adresse des factures du séjour (facultatifs ; le client, tant qu’aucune facture n’est émise)',
        params: idParams,
        body: BillingBody,
        response: { 200: facturationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const reservation = await reservationFor(db, user, Number(request.params.id));
      if (reservation.user?.id !== undefined && reservation.user.id !== user.id) throw forbidden(BILLING_GUEST_ONLY);
      const societe = billingText(request.body.societe, 'Société', SOCIETE_MAX, false);
      const adresse = billingText(request.body.adresse, 'Adresse', ADRESSE_MAX, true);
      return setBilling(db, reservation.id, { societe, adresse });
    },
  );

  app.get(
    '/factures/:fichier',
    {
      preHandler: requireUser,
      schema: {
        ...tag,
        summary: 'Le PDF d’une facture ou d’un avoir (`F-2026-000001.pdf`) : son client ou un administrateur ; sinon 404',
        params: PdfParams,
        response: { 200: { type: 'string', format: 'binary' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      const numero = request.params.fichier.replace(/\.pdf$/, '');
      if (!request.params.fichier.endsWith('.pdf') || !parseDocumentNumber(numero)) throw notFound(INVOICE_NOT_FOUND);
      const row = await documentByNumber(db, numero);
      // Another guest's document answers exactly like one that does not exist.
      if (!row || (user.role !== 'admin' && row.userId !== user.id)) throw notFound(INVOICE_NOT_FOUND);
      const pdf = await renderDocumentPdf(row.contenu);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="${numero}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
}

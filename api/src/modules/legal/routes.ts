/** GET /legal: the configured publisher, host, mediator and controller the legal pages show. */
import type { FastifyInstance } from 'fastify';
import type { LegalInfo } from 'shared-kernel/domain';
import type { PaymentSettings } from '../../config.js';

const party = {
  type: 'object',
  properties: { nom: { type: 'string' }, adresse: { type: 'string' }, contact: { type: 'string' } },
  required: ['nom', 'adresse', 'contact'],
} as const;

export async function legalRoutes(
  app: FastifyInstance,
  { legal, payments }: { legal: LegalInfo; payments: PaymentSettings },
): Promise<void> {
  // The terms of sale state the payment rules the server applies (issue 31): from the same settings.
  const answer: LegalInfo = {
    ...legal,
    paiement: { soldeJoursAvantArrivee: payments.soldeJours, delaiVirementHeures: payments.virement.delaiHeures },
  };
  app.get(
    '/legal',
    {
      schema: {
        tags: ['Informations légales'],
        summary: 'Éditeur, hébergeur, médiateur de la consommation et responsable du traitement (configuration du serveur)',
        response: {
          200: {
            type: 'object',
            properties: {
              exemple: { type: 'boolean' },
              editeur: {
                type: 'object',
                properties: {
                  ...party.properties,
                  formeJuridique: { type: 'string' },
                  capital: { type: 'string' },
                  rcs: { type: 'string' },
                  siret: { type: 'string' },
                  tva: { type: 'string' },
                  directeurPublication: { type: 'string' },
                  telephone: { type: 'string' },
                },
              },
              hebergeur: party,
              mediateur: { type: 'object', properties: { nom: { type: 'string' }, site: { type: 'string' }, adresse: { type: 'string' } } },
              responsableTraitement: party,
              paiement: {
                type: 'object',
                properties: { soldeJoursAvantArrivee: { type: 'integer' }, delaiVirementHeures: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return answer;
    },
  );
}

/** GET /legal: the configured publisher, host, mediator and controller the legal pages show. */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import { LEGAL_PATH, legalAnswer } from './answer.js';

const party = {
  type: 'object',
  properties: { nom: { type: 'string' }, adresse: { type: 'string' }, contact: { type: 'string' } },
  required: ['nom', 'adresse', 'contact'],
} as const;

export async function legalRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  // The terms of sale state the payment rules the server applies (issue 31): from the same settings.
  const answer = legalAnswer(config);
  app.get(
    LEGAL_PATH,
    {
      schema: {
        tags: ['Informations légales'],
        security: [],
        summary: 'Éditeur, hébergeur, médiateur de la consommation et responsable du traitement (configuration du serveur)',
        response: {
          200: {
            type: 'object',
            properties: {
              exemple: { type: 'boolean' },
              exemples: { type: 'array', items: { type: 'string' } },
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
              hebergeur: { type: 'object', properties: { ...party.properties, telephone: { type: 'string' } } },
              mediateur: { type: 'object', properties: { nom: { type: 'string' }, site: { type: 'string' }, adresse: { type: 'string' } } },
              responsableTraitement: party,
              destinataires: { type: 'object', properties: { stripe: { type: 'boolean' }, google: { type: 'boolean' } } },
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

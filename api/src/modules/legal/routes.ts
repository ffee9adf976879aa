/** GET /legal: the configured publisher, host, mediator and controller the legal pages show. */
import type { FastifyInstance } from 'fastify';
import type { LegalInfo } from 'shared-kernel/domain';

const party = {
  type: 'object',
  properties: { nom: { type: 'string' }, adresse: { type: 'string' }, contact: { type: 'string' } },
  required: ['nom', 'adresse', 'contact'],
} as const;

export async function legalRoutes(app: FastifyInstance, { legal }: { legal: LegalInfo }): Promise<void> {
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
                  formeJuridique: { type: 'string' }, capital: { type: 'string' }, rcs: { type: 'string' }, siret: { type: 'string' },
                  tva: { type: 'string' }, directeurPublication: { type: 'string' }, telephone: { type: 'string' },
                },
              },
              hebergeur: party,
              mediateur: { type: 'object', properties: { nom: { type: 'string' }, site: { type: 'string' }, adresse: { type: 'string' } } },
              responsableTraitement: party,
            },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return legal;
    },
  );
}

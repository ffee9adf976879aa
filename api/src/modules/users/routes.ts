/** POST /users/register (spec section 7). */
import type { FastifyInstance } from 'fastify';
import { isValidEmail, NAME_MAX_LENGTH, passwordProblem, PASSWORD_MAX_LENGTH } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import { badRequest } from '../../http/errors.js';
import { errorResponses, userSchema } from '../../http/schemas.js';
import { createUser, publicUser } from './service.js';

export async function userRoutes(app: FastifyInstance, { db, config }: { db: AppDb; config: AppConfig }): Promise<void> {
  app.post<{ Body: { nom: string; email: string; password: string } }>(
    '/users/register',
    {
      schema: {
        tags: ['Utilisateurs'],
        summary: 'Création de compte',
        body: {
          type: 'object',
          properties: {
            nom: { type: 'string', maxLength: NAME_MAX_LENGTH },
            email: { type: 'string', maxLength: 254 },
            password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
          },
          required: ['nom', 'email', 'password'],
        },
        response: { 201: { type: 'object', properties: { message: { type: 'string' }, user: userSchema } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { nom, email, password } = request.body;
      if (nom.trim() === '') throw badRequest('Veuillez saisir votre nom.');
      if (!isValidEmail(email.trim())) throw badRequest('Veuillez saisir une adresse email valide.');
      const problem = passwordProblem(password);
      if (problem) throw badRequest(problem);
      const user = await createUser(db, { nom, email, password }, config.scryptCost);
      return reply.status(201).send({ message: 'Compte créé avec succès.', user: publicUser(user) });
    },
  );
}

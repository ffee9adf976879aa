/** POST /users/register, the caller's own profile, its update and avatar (spec section 7). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { caller, requireUser } from '../../auth/guard.js';
import { ApiError } from '../../http/errors.js';
import { AVATAR_MAX_BYTES, removeAvatar, storeAvatar } from './avatar.js';

export const MALFORMED_MULTIPART = 'Le formulaire envoyé est incomplet ou mal formé.';
import { toProfile, updateProfile } from './profile.js';
import { isValidEmail, NAME_MAX_LENGTH, passwordProblem, PASSWORD_MAX_LENGTH } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import { badRequest, tooManyRequests } from '../../http/errors.js';
import { AttemptLimiter, type RateLimitStore } from '../../auth/rate-limit.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { errorResponses, messageSchema, NullableString, userSchema } from '../../http/schemas.js';
import { createUser, publicUser, setUserPhoto } from './service.js';
import type { Mailer } from '../../mail/mailer.js';
import { sendVerificationMail } from '../auth/email-verification.js';

export const TOO_MANY_REGISTRATIONS = 'Trop de créations de compte depuis cette adresse. Veuillez réessayer plus tard.';

const RegisterBody = Type.Object({
  nom: Type.String({ maxLength: NAME_MAX_LENGTH }),
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});

/** The spec's update payload; `email` is accepted only to refuse a change. */
const ProfileBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: NAME_MAX_LENGTH })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  phone: Type.Optional(NullableString({ maxLength: 20 })),
  bio: Type.Optional(NullableString({ maxLength: 1000 })),
  billingAddress: Type.Optional(NullableString({ maxLength: 200 })),
  city: Type.Optional(NullableString({ maxLength: 100 })),
  postalCode: Type.Optional(NullableString({ maxLength: 10 })),
  country: Type.Optional(NullableString({ maxLength: 100 })),
  avatar: Type.Optional(NullableString({ description: 'Ignoré : la photo se change par /users/upload-avatar.' })),
});

export async function userRoutes(
  server: FastifyInstance,
  { db, config, limits, store, mailer }: { db: AppDb; config: AppConfig; limits: RateLimitStore; store: ObjectStore; mailer: Mailer },
): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const registrations = new AttemptLimiter(limits, 'register-ip', config.registerLimits.perIp, config.registerLimits.windowSeconds);
  app.post(
    '/users/register',
    {
      schema: {
        tags: ['Utilisateurs'],
        security: [],
        summary: 'Création de compte',
        body: RegisterBody,
        response: { 201: { type: 'object', properties: { message: { type: 'string' }, user: userSchema } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { nom, email, password } = request.body;
      if (nom.trim() === '') throw badRequest('Veuillez saisir votre nom.');
      if (!isValidEmail(email.trim())) throw badRequest('Veuillez saisir une adresse email valide.');
      const problem = passwordProblem(password);
      if (problem) throw badRequest(problem);
      // Counted before hashing: the costly part is what the limit protects.
      const wait = await registrations.hit(request.ip);
      if (wait > 0) throw tooManyRequests(TOO_MANY_REGISTRATIONS, wait);
      const user = await createUser(db, { nom, email, password }, config.scryptCost, { ip: request.ip });
      try {
        await sendVerificationMail(db, mailer, config, user);
      } catch (error) {
        // The account exists: 'Renvoyer le lien' on the reminder banner sends another one.
        request.log.error({ err: error }, 'verification mail not sent');
      }
      return reply.status(201).send({ message: 'Compte créé avec succès.', user: publicUser(user) });
    },
  );

  const profileSchema = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      nom: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      photo: { type: ['string', 'null'] },
      googleId: { type: ['string', 'null'] },
      aUnMotDePasse: { type: 'boolean' },
      phone: { type: ['string', 'null'] },
      billingAddress: { type: ['string', 'null'] },
      city: { type: ['string', 'null'] },
      postalCode: { type: ['string', 'null'] },
      country: { type: ['string', 'null'] },
      bio: { type: ['string', 'null'] },
      dateNaissance: { type: ['string', 'null'] },
      methodePaiement: { type: ['string', 'null'] },
      preferences: {},
      createdAt: { type: 'string' },
    },
  } as const;

  app.get(
    '/users/profile',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Utilisateurs'],
        summary: 'Mon profil',
        security: [{ bearer: [] }],
        response: { 200: { type: 'object', properties: { user: profileSchema } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { user: toProfile(caller(request).user) };
    },
  );

  app.put(
    '/users/update',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Utilisateurs'],
        summary: "Modifier mon profil (l'email ne change pas)",
        security: [{ bearer: [] }],
        body: ProfileBody,
        response: { 200: { type: 'object', properties: { user: profileSchema } }, ...errorResponses },
      },
    },
    async (request) => ({ user: await updateProfile(db, caller(request).user, request.body) }),
  );

  app.post(
    '/users/upload-avatar',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Utilisateurs'],
        summary: 'Envoyer ma photo (champ multipart « avatar » ; JPEG, PNG ou WebP, 5 Mo au plus)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: { type: 'object', properties: { avatarUrl: { type: 'string' } } },
          413: messageSchema,
          415: messageSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { user } = caller(request);
      if (!request.isMultipart()) throw new ApiError(415, 'Envoyez la photo en multipart/form-data, dans le champ « avatar ».');
      let file: Awaited<ReturnType<typeof request.file>>;
      let bytes: Buffer;
      try {
        file = await request.file();
        if (!file || file.fieldname !== 'avatar') throw badRequest('Aucune image reçue dans le champ « avatar ».');
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, "L'image ne doit pas dépasser 5 Mo.");
        // No boundary, a truncated body, a broken part header: the parser's errors are the sender's fault.
        throw badRequest(MALFORMED_MULTIPART);
      }
      if (file.file.truncated || bytes.length > AVATAR_MAX_BYTES) throw new ApiError(413, "L'image ne doit pas dépasser 5 Mo.");
      const avatarUrl = await storeAvatar(store, bytes);
      await setUserPhoto(db, user.id, avatarUrl);
      await removeAvatar(store, user.photo);
      return { avatarUrl };
    },
  );
}

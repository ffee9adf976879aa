/**
 * The OpenAPI document served at /api/docs/json, shaped for client generators (issue 33, item 6):
 * the servers, two ways to send the session (bearer header or the httpOnly cookie the site uses),
 * a stable operationId on every operation, and security declared on every operation. Routes write
 * their schema once; what a generator needs beyond it is derived here, in one place.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { SESSION_COOKIE } from '../auth/guard.js';
import { messageSchema } from './schemas.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}

/**
 * `GET /api/reservations/{id}/facture` → `getReservationsByIdFacture`: the method, then each
 * segment after /api in camel case, a path parameter read "By<Name>". Stable as long as the path is.
 */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split(/[/.-]+/)
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment) ?? /^:(.+)$/.exec(segment);
      const word = (param ? param[1]! : segment).normalize('NFD').replace(/[^\w]/g, '');
      const capital = word.charAt(0).toUpperCase() + word.slice(1);
      return param ? `By${capital}` : capital;
    });
  return method.toLowerCase() + words.join('');
}

/** The routes write `security: [{ bearer: [] }]`; the site itself sends the same session as a cookie. */
function withCookie(security: Record<string, string[]>[]): Record<string, string[]>[] {
  if (!security.some((requirement) => 'bearer' in requirement)) return security;
  return security.some((requirement) => 'cookie' in requirement) ? security : [...security, { cookie: [] }];
}

export function completeOperations(document: { paths?: Record<string, Record<string, unknown> | undefined> }): void {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      operation.operationId ??= operationIdFor(method, path);
      if (operation.security) operation.security = withCookie(operation.security);
    }
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What any route may answer before its handler runs, declared on each route (document and contract
 * audit alike): 400 from the input guards (a forbidden character in the address or query) and, on a
 * state-changing route, 403 from the CSRF check (a cookie session from another origin), 413 from the
 * body limit and 415 from the content-type parser. Registered before the routes.
 */
export function declareCommonAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as { hide?: boolean; response?: Record<string, unknown> };
    if (schema.hide) return;
    const response = { ...(schema.response ?? {}) };
    response[400] ??= messageSchema;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((method) => BODY_METHODS.has(method))) {
      response[403] ??= messageSchema;
      response[413] ??= messageSchema;
      response[415] ??= messageSchema;
    }
    route.schema = { ...schema, response };
  });
}

export function openApiOptions({ siteName, siteOrigin }: { siteName: string; siteOrigin: string }): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: `API ${siteName}`,
        version: '1.0.0',
        description: 'Toutes les routes sont sous /api. Les erreurs répondent { message } en français.',
        license: { name: 'Propriétaire', url: `${siteOrigin}/cgv` },
      },
      servers: [{ url: siteOrigin, description: 'Ce site' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Le jeton rendu par /api/auth/login.' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'La session du site (cookie httpOnly).' },
        },
      },
    },
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      completeOperations(document);
      return document;
    },
  };
}

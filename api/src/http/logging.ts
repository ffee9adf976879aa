/**
 * Logger options: no log line may carry a password, a password hash or a token. Known places are
 * redacted by path; error messages (a driver error quotes its query's parameters, a hash among them)
 * and any other text are scrubbed of anything shaped like a hash or a JWT.
 */
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

const MASK = '[masqué]';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'passwordHash',
  'token',
  'credential',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.credential',
  '*.newPassword',
];

/** scrypt$N$r$p$salt$hash strings, JWTs (three base64url parts), the hex reset tokens, query parameters. */
const SECRET_SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+/g, MASK],
  [/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, MASK],
  [/\b[0-9a-f]{48,}\b/g, MASK],
  [/(\bparams:\s*).*/gs, `$1${MASK}`],
  // The password reset and email verification links' tokens travel in the page's path.
  [/(\/(?:reset-password|verifier-email)\/)[^/?#\s"]+/g, `$1${MASK}`],
  // An iCal export URL's last segment is the feed's token, current or old, matched by a route or not (issue 26).
  [/(\/ical\/[^/?#\s"]*\/)[^/?#\s"]+/g, `$1${MASK}`],
];

/** Query parameters whose value is a secret on any route. */
const SECRET_PARAMS = /^(token|jeton|access_token|id_token|key|secret|password|mot_?de_?passe|credential|code|signature|sig)$/i;
/** Routes whose every query value may carry a secret (a supervision token, a reset or export link). */
const SECRET_ROUTES = /^\/(metrics|ical|reset-password|verifier-email|api\/auth|api\/users\/reset)/;

/**
 * A request URL fit for the logs: secrets in the path masked, and in the query string the values of
 * secret parameters, and every value on a secret-bearing route (issue 26: `/metrics?token=`).
 */
export function scrubUrl(url: string): string {
  const at = url.indexOf('?');
  const pathPart = scrub(at < 0 ? url : url.slice(0, at));
  if (at < 0) return pathPart;
  const everyValue = SECRET_ROUTES.test(pathPart);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return everyValue && pair ? MASK : scrub(pair);
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // an undecodable name is judged as written
      }
      return everyValue || SECRET_PARAMS.test(name) ? `${pair.slice(0, eq)}=${MASK}` : scrub(pair);
    })
    .join('&');
  return `${pathPart}?${query}`;
}

export function scrub(text: string): string {
  return SECRET_SHAPES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = scrubDeep(v, depth + 1);
  return out;
}

/** An error as pino shows it (type, message, stack, code, cause), scrubbed. */
interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(error: Error): SerializedError {
  const e = error as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  return {
    type: e.name,
    message: scrub(e.message),
    stack: scrub(e.stack ?? ''),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(e.cause !== undefined ? { cause: e.cause instanceof Error ? serializeError(e.cause) : scrubDeep(e.cause) } : {}),
  };
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: MASK },
    serializers: {
      err: serializeError,
      error: serializeError,
      // Fastify's request line, with the URL scrubbed (a reset link's token is in its path).
      req: (req: { method?: string; url?: string; host?: string; ip?: string }) => ({
        method: req.method,
        url: scrubUrl(req.url ?? ''),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
    hooks: {
      // Free text of a log call (`log.info('... ' + something)`) is scrubbed too.
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)) as Parameters<typeof method>);
      },
    },
    ...(stream ? { stream } : {}),
  };
}

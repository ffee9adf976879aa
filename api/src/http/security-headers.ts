/**
 * Security headers on every response (@fastify/helmet). The Content-Security-Policy is built from the
 * same configuration as /runtime-config.json: the site itself, the remotes configured on other
 * origins, and only the third parties that are configured (Google sign-in, the booking widget, the
 * map's style and tiles server).
 */
import fastifyHelmet from '@fastify/helmet';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EARLY_INPUT_CAPTURE_SCRIPT } from 'shared-kernel/domain';
import { type AppConfig, REMOTE_NAMES } from '../config.js';
import { START_AFTER_PAINT_SCRIPT } from '../web/start-after-paint.js';

const GOOGLE = 'https://accounts.google.com';
/** Browser features the site never uses. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';

/** The origin of an absolute http(s) URL, or null for a path on the site itself. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The inline scripts, allowed by their hash (page-hints.ts): one keeps clicks made before hydration, one starts the page's code after its first paint. */
export const EARLY_INPUT_SCRIPT_HASH = scriptHash(EARLY_INPUT_CAPTURE_SCRIPT);
export const START_SCRIPT_HASH = scriptHash(START_AFTER_PAINT_SCRIPT);
const INLINE_SCRIPT_HASHES = [EARLY_INPUT_SCRIPT_HASH, START_SCRIPT_HASH];

export type CspDirectives = Record<string, string[]>;

export function contentSecurityPolicy(config: AppConfig): CspDirectives {
  const remotes = [
    ...new Set(
      REMOTE_NAMES.map((name) => config.remoteUrls[name])
        .flatMap((url) => (url ? [originOf(url)] : []))
        .filter((o): o is string => o !== null),
    ),
  ];
  const google = config.googleClientId ? [GOOGLE] : [];
  const widget = config.bookingWidget ? [originOf(config.bookingWidget.scriptUrl)].filter((o): o is string => o !== null) : [];
  // MapLibre fetches the style, its tiles, sprites and glyphs (from its worker too) and draws them from blob: images.
  const map = config.mapStyleUrl ? [originOf(config.mapStyleUrl)].filter((o): o is string => o !== null) : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    // Stripe's hosted checkout, only when Stripe is configured (the browser goes there to pay the deposit).
    'form-action': ["'self'", ...(config.payments.stripe ? [config.payments.stripe.checkoutOrigin] : [])],
    // No 'unsafe-inline' and no 'unsafe-eval' for scripts: the production build needs neither.
    'script-src': ["'self'", ...INLINE_SCRIPT_HASHES, ...remotes, ...google, ...widget],
    // style-loader injects <style> elements: inline styles only, never inline scripts.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes, ...(config.googleClientId ? [`${GOOGLE}/gsi/style`] : []), ...widget],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, ...map, ...(config.googleClientId ? ['https://*.googleusercontent.com'] : [])],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, ...map, ...(config.googleClientId ? [`${GOOGLE}/gsi/`] : [])],
    'frame-src': [...google, ...widget].length > 0 ? [...google, ...widget] : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Swagger UI (/api/docs) only: its bundle needs nothing inline for scripts, but draws images from data: URLs and its own styles. */
function docsPolicy(directives: CspDirectives): string {
  const scripts = directives['script-src']!.filter((source) => !INLINE_SCRIPT_HASHES.includes(source));
  return serializeCsp({ ...directives, 'script-src': scripts, 'img-src': ["'self'", 'data:', 'https:'], 'frame-src': ["'none'"] });
}

export async function installSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const directives = contentSecurityPolicy(config);
  const https = config.siteOrigin.startsWith('https://');
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives },
    // Google's sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only for a site really served over https: on http it would be ignored, or worse, pinned by a proxy.
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  const docs = docsPolicy(directives);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.url === '/api/docs' || request.url.startsWith('/api/docs/')) reply.header('Content-Security-Policy', docs);
  });
}

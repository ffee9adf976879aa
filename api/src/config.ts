/**
 * Configuration from the environment. Every setting, with its default, is documented in
 * /.env.example; nothing here needs to be set for `npm start` on a fresh clone.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultHashingThreads } from './auth/password.js';
import type { S3Settings } from './storage/s3-store.js';
import type { LegalInfo } from 'shared-kernel/domain';
import { SOLDE_JOURS_DEFAUT, type StayLimits } from 'shared-kernel/rules';
import { legalSettings } from './modules/legal/settings.js';
import { parseSigningKeys } from './web/ssr/signature.js';
import { STRIPE_METHODS, type StripeMethod } from 'shared-kernel/domain';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(apiDir, '..');

/** Remotes the server knows how to serve from this repository; `admin` is registered by the shell only for admins. */
export const REMOTE_NAMES = ['catalog', 'booking', 'account', 'messaging', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface AppConfig {
  host: string;
  port: number;
  siteOrigin: string;
  /** Other origins the site is served from (SITE_ORIGIN_ALIASES): accepted by the CSRF and socket origin checks. */
  siteOriginAliases: string[];
  siteName: string;
  dataDir: string;
  /** PostgreSQL URL; unset means the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  /** PGlite in memory (tests). */
  inMemoryDatabase: boolean;
  jwtSecret: string | null;
  tokenTtlSeconds: number;
  scryptCost: number;
  googleClientId: string | null;
  googleJwksUrl: string;
  staticRoot: string;
  /** Remote name -> manifest URL override. */
  remoteUrls: Partial<Record<RemoteName, string>>;
  seedDemoData: boolean;
  /** Periodic jobs run in this process (off in API tests, which call app.jobs.runNow). */
  jobsEnabled: boolean;
  admin: { email: string; password: string; name: string } | null;
  /**
   * Login failures per IP, per (IP, account), and per account (the last only refuses IPs that already
   * failed on that account, and only for `accountBackoffSeconds` after their failure: one typo is not a 13-minute lock).
   */
  loginLimits: { perIp: number; perEmail: number; perAccount: number; windowSeconds: number; accountBackoffSeconds: number };
  /** Messages one user may send per window (HTTP and socket together). */
  messageLimits: { max: number; windowSeconds: number };
  /** Registrations per IP per window. */
  registerLimits: { perIp: number; windowSeconds: number };
  /** Password-reset emails per address per window (the answer stays the same beyond). */
  resetLimits: { perEmail: number; windowSeconds: number };
  /** scrypt worker threads, the bound of their queue and the share of one IP or account (beyond: 503). */
  passwordHashing: { threads: number; queueMax: number; perClientMax: number };
  /** Open sockets one user may hold (per API process). */
  maxSocketsPerUser: number;
  /** Sockets not (yet) signed in that one IP may hold (per API process). */
  maxAnonymousSocketsPerIp: number;
  /** Prefix of the rate-limit keys in Redis (one per deployment, or per test run). */
  rateLimitPrefix: string;
  logLevel: string;
  trustProxy: boolean;
  redisUrl: string | null;
  /** Bearer token that opens GET /metrics; unset: /metrics answers 404. */
  metricsToken: string | null;
  /** Longest wait for in-flight requests on SIGTERM before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** SMTP server (smtp://user:pass@host:587); unset: mails are written to DATA_DIR/outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The mail queue (api/src/mail): attempts before a mail is marked failed, first retry delay (doubled each time), run interval, chat digest delay. */
  mail: { maxAttempts: number; retryBaseMs: number; queueIntervalMs: number; digestDelayMs: number; accesJours: number };
  /** Owner estimate requests accepted per IP per window. */
  leadLimits: { perIp: number; windowSeconds: number };
  /** External booking widget (DECISIONS 6); null unless an owner id is configured. */
  bookingWidget: { scriptUrl: string; defaultOwnerId: string; ownerOverrides: Record<string, string> } | null;
  /** S3-compatible object storage for uploads; null: files under DATA_DIR/uploads. */
  s3: S3Settings | null;
  /** MAP_STYLE_URL: the MapLibre style of the home page's results map (its tiles on the same origin); null: no map. */
  mapStyleUrl: string | null;
  /** Names this process in the X-Served-By header and logs (several processes behind a load balancer). */
  processName: string | null;
  /** Prefix of the Redis channels this site uses for cache invalidation (several sites or test runs on one Redis). */
  redisChannelPrefix: string;
  /** How far ahead a stay may start and how long it may last. */
  stayLimits: StayLimits;
  /** Publisher, host, consumer mediator and data controller named by the legal pages (LEGAL_*). */
  legal: LegalInfo;
  /** NODE_ENV=production: the start-up log warns of what a real operator must still set (LEGAL_* examples). */
  production: boolean;
  /** Issue 13: Stripe when both keys are set; the bank transfer always. */
  payments: PaymentSettings;
  /** Issue 31 item 7: the VAT the invoices state (TVA_TAUX, percent; TVA_MENTION, the legal note). */
  facturation: InvoiceTaxSettings;
  /** iCal import of other channels' calendars (issue 14). */
  icalImport: IcalImportSettings;
  /** Where the AVIF/WebP variants of the demo photos are kept once encoded (issue 17). */
  imageCacheDir: string;
  /** Largest apartment photo an admin may upload (PHOTO_MAX_MB, 15 by default; issue 30). */
  photoMaxBytes: number;
  /** Encode every missing variant in the background after start-up (only where the periodic jobs run). */
  imageWarmUp: boolean;
  /** Render the public pages on the server for a visitor without a session (SERVER_RENDERING=false: in the browser only). */
  serverRendering: boolean;
  /**
   * A remote deployed on another origin (REMOTE_<NAME>_URL): how often its release pointer is checked
   * for a new deploy, in ms, in the background (a visitor's request never waits on that origin; issue 29).
   */
  remoteCheckMs: number;
  /** Public keys whose signature a remote's server build must carry to run (REMOTE_SIGNING_KEYS, issue 28). */
  remoteSigningKeys: string[];
  /** Render workers (SSR_WORKERS), one render's time budget (SSR_RENDER_BUDGET_MS) and a worker's heap (SSR_WORKER_MEMORY_MB). */
  ssrPool: { size: number; budgetMs: number; memoryMb: number };
}

export interface IcalImportSettings {
  intervalMs: number;
  timeoutMs: number;
  maxBytes: number;
  /** Hosts a feed may point at even on a private network (tests, a local channel simulator); empty in production. */
  allowedPrivateHosts: string[];
  /** Issue 26: a feed is read in a worker thread, stopped past this time… */
  parseTimeoutMs: number;
  /** …or this heap (worker resourceLimits), so no feed can hold the server. */
  parseMemoryMb: number;
  /** Nights one feed may block, summed over its events (the nearest kept, the admin warned). */
  maxNightsPerFeed: number;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Offered at checkout; Apple Pay is shown by Stripe's page within the card method. */
  methods: StripeMethod[];
  holdMinutes: number;
  /** Another Stripe API endpoint (tests: a local fake); null: api.stripe.com. */
  apiUrl: string | null;
  /** Where the hosted checkout lives (CSP form-action). */
  checkoutOrigin: string;
}

export interface VirementSettings {
  titulaire: string;
  iban: string;
  bic: string;
  /** Demo account details (no IBAN configured): shown with 'exemple'. */
  exemple: boolean;
  delaiHeures: number;
}

export interface PaymentSettings {
  stripe: StripeSettings | null;
  virement: VirementSettings;
  /** Issue 31: SOLDE_JOURS_AVANT_ARRIVEE, the balance is payable that many days before arrival (7). */
  soldeJours: number;
}

export interface InvoiceTaxSettings {
  /** Percent, e.g. 0 or 10 (at most 2 decimals). */
  tvaTaux: number;
  /** Printed under the totals; with a 0 % rate, the exemption's article. */
  tvaMention: string | null;
}

export const TVA_MENTION_DEFAUT = 'Exonération de TVA, article 261 D 4° du CGI';

export function invoiceTaxSettings(env: Env): InvoiceTaxSettings {
  const raw = text(env, 'TVA_TAUX') ?? '0';
  const taux = Number(raw.replace(',', '.'));
  if (!/^\d{1,2}([.,]\d{1,2})?$/.test(raw) || !(taux >= 0 && taux < 100))
    throw new Error(`TVA_TAUX doit être un pourcentage entre 0 et 99,99 (reçu « ${raw} »).`);
  return { tvaTaux: taux, tvaMention: text(env, 'TVA_MENTION') ?? (taux === 0 ? TVA_MENTION_DEFAUT : null) };
}

export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

function stripeMethods(env: Env): StripeMethod[] {
  const raw = (text(env, 'STRIPE_PAYMENT_METHODS') ?? 'card')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const unknown = raw.filter((m) => !(STRIPE_METHODS as readonly string[]).includes(m));
  if (unknown.length > 0)
    throw new Error(`STRIPE_PAYMENT_METHODS : valeurs possibles ${STRIPE_METHODS.join(', ')} (reçu « ${unknown.join(', ')} »).`);
  return [...new Set(raw)] as StripeMethod[];
}

/** Stripe refuses a Checkout Session that lives more than 24 h: a longer hold would fail every payment (issue 26). */
export const STRIPE_HOLD_MAX_MINUTES = 1410;
function stripeHoldMinutes(env: Env): number {
  const minutes = int(env, 'STRIPE_HOLD_MINUTES', 30, 1);
  if (minutes > STRIPE_HOLD_MAX_MINUTES)
    throw new Error(
      `STRIPE_HOLD_MINUTES doit valoir au plus ${STRIPE_HOLD_MAX_MINUTES} (23 h 30) : Stripe refuse une session de paiement de plus de 24 heures (reçu « ${env.STRIPE_HOLD_MINUTES} »).`,
    );
  return minutes;
}

/** Both Stripe keys or neither: a key without its webhook secret would take money and never confirm. */
function paymentSettings(env: Env): PaymentSettings {
  const secretKey = text(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = text(env, 'STRIPE_WEBHOOK_SECRET');
  if ((secretKey === null) !== (webhookSecret === null))
    throw new Error('Stripe incomplet : définissez STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET ensemble.');
  const iban = text(env, 'VIREMENT_IBAN');
  return {
    stripe:
      secretKey && webhookSecret
        ? {
            secretKey,
            webhookSecret,
            methods: stripeMethods(env),
            holdMinutes: stripeHoldMinutes(env),
            apiUrl: text(env, 'STRIPE_API_URL'),
            checkoutOrigin: STRIPE_CHECKOUT_ORIGIN,
          }
        : null,
    virement: iban
      ? {
          titulaire: text(env, 'VIREMENT_TITULAIRE') ?? 'Séjours Messins',
          iban,
          bic: text(env, 'VIREMENT_BIC') ?? '',
          exemple: false,
          delaiHeures: int(env, 'VIREMENT_DELAI_HEURES', 72, 1),
        }
      : {
          titulaire: 'Séjours Messins (exemple)',
          iban: 'FR76 3000 6000 0112 3456 7890 189',
          bic: 'AGRIFRPPXXX',
          exemple: true,
          delaiHeures: int(env, 'VIREMENT_DELAI_HEURES', 72, 1),
        },
    soldeJours: int(env, 'SOLDE_JOURS_AVANT_ARRIVEE', SOLDE_JOURS_DEFAUT, 2),
  };
}

/** "1234567:111,7654321:222" -> { '1234567': '111', '7654321': '222' } */
function parseOverrides(raw: string | null): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [smoobuId, ownerId] = pair.split(':').map((p) => p.trim());
    if (!smoobuId || !ownerId || !/^\d+$/.test(smoobuId))
      throw new Error(`SMOOBU_OWNER_OVERRIDES : « ${pair} » doit avoir la forme smoobuId:ownerId.`);
    map[smoobuId] = ownerId;
  }
  return map;
}

type Env = Record<string, string | undefined>;

/** Issue 30: ACCES_JOURS_AVANT_ARRIVEE, the check-in instructions are mailed that many days before arrival (1 to 30, default 2). */
function accesJours(env: Env): number {
  const days = int(env, 'ACCES_JOURS_AVANT_ARRIVEE', 2, 1);
  if (days > 30) throw new Error(`ACCES_JOURS_AVANT_ARRIVEE doit valoir au plus 30 (reçu « ${env.ACCES_JOURS_AVANT_ARRIVEE} »).`);
  return days;
}

function int(env: Env, key: string, fallback: number, min = 0): number {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${key} doit être un entier supérieur ou égal à ${min} (reçu « ${raw} »).`);
  return value;
}

function text(env: Env, key: string): string | null {
  const raw = env[key]?.trim();
  return raw ? raw : null;
}

/** "https://a.fr, https://b.fr" -> their origins; anything that is not an http(s) origin is refused at start-up. */
function originList(env: Env, key: string): string[] {
  return (text(env, key) ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((raw) => {
      let url: URL | null;
      try {
        url = new URL(raw);
      } catch {
        url = null;
      }
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== raw.replace(/\/+$/, ''))
        throw new Error(`${key} : « ${raw} » n'est pas une origine (par exemple https://www.exemple.fr).`);
      return url.origin;
    });
}

/** An http(s) address or a path of this site ('/carte/style.json'); anything else is refused at start-up. */
function mapStyleUrl(env: Env): string | null {
  const raw = text(env, 'MAP_STYLE_URL');
  if (raw === null || /^\/(?!\/)/.test(raw)) return raw;
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol))
    throw new Error(
      `MAP_STYLE_URL : « ${raw} » n'est ni une adresse http(s) ni un chemin du site (par exemple https://tuiles.exemple.fr/style.json).`,
    );
  return raw;
}

function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[key]?.trim().toLowerCase();
  if (!raw) return fallback;
  return ['1', 'true', 'yes', 'oui', 'on'].includes(raw);
}

/** All of bucket and keys, or none of them: half a configuration would silently write to the disk. */
function s3Settings(env: Env): S3Settings | null {
  const keys = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const given = keys.filter((key) => text(env, key));
  if (given.length === 0 && !text(env, 'S3_ENDPOINT')) return null;
  const missing = keys.filter((key) => !text(env, key));
  if (missing.length > 0) throw new Error(`Stockage S3 incomplet : définissez aussi ${missing.join(', ')}.`);
  return {
    endpoint: text(env, 'S3_ENDPOINT'),
    bucket: text(env, 'S3_BUCKET') ?? '',
    region: text(env, 'S3_REGION') ?? 'us-east-1',
    accessKeyId: text(env, 'S3_ACCESS_KEY_ID') ?? '',
    secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY') ?? '',
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', true),
  };
}

export function loadConfig(env: Env = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const port = int(env, 'PORT', 5000);
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? path.join(repoRoot, 'data'));
  const remoteUrls: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const url = text(env, `REMOTE_${name.toUpperCase()}_URL`);
    if (url) remoteUrls[name] = url;
  }
  const adminEmail = text(env, 'ADMIN_EMAIL');
  const adminPassword = text(env, 'ADMIN_PASSWORD');
  const config: AppConfig = {
    host: text(env, 'HOST') ?? 'localhost',
    port,
    siteOrigin: (text(env, 'SITE_ORIGIN') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    siteOriginAliases: originList(env, 'SITE_ORIGIN_ALIASES'),
    siteName: text(env, 'SITE_NAME') ?? 'Séjours Messins',
    dataDir,
    databaseUrl: text(env, 'DATABASE_URL'),
    inMemoryDatabase: false,
    jwtSecret: text(env, 'JWT_SECRET'),
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 3600, 60),
    // OWASP: scrypt with N=2^17, r=8, p=1.
    scryptCost: int(env, 'SCRYPT_COST', 131072, 1024),
    googleClientId: text(env, 'GOOGLE_CLIENT_ID'),
    googleJwksUrl: text(env, 'GOOGLE_JWKS_URL') ?? 'https://www.googleapis.com/oauth2/v3/certs',
    staticRoot: path.resolve(text(env, 'STATIC_ROOT') ?? repoRoot),
    remoteUrls,
    seedDemoData: bool(env, 'SEED_DEMO_DATA', true),
    admin:
      adminEmail && adminPassword
        ? { email: adminEmail, password: adminPassword, name: text(env, 'ADMIN_NAME') ?? 'Administrateur' }
        : null,
    loginLimits: {
      perIp: int(env, 'LOGIN_MAX_PER_IP', 30, 1),
      perEmail: int(env, 'LOGIN_MAX_PER_EMAIL', 10, 1),
      perAccount: int(env, 'LOGIN_MAX_PER_ACCOUNT', 100, 1),
      windowSeconds: int(env, 'LOGIN_WINDOW_SECONDS', 900, 1),
      accountBackoffSeconds: int(env, 'LOGIN_ACCOUNT_BACKOFF_SECONDS', 60, 1),
    },
    registerLimits: { perIp: int(env, 'REGISTER_MAX_PER_IP', 10, 1), windowSeconds: int(env, 'REGISTER_WINDOW_SECONDS', 3600, 1) },
    resetLimits: { perEmail: int(env, 'RESET_MAX_PER_EMAIL', 3, 1), windowSeconds: int(env, 'RESET_WINDOW_SECONDS', 3600, 1) },
    passwordHashing: {
      threads: int(env, 'PASSWORD_HASH_THREADS', defaultHashingThreads(), 1),
      queueMax: int(env, 'PASSWORD_HASH_QUEUE_MAX', 16, 0),
      perClientMax: int(env, 'PASSWORD_HASH_PER_CLIENT', 2, 1),
    },
    maxSocketsPerUser: int(env, 'MAX_SOCKETS_PER_USER', 20, 1),
    maxAnonymousSocketsPerIp: int(env, 'MAX_ANONYMOUS_SOCKETS_PER_IP', 10, 1),
    rateLimitPrefix: text(env, 'RATE_LIMIT_PREFIX') ?? 'sm:rl:',
    messageLimits: { max: int(env, 'MESSAGE_RATE_MAX', 20, 1), windowSeconds: int(env, 'MESSAGE_RATE_WINDOW_SECONDS', 10, 1) },
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: bool(env, 'TRUST_PROXY', false),
    redisUrl: text(env, 'REDIS_URL'),
    metricsToken: text(env, 'METRICS_TOKEN'),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1) * 1000,
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Séjours Messins <no-reply@sejours-messins.fr>',
    mail: {
      maxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 8, 1),
      retryBaseMs: int(env, 'MAIL_RETRY_BASE_SECONDS', 60, 0) * 1000,
      queueIntervalMs: int(env, 'MAIL_QUEUE_INTERVAL_SECONDS', 30, 1) * 1000,
      digestDelayMs: int(env, 'CHAT_DIGEST_DELAY_MINUTES', 10, 0) * 60_000,
      accesJours: accesJours(env),
    },
    leadLimits: { perIp: int(env, 'LEAD_MAX_PER_IP', 5, 1), windowSeconds: int(env, 'LEAD_WINDOW_SECONDS', 3600, 1) },
    bookingWidget: text(env, 'SMOOBU_OWNER_ID')
      ? {
          scriptUrl: text(env, 'SMOOBU_WIDGET_URL') ?? 'https://login.smoobu.com/js/Settings/BookingToolIframe.js',
          defaultOwnerId: text(env, 'SMOOBU_OWNER_ID') ?? '',
          ownerOverrides: parseOverrides(text(env, 'SMOOBU_OWNER_OVERRIDES')),
        }
      : null,
    s3: s3Settings(env),
    mapStyleUrl: mapStyleUrl(env),
    processName: text(env, 'PROCESS_NAME'),
    redisChannelPrefix: text(env, 'REDIS_CHANNEL_PREFIX') ?? 'sejours-messins:',
    jobsEnabled: bool(env, 'JOBS_ENABLED', true),
    stayLimits: { maxNights: int(env, 'STAY_MAX_NIGHTS', 60, 1), maxMonthsAhead: int(env, 'STAY_MAX_MONTHS_AHEAD', 18, 1) },
    legal: legalSettings(env),
    production: env.NODE_ENV === 'production',
    payments: paymentSettings(env),
    facturation: invoiceTaxSettings(env),
    icalImport: {
      intervalMs: int(env, 'ICAL_SYNC_INTERVAL_SECONDS', 600, 5) * 1000,
      timeoutMs: int(env, 'ICAL_FETCH_TIMEOUT_SECONDS', 15, 1) * 1000,
      maxBytes: int(env, 'ICAL_MAX_BYTES', 5 * 1024 * 1024, 1024),
      allowedPrivateHosts: (text(env, 'ICAL_ALLOWED_PRIVATE_HOSTS') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      parseTimeoutMs: int(env, 'ICAL_PARSE_TIMEOUT_SECONDS', 10, 1) * 1000,
      parseMemoryMb: int(env, 'ICAL_PARSE_MEMORY_MB', 256, 32),
      maxNightsPerFeed: int(env, 'ICAL_MAX_NIGHTS_PER_FEED', 3000, 1),
    },
    imageCacheDir: path.resolve(text(env, 'IMAGE_CACHE_DIR') ?? path.join(apiDir, '.cache', 'images')),
    photoMaxBytes: int(env, 'PHOTO_MAX_MB', 15, 1) * 1024 * 1024,
    imageWarmUp: bool(env, 'IMAGE_WARMUP', true),
    serverRendering: bool(env, 'SERVER_RENDERING', true),
    remoteCheckMs: int(env, 'REMOTE_CHECK_MS', 5_000, 100),
    remoteSigningKeys: [...parseSigningKeys(text(env, 'REMOTE_SIGNING_KEYS')).keys()],
    ssrPool: {
      size: int(env, 'SSR_WORKERS', Math.min(4, availableParallelism()), 1),
      budgetMs: int(env, 'SSR_RENDER_BUDGET_MS', 3000, 50),
      memoryMb: int(env, 'SSR_WORKER_MEMORY_MB', 256, 64),
    },
    ...overrides,
  };
  return config;
}

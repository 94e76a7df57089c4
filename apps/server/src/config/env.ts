import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { paymentProviderProblems, paypalApiUrl } from './payment-env.ts';
import { s3Problems } from './s3-env.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().optional(),
);

/** The browsers' push services: Chrome/Edge/Opera/Samsung (FCM), Firefox (Mozilla), Windows (WNS), Safari (Apple). */
const DEFAULT_PUSH_HOSTS =
  'fcm.googleapis.com,*.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com';

/** Every environment variable the server reads. README.md and .env.example list the same table. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Server processes on this machine sharing PORT (Node's cluster module, server.ts): `auto` is the number of cores.
   * More than one needs DATABASE_URL (PGlite is single-process); the live bus is Redis, else PostgreSQL (decision 099).
   */
  WORKERS: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v === 'auto' ? os.availableParallelism() : v),
    z.coerce.number().int().min(1).max(256).default(1),
  ),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (one short line per event, requests at debug) or `json`; unset: pretty in a terminal (decision 078). */
  LOG_FORMAT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['pretty', 'json']).optional()),
  TRUST_PROXY: bool.default(false),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  // Bounded waits on the database (decision 080): past each, a request is answered 503 with Retry-After.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  /** How long a request waits for a free pooled connection (PostgreSQL). */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(1).default(5_000),
  /** Requests waiting for a connection beyond which new ones are refused at once (shed, not queued). */
  DATABASE_POOL_MAX_WAITING: z.coerce.number().int().min(0).default(1_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  /**
   * PostgreSQL: the bid fast path's guarded statements in flight at once; bids on other lots that arrive meanwhile
   * share the next one (bid-write-combiner.ts, decision 103). PGlite runs one statement at a time: 1.
   */
  BID_WRITE_STATEMENTS: z.coerce.number().int().min(1).max(100).default(4),
  /** 0 turns it off; migrations always run without it. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  /** The deadline of /api/health and /api/health/ready: past it they answer `degraded` with the reason. */
  HEALTH_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2_000),
  /** Load shedding (@fastify/under-pressure): 503 with Retry-After past these; 0 turns a check off. Unset: 1000 ms, off under NODE_ENV=test. */
  SHED_EVENT_LOOP_DELAY_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).optional(),
  ),
  SHED_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
  JWT_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ),
  OTP_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'OTP_SECRET must be at least 32 characters').optional(),
  ),
  /** Key of the consignors' payout details, encrypted at rest (decision 086); unset: generated into the database. */
  PAYOUT_DETAILS_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'PAYOUT_DETAILS_KEY must be at least 32 characters').optional(),
  ),
  ACCESS_TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Knotwork <no-reply@knotwork.local>'),
  STAFF_EMAIL: z.string().default('staff@knotwork.local'),
  DEV_MAILBOX: bool.optional(),
  GOOGLE_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  CORS_ORIGINS: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  MEDIA_BASE_URL: z.string().default('/media'),
  MEDIA_DIR: z.string().optional(),
  // Media in an S3-compatible bucket instead of MEDIA_DIR (checked together in s3-env.ts).
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Prometheus metrics on their own port (never the public one); unset: off. */
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  CURRENCY: z.string().length(3).default('USD'),
  SEED_DEMO: bool.default(true),
  DEMO_PICTURES: z.enum(['full', 'pool', 'off']).default('full'),
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(1000).default(1),
  /**
   * Whether this process sends the outbid notices its bids (and any other process's) left in the outbox (decision
   * 098). Off: it only writes them, for other processes to send (a test of a process killed before sending them).
   */
  OUTBID_NOTICE_WORKER: bool.default(true),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:staff@knotwork.local'),
  /** Comma list of hosts push endpoints may name (`*.` matches any subdomain; `*` alone any public host). */
  PUSH_ALLOWED_HOSTS: z.string().default(DEFAULT_PUSH_HOSTS),
  /** Tests and local experiments only: lets push endpoints resolve to loopback/private addresses. */
  PUSH_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  WEB_DIST_DIR: z.string().optional(),
  /** Server rendering of the first screen of the home page, the listing, rug and sale pages (decision 057); off by default until the browser tests pass with it. */
  WEB_SSR: bool.default(true),
  /**
   * How long a server-rendered page is reused for the next visitor with the same URL, language, screen class and
   * size unit (every render is a signed-out one); 0 turns the cache off. Lot, content and settings events drop it.
   */
  WEB_SSR_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** The Vite SSR build's entry; defaults to dist-ssr/entry-server.js beside the web build. */
  WEB_SSR_ENTRY: z.string().optional(),
  // What a buyer paying by bank transfer is told (the house's account); the payment reference is added to it.
  BANK_TRANSFER_INSTRUCTIONS: z
    .string()
    .trim()
    .min(1, 'BANK_TRANSFER_INSTRUCTIONS must not be empty')
    .default(
      'Please transfer the total to Knotwork Auctions, IBAN GB00 KNOT 0000 0000 0000 00, BIC KNOTGB2L, quoting the payment reference. Your rugs ship once the transfer arrives.',
    ),
  // Card and PayPal payments, each on only when its keys are set (checked together in payment-env.ts).
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalUrl,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_WEBHOOK_ID: optionalText,
  PAYPAL_API_URL: optionalUrl,
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<
  Env,
  | 'CORS_ORIGINS'
  | 'DEV_MAILBOX'
  | 'MEDIA_DIR'
  | 'PUBLIC_URL'
  | 'WEB_DIST_DIR'
  | 'PAYPAL_API_URL'
  | 'SHED_EVENT_LOOP_DELAY_MS'
> {
  SHED_EVENT_LOOP_DELAY_MS: number;
  PUBLIC_URL: string;
  PAYPAL_API_URL: string;
  CORS_ORIGINS: string[];
  DEV_MAILBOX: boolean;
  MEDIA_DIR: string;
  WEB_DIST_DIR: string;
}

export class ConfigError extends Error {}

/**
 * Variables that may hold a secret, so each may also come from a file named by `<NAME>_FILE` (Docker and
 * Kubernetes secrets), which keeps it out of the process environment and out of the database.
 */
export const SECRET_VARIABLES = [
  'JWT_SECRET',
  'OTP_SECRET',
  'PAYOUT_DETAILS_KEY',
  'VAPID_PRIVATE_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYPAL_CLIENT_SECRET',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** The variable itself wins over its `_FILE`; the file's content is taken without its trailing newline. */
function withSecretFiles(source: Record<string, string | undefined>): Record<string, string | undefined> {
  const out = { ...source };
  for (const name of SECRET_VARIABLES) {
    const file = source[`${name}_FILE`];
    if (!file || source[name]) continue;
    try {
      out[name] = fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      throw new ConfigError(
        `Invalid configuration:\n  ${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
      );
    }
  }
  return out;
}

/** Reads and validates the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(
  source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
): Config {
  const parsed = envSchema.safeParse(withSecretFiles(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // The mailbox shows live sign-up and reset codes: in production it would hand out accounts (issue 7.1).
  if (env.NODE_ENV === 'production' && env.DEV_MAILBOX === true) {
    throw new ConfigError(
      'Invalid configuration:\n  DEV_MAILBOX: the development mailbox cannot be turned on when NODE_ENV=production (it shows sign-up and reset codes). Without SMTP_URL the codes are printed to the server log instead.',
    );
  }
  if (env.PUSH_ALLOW_PRIVATE_ADDRESSES && env.NODE_ENV === 'production') {
    // It would let any signed-in user make the server connect into its own network (issue 7).
    throw new ConfigError(
      'Invalid configuration:\n  PUSH_ALLOW_PRIVATE_ADDRESSES: not allowed when NODE_ENV=production',
    );
  }
  const providerProblems = [...paymentProviderProblems(env), ...s3Problems(env)];
  // Metrics name routes and volumes: they must never be reachable on the public port.
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT)
    providerProblems.push(
      'METRICS_PORT: must differ from PORT (metrics are never served on the public port)',
    );
  // With WORKERS > 1, worker N serves its metrics on METRICS_PORT + N - 1 (cluster-primary.ts).
  else if (
    env.METRICS_PORT !== undefined &&
    env.WORKERS > 1 &&
    env.PORT > env.METRICS_PORT &&
    env.PORT < env.METRICS_PORT + env.WORKERS
  )
    providerProblems.push(
      `METRICS_PORT: the workers' metrics ports ${env.METRICS_PORT}-${env.METRICS_PORT + env.WORKERS - 1} must not include PORT`,
    );
  // Embedded PGlite lives in one process: several processes would each open (and corrupt) the same files.
  if (env.WORKERS > 1 && !env.DATABASE_URL)
    providerProblems.push(
      `WORKERS: ${env.WORKERS} processes need DATABASE_URL (PostgreSQL); the embedded database serves one process only`,
    );
  if (providerProblems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${providerProblems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    CORS_ORIGINS: env.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    // Without SMTP the mail is kept in the database; outside production the dev mailbox lets staff read it.
    DEV_MAILBOX: env.NODE_ENV !== 'production' && (env.DEV_MAILBOX ?? !env.SMTP_URL),
    MEDIA_DIR: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    WEB_DIST_DIR: path.resolve(env.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
    PAYPAL_API_URL: paypalApiUrl(env),
    // A loaded CI machine stalls the event loop for a second now and then; tests that shed set it themselves.
    SHED_EVENT_LOOP_DELAY_MS: env.SHED_EVENT_LOOP_DELAY_MS ?? (env.NODE_ENV === 'test' ? 0 : 1_000),
  };
}

import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

/** Every environment variable the server reads. README.md and .env.example list the same table. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Knotwork <no-reply@knotwork.local>'),
  STAFF_EMAIL: z.string().default('staff@knotwork.local'),
  DEV_MAILBOX: bool.optional(),
  GOOGLE_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  CORS_ORIGINS: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  MEDIA_BASE_URL: z.string().default('/media'),
  MEDIA_DIR: z.string().optional(),
  CURRENCY: z.string().length(3).default('USD'),
  SEED_DEMO: bool.default(true),
  DEMO_PICTURES: z.enum(['full', 'pool', 'off']).default('full'),
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(1000).default(1),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:staff@knotwork.local'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'CORS_ORIGINS' | 'DEV_MAILBOX' | 'MEDIA_DIR' | 'PUBLIC_URL' | 'WEB_DIST_DIR'> {
  PUBLIC_URL: string;
  CORS_ORIGINS: string[];
  DEV_MAILBOX: boolean;
  MEDIA_DIR: string;
  WEB_DIST_DIR: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    CORS_ORIGINS: env.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    // Without SMTP the mail is kept in the database; the dev mailbox lets a local user read their code.
    DEV_MAILBOX: env.DEV_MAILBOX ?? !env.SMTP_URL,
    MEDIA_DIR: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    WEB_DIST_DIR: path.resolve(env.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
}

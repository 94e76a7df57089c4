import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * The secrets that, not being configured, are generated into app_settings: the same database as the
 * password hashes and code hashes they protect, so a dump alone would yield forged sessions and live codes.
 */
export function secretsKeptInDatabase(config: Pick<Config, 'JWT_SECRET' | 'OTP_SECRET' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>): string[] {
  const names: string[] = [];
  if (!config.JWT_SECRET) names.push('JWT_SECRET');
  if (!config.OTP_SECRET) names.push('OTP_SECRET');
  if (!(config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)) names.push('VAPID_PRIVATE_KEY');
  return names;
}

/**
 * In production, says at start which secrets come from the database (README "Secrets"). Not on the demo
 * (SEED_DEMO, whose accounts' passwords are in the README): `npm start` on a laptop is no deployment, and its first
 * start prints no warning (issue 24).
 */
export function warnAboutDatabaseSecrets(
  config: Parameters<typeof secretsKeptInDatabase>[0] & Pick<Config, 'NODE_ENV'> & { SEED_DEMO?: boolean },
  log: FastifyBaseLogger,
): void {
  if (config.NODE_ENV !== 'production' || config.SEED_DEMO) return;
  const names = secretsKeptInDatabase(config);
  if (names.length === 0) return;
  log.warn(
    { secrets: names },
    `secrets kept in the database: ${names.join(', ')}. A database dump alone would reveal them; set each from the environment or a <NAME>_FILE (README, "Secrets").`,
  );
}

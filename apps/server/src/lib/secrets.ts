import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../config/env.ts';

/**
 * The secrets that, not being configured, are generated into app_settings: the same database as the
 * password hashes and code hashes they protect, so a dump alone would yield forged sessions and live codes.
 */
export function secretsKeptInDatabase(
  config: Pick<
    Config,
    'JWT_SECRET' | 'OTP_SECRET' | 'PAYOUT_DETAILS_KEY' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'
  >,
): string[] {
  const names: string[] = [];
  if (!config.JWT_SECRET) names.push('JWT_SECRET');
  if (!config.OTP_SECRET) names.push('OTP_SECRET');
  if (!config.PAYOUT_DETAILS_KEY) names.push('PAYOUT_DETAILS_KEY');
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

/**
 * A deployment (NODE_ENV=production, not the demo) refuses to start without JWT_SECRET and OTP_SECRET (issue 25
 * section 4, decision 079): generated into the database, a dump alone would yield live codes and forged sessions.
 * PAYOUT_DETAILS_KEY likewise (decision 086): kept beside the consignors' encrypted bank details, it would protect
 * nothing from a dump. The demo (SEED_DEMO, `npm start` on a laptop) and development keep generating them.
 */
export function requireProductionSecrets(
  config: Pick<Config, 'NODE_ENV' | 'JWT_SECRET' | 'OTP_SECRET' | 'PAYOUT_DETAILS_KEY'> & {
    SEED_DEMO?: boolean;
  },
): void {
  if (config.NODE_ENV !== 'production' || config.SEED_DEMO) return;
  const missing = (['JWT_SECRET', 'OTP_SECRET', 'PAYOUT_DETAILS_KEY'] as const).filter(
    (name) => !config[name],
  );
  if (missing.length === 0) return;
  throw new ConfigError(
    `Invalid configuration:\n${missing
      .map(
        (name) =>
          `  ${name}: must be set when NODE_ENV=production (at least 32 characters, or ${name}_FILE naming a file that holds it; generate one with \`openssl rand -base64 48\`). Without it the server would keep it in the database, where a dump alone would reveal it (README, "Secrets").`,
      )
      .join('\n')}`,
  );
}

import crypto from 'node:crypto';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { getOrCreateSetting } from '../../lib/settings.ts';

/**
 * The secret calendar feed tokens are derived from (decision 047): the same one that signs sessions (app.ts), from
 * JWT_SECRET, else the one kept in the database, read once. Rotating it replaces every calendar link, as it signs
 * everyone out.
 */
export function feedSecret(db: Db, config: Pick<Config, 'JWT_SECRET'>): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () =>
    (secret ??= config.JWT_SECRET
      ? Promise.resolve(config.JWT_SECRET)
      : getOrCreateSetting(db, 'jwt_secret', () => crypto.randomBytes(48).toString('base64url')));
}

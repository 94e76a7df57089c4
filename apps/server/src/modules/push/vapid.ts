import webpush from 'web-push';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { getOrCreateSetting } from '../../lib/settings.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when both are set, else generated on first
 * start and kept in app_settings, so browsers' subscriptions survive restarts and are shared by every
 * process.
 */
export function createVapidKeySource(db: Db, config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>) {
  let keys: Promise<VapidKeys> | undefined;
  return (): Promise<VapidKeys> =>
    (keys ??=
      config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
        ? Promise.resolve({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY })
        : getOrCreateSetting<VapidKeys>(db, 'vapid_keys', () => webpush.generateVAPIDKeys()).catch(
            (err: unknown) => {
              keys = undefined;
              throw err;
            },
          ));
}

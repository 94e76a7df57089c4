import type { NotificationKind, NotificationSettings } from '@knotwork/shared/schemas/notification-settings';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import {
  languageOfUser,
  loadNotificationSettings,
  saveNotificationSettings,
  serverSecret,
  setNotificationChannel,
} from './settings-repository.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * A person's notification settings and the e-mails' one-click unsubscribe (decision 075), built once in the
 * composition root: the unsubscribe tokens' secret is read (or made) once per app.
 */
export function createNotificationSettingsService(db: Db, config: Pick<Config, 'JWT_SECRET'>) {
  const secret = serverSecret(db, config);
  return {
    load: (userId: string) => loadNotificationSettings(db, userId),

    /** Replaces every switch and answers what is now stored. */
    async save(userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
      await saveNotificationSettings(db, userId, settings);
      return loadNotificationSettings(db, userId);
    },

    /** The account and kind a token names (the confirmation page); undefined for an invalid or altered token. */
    async readToken(token: string | undefined) {
      return verifyUnsubscribeToken(await secret(), token) ?? undefined;
    },

    /**
     * Turns off the e-mails the token names; the account and kind, or undefined for an invalid or altered token (or
     * an account that no longer exists). Repeating it changes nothing more.
     */
    async unsubscribe(
      token: string | undefined,
    ): Promise<{ userId: string; kind: NotificationKind } | undefined> {
      const target = verifyUnsubscribeToken(await secret(), token);
      if (!target || !(await setNotificationChannel(db, target.userId, target.kind, 'email', false)))
        return undefined;
      return target;
    },

    /** The account's chosen language, if it set one. */
    languageOf: (userId: string) => languageOfUser(db, userId),
  };
}
export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;

import crypto from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { getOrCreateSetting } from '../../lib/settings.ts';
import type { createMailDispatcher } from '../mail/dispatch.ts';
import { createChatService, type ChatService } from './service.ts';
import type { EventBus } from '../../realtime/bus.ts';

/**
 * The app's one chat service (the customer and staff routes share it and its mail dispatcher), once its visitor-token
 * secret is read: visitor tokens are HMACs under a secret of their own, kept in the database so every process shares
 * it. Built in the composition root; the routes await it when they register.
 */
export async function openChatService(deps: {
  db: Db;
  bus: EventBus;
  mail: ReturnType<typeof createMailDispatcher>;
  publicUrl: string;
  log: { error(obj: unknown, msg: string): void };
}): Promise<ChatService> {
  const secret = await getOrCreateSetting(deps.db, 'chat_token_secret', () =>
    crypto.randomBytes(48).toString('base64url'),
  );
  return createChatService({
    db: deps.db,
    bus: deps.bus,
    mail: deps.mail,
    secret,
    publicUrl: deps.publicUrl,
    log: { error: (err, msg) => deps.log.error({ err }, msg) },
  });
}

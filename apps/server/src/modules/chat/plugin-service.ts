import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { getOrCreateSetting } from '../../lib/settings.ts';
import { createMailDispatcher } from '../mail/dispatch.ts';
import { createChatService, type ChatService } from './service.ts';

const services = new WeakMap<object, Promise<ChatService>>();

/** One chat service per app (the customer and staff routes share its mail dispatcher, drained on close). */
export function chatService(app: FastifyInstance): Promise<ChatService> {
  const key = app.ctx;
  let service = services.get(key);
  if (!service) {
    const mail = createMailDispatcher(app.ctx.mailer, app.log);
    app.addHook('onClose', () => mail.drain());
    service = makeService(app, mail);
    services.set(key, service);
  }
  return service;
}

async function makeService(app: FastifyInstance, mail: ReturnType<typeof createMailDispatcher>) {
  // Visitor tokens are HMACs under a secret of their own, kept in the database so every process shares it.
  const secret = await getOrCreateSetting(app.ctx.db, 'chat_token_secret', () =>
    crypto.randomBytes(48).toString('base64url'),
  );
  return createChatService({
    db: app.ctx.db,
    bus: app.ctx.bus,
    mail,
    secret,
    publicUrl: app.ctx.config.PUBLIC_URL,
    log: { error: (err, msg) => app.log.error({ err }, msg) },
  });
}

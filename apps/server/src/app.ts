import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import { getOrCreateSetting } from './lib/settings.ts';
import { createRateLimits, type RateLimits } from './lib/rate-limit.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerWeb } from './plugins/web.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { createTokenService, type TokenService } from './modules/auth/tokens.ts';
import { apiRoutes } from './routes.ts';
import { createInProcessBus, type EventBus } from './realtime/bus.ts';
import { createRedisBus } from './realtime/redis-bus.ts';
import { userChannel } from '@knotwork/shared/realtime/events';
import { registerLiveSocket } from './realtime/plugin.ts';
import type { LiveReplay } from './realtime/replay.ts';
import healthRoutes from './modules/health/routes.ts';
import { registerJobs, type JobOptions } from './jobs/scheduler.ts';

/** What every route and service can reach: decorated once on the instance as `app.ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  redis: Redis | undefined;
  mailer: Mailer;
  tokens: TokenService;
  rateLimits: RateLimits;
  /** Live event fan-out (in process, or Redis when REDIS_URL is set). */
  bus: EventBus;
  /** Installed by the bidding core: what a reconnecting live client missed on a lot (realtime/replay.ts). */
  liveReplay?: LiveReplay;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Replace the mailer (tests may capture mail without SMTP). */
  mailer?: Mailer;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Scheduled jobs' tuning; they run only once `app.jobs.start()` is called (server.ts), tests call runDueJobsOnce. */
  jobs?: JobOptions;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Never log credentials: tokens, cookies, and the bodies that carry passwords are not logged at all.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // UUIDs for request ids make log lines traceable across processes.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const jwtSecret =
    config.JWT_SECRET ??
    (await getOrCreateSetting(database.db, 'jwt_secret', () => crypto.randomBytes(48).toString('base64url')));

  const bus = config.REDIS_URL
    ? createRedisBus({ url: config.REDIS_URL, log: app.log })
    : createInProcessBus();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    redis,
    mailer:
      options.mailer ??
      createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log }),
    // Revoked sessions leave their live sockets' user channels on every process, through the bus.
    tokens: createTokenService(database.db, jwtSecret, config.ACCESS_TOKEN_TTL_HOURS, (userId, sessionIds) =>
      bus.publish(userChannel(userId.toLowerCase()), 'session.revoked', { sessionIds }),
    ),
    rateLimits: createRateLimits({ redis, scale: config.RATE_LIMIT_SCALE }),
    bus,
  };
  app.decorate('ctx', ctx);
  // Take no traffic while deaf to other processes' events, but never hang a start on a Redis that is down: after
  // ten seconds the bus keeps trying in the background and clients catch up by replay once it is back.
  app.addHook('onReady', async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 10_000)));
    if ((await Promise.race([ctx.bus.ready(), late])) === 'late')
      app.log.warn('live bus: Redis subscription not confirmed after 10 s; starting anyway');
    clearTimeout(timer);
  });
  app.addHook('onClose', async () => {
    await ctx.bus.close();
    redis?.disconnect();
  });

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await registerDocs(app);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  registerAuth(app);
  registerJobs(app, options.jobs);

  await app.register(apiRoutes, { prefix: '/api/v1' });
  await registerLiveSocket(app);
  await app.register(healthRoutes, { prefix: '/api' });

  await registerWeb(app, { config, serveWeb: options.serveWeb ?? true });
  return app;
}

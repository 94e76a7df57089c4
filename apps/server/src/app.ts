import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { getOrCreateSetting } from './lib/settings.ts';
import { warnAboutDatabaseSecrets } from './lib/secrets.ts';
import { loggerOptions, requestLogController } from './lib/log-format.ts';
import { createRateLimits } from './lib/rate-limit.ts';
import { createRedisLink } from './lib/redis-client.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerPressure } from './plugins/pressure.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerWeb } from './plugins/web.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { withPublishMetrics } from './plugins/metrics-bus.ts';
import { registerServices } from './services.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import type { AppContext } from './app-context.ts';
import { withMailSettings } from './modules/notifications/mail-settings.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { keepSessionCacheCurrent } from './modules/auth/session-revocations.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { apiRoutes } from './routes.ts';
import { createInProcessBus } from './realtime/bus.ts';
import { createRedisBus } from './realtime/redis-bus.ts';
import { createPgBus } from './realtime/pg-bus.ts';
import { userChannel } from '@knotwork/shared/realtime/events';
import { registerLiveSocket } from './realtime/plugin.ts';
import type { LiveReplay } from './realtime/replay.ts';
import healthRoutes from './modules/health/routes.ts';
import { createSettingsService } from './modules/house-settings/service.ts';
import { registerJobs, type JobOptions } from './jobs/scheduler.ts';
import { createMediaStorage } from './media/storage/index.ts';
import { createZoomJobs } from './modules/media/zoom.ts';

/** How long a start waits for Redis before serving without it. */
const REDIS_START_WAIT_MS = 3_000;

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Replace the mailer (tests may capture mail without SMTP). */
  mailer?: Mailer;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Scheduled jobs' tuning; they run only once `app.jobs.start()` is called (server.ts), tests call runDueJobsOnce. */
  jobs?: JobOptions;
  /**
   * Tests only: the CA the push sender trusts besides the system's, for a push service on loopback with a
   * throw-away certificate. A programmatic option, never read from the environment, so no deployment can set it.
   */
  pushTls?: { ca?: string };
  /** Tests only: what a reconnecting live client is sent instead of the lot tables' replay (realtime/lot-replay.ts). */
  liveReplay?: LiveReplay;
  /** Tests only: how often load shedding samples the event loop and heap (default 1 s). */
  pressure?: { sampleIntervalMs?: number };
  /** With WORKERS > 1: this worker's number (1..N), sent as `X-Knotwork-Worker` on every answer (decision 099). */
  worker?: number;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    // JSON lines, or short lines for a person at a terminal; one line per request (lib/log-format.ts, decision 078).
    logger: loggerOptions(config),
    logController: requestLogController(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // UUIDs for request ids make log lines traceable across processes.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Which of the processes sharing the port answered (WORKERS > 1): for the operator and the tests, no secret.
  const worker = options.worker;
  if (worker !== undefined)
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-knotwork-worker', String(worker));
      done();
    });

  const redisLink = config.REDIS_URL ? createRedisLink(config.REDIS_URL, app.log) : undefined;
  const redis = redisLink?.client('rate limits');
  warnAboutDatabaseSecrets(config, app.log);
  const jwtSecret =
    config.JWT_SECRET ??
    (await getOrCreateSetting(database.db, 'jwt_secret', () => crypto.randomBytes(48).toString('base64url')));

  // Several processes without Redis: PostgreSQL's LISTEN/NOTIFY carries the events between them (decision 099).
  const bus = withPublishMetrics(
    redisLink
      ? createRedisBus({ link: redisLink, log: app.log })
      : config.WORKERS > 1 && database.url
        ? createPgBus({ url: database.url, database, log: app.log })
        : createInProcessBus(),
  );
  // Sessions checked without a database read per request, kept current by the revocations on the bus (decision 030).
  const sessionCache = createSessionCache();
  const stopSessionWatch = keepSessionCacheCurrent(sessionCache, bus, redisLink ?? bus.link);
  const storage = createMediaStorage(config);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    redis,
    redisLink,
    storage,
    zoom: createZoomJobs({ db: database.db, storage, log: app.log }),
    // Every mail to a collector obeys their notification settings and carries its unsubscribe (decision 075).
    mailer: withMailSettings(
      options.mailer ??
        createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log }),
      {
        db: database.db,
        log: app.log,
        publicUrl: config.PUBLIC_URL,
        staffEmail: config.STAFF_EMAIL,
        secret: () => Promise.resolve(jwtSecret),
      },
    ),
    // Revoked sessions leave their live sockets' user channels on every process, through the bus; a role change
    // empties every process's cache of the user's sessions and lowers their sockets (decision 079).
    tokens: createTokenService(
      database.db,
      jwtSecret,
      config.ACCESS_TOKEN_TTL_HOURS,
      {
        revoked: (userId, sessionIds) =>
          bus.publish(userChannel(userId.toLowerCase()), 'session.revoked', { sessionIds }),
        roleChanged: (userId, role) =>
          bus.publish(userChannel(userId.toLowerCase()), 'user.role_changed', { userId, role }),
      },
      sessionCache,
    ),
    rateLimits: createRateLimits({ redis, scale: config.RATE_LIMIT_SCALE }),
    bus,
    settings: createSettingsService({
      db: database.db,
      bus,
      bankTransferInstructions: config.BANK_TRANSFER_INSTRUCTIONS,
      log: app.log,
    }),
    pushTls: options.pushTls,
  };
  app.decorate('ctx', ctx);
  // Take no traffic while deaf to other processes' events, but never hang a start on a Redis that is down (well
  // within Fastify's 10 s hook timeout): after 3 s start degraded; the bus keeps trying in the background and
  // sockets resync by replay once it is back.
  app.addHook('onReady', async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), REDIS_START_WAIT_MS)),
    );
    const outcome = await Promise.race([ctx.bus.ready(), late]);
    if (outcome === 'late' && !redisLink)
      app.log.error(
        `the live bus's PostgreSQL LISTEN session did not start within ${REDIS_START_WAIT_MS / 1000} s: starting degraded (live events only on this process) and retrying in the background; /api/health reports it`,
      );
    else if (outcome === 'late')
      app.log.error(
        { redis: redisLink?.where },
        `Redis at ${redisLink?.where} (REDIS_URL) did not answer within ${REDIS_START_WAIT_MS / 1000} s: starting degraded (per-process rate limits, live events only on this process) and retrying in the background; /api/health reports it`,
      );
    clearTimeout(timer);
  });
  app.addHook('onClose', async () => {
    // The pyramid being cut finishes (its tiles and row) before the store and the database close.
    await ctx.zoom.close();
    stopSessionWatch();
    ctx.settings.close();
    await ctx.bus.close();
    await redisLink?.close();
    ctx.storage.close();
  });

  registerErrorHandling(app);
  // Before any other hook: a shed request costs no work (decision 080).
  await registerPressure(app, config, options.pressure);
  registerMetrics(app);
  await registerSecurity(app, config);
  await registerCompression(app);
  await registerDocs(app);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  registerAuth(app);
  registerServices(app);
  registerJobs(app, options.jobs);

  await app.register(apiRoutes, { prefix: '/api/v1' });
  await registerLiveSocket(app, { replay: options.liveReplay });
  await app.register(healthRoutes, { prefix: '/api' });

  await registerWeb(app, { config, serveWeb: options.serveWeb ?? true });
  return app;
}

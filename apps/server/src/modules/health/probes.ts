import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthReport } from './report.ts';
import { databaseField, mediaField, reasonsField, redisField } from './schemas.ts';

const readyBody = z.object({
  status: z
    .enum(['ok', 'degraded', 'error'])
    .describe(
      'degraded: still ready, with the reasons (Redis down, a busy database, the media store down, load shedding)',
    ),
  database: databaseField,
  migrations: z.enum(['current', 'pending', 'unknown']),
  redis: redisField,
  media: mediaField,
  reasons: reasonsField,
});

/**
 * Orchestrator probes (decision 042). Liveness says only that the event loop answers, so a database outage never
 * makes an orchestrator restart every process at once. Readiness is what a load balancer routes by, answered
 * within HEALTH_TIMEOUT_MS (decision 080): not ready (503) when the database answers with an error or its schema
 * is behind this code; ready but `degraded`, with the reasons, when the database is busy or locked, Redis or the
 * media store is down, or the process sheds load.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const probes: FastifyPluginAsyncZod<{ report: (checkMigrations: boolean) => Promise<HealthReport> }> = (
  app,
  { report },
) => {
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        operationId: 'getHealthLive',
        security: [],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness within a deadline: the database answers and migrations are current (busy database, Redis or media store down: degraded, still ready)',
        operationId: 'getHealthReady',
        security: [],
        response: { 200: readyBody, 503: readyBody },
      },
    },
    async (_request, reply) => {
      const { db, redis, media, reasons } = await report(true);
      const body = { database: db.database, migrations: db.migrations, redis, media, reasons };
      if (db.database === 'down' || db.migrations === 'pending') {
        app.log.error({ reasons }, 'readiness: not ready');
        return reply.status(503).send({ status: 'error' as const, ...body });
      }
      if (reasons.length > 0) app.log.warn({ reasons }, 'readiness: degraded');
      return { status: reasons.length > 0 ? ('degraded' as const) : ('ok' as const), ...body };
    },
  );
  return Promise.resolve();
};
export default probes;

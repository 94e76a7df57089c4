import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations } from '../../db/pending-migrations.ts';
import { redisState } from './redis-state.ts';

const readyBody = z.object({
  status: z
    .enum(['ok', 'degraded', 'error'])
    .describe('degraded: Redis is down; the process still serves every request'),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['current', 'pending', 'unknown']),
  redis: z.enum(['up', 'down', 'off']).describe('off: REDIS_URL is not set (one process, in memory)'),
});

/**
 * Orchestrator probes (decision 042). Liveness says only that the event loop answers, so a database outage never
 * makes an orchestrator restart every process at once. Readiness is what a load balancer routes by: the database
 * answers and its schema is the one this code expects. Redis down stays ready (degraded), as /api/health.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const probes: FastifyPluginAsyncZod = (app) => {
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
          'Readiness: the database answers and migrations are current (Redis down: degraded, still ready)',
        operationId: 'getHealthReady',
        security: [],
        response: { 200: readyBody, 503: readyBody },
      },
    },
    async (_request, reply) => {
      const redis = await redisState(app.ctx);
      let pending: string[];
      try {
        pending = await pendingMigrations(app.ctx.database);
      } catch (err) {
        app.log.error({ err }, 'readiness: database unreachable');
        return reply.status(503).send({
          status: 'error' as const,
          database: 'down' as const,
          migrations: 'unknown' as const,
          redis,
        });
      }
      if (pending.length > 0) {
        app.log.warn({ pending }, 'readiness: migrations pending');
        return reply
          .status(503)
          .send({ status: 'error' as const, database: 'up' as const, migrations: 'pending' as const, redis });
      }
      return {
        status: redis === 'down' ? ('degraded' as const) : ('ok' as const),
        database: 'up' as const,
        migrations: 'current' as const,
        redis,
      };
    },
  );
  return Promise.resolve();
};
export default probes;

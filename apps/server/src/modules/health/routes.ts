import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redisState } from './redis-state.ts';
import probes from './probes.ts';

const redisField = z.enum(['up', 'down', 'off']).describe('off: REDIS_URL is not set (one process, in memory)');

/**
 * GET /api/health: for load balancers and the start script. 503 only when the database does not answer (nothing
 * works then). Redis down answers 200 `degraded`: the process still serves every request (in-process rate
 * limits, live events to its own sockets), and a balancer that took every process out because their shared
 * Redis is away would turn a degraded site into no site (decision 018).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(probes);
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness, database and Redis reachability',
        response: {
          200: z.object({ status: z.enum(['ok', 'degraded']), database: z.literal('up'), redis: redisField }),
          503: z.object({ status: z.literal('error'), database: z.literal('down'), redis: redisField }),
        },
      },
    },
    async (_request, reply) => {
      const redis = await redisState(app.ctx);
      try {
        await app.ctx.database.query('select 1');
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error' as const, database: 'down' as const, redis });
      }
      return { status: redis === 'down' ? ('degraded' as const) : ('ok' as const), database: 'up' as const, redis };
    },
  );
};
export default routes;

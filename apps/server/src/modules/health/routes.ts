import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import probes from './probes.ts';
import { databaseField, mediaField, reasonsField, redisField } from './schemas.ts';

const healthBody = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  database: databaseField,
  redis: redisField,
  media: mediaField,
  reasons: reasonsField,
});

/**
 * GET /api/health: for load balancers and the start script, answered within HEALTH_TIMEOUT_MS whatever the
 * database does (decision 080). 503 only when the database answers with an error (nothing works then). A busy
 * database, Redis down, the media store down or load shedding answer 200 `degraded` with the reasons: the process
 * still serves what it can, and a balancer that took every process out because what they share is slow would
 * turn a degraded site into no site (decision 018).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const report = app.services.health;
  await app.register(probes, { report });
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness, database, Redis and media store reachability, within a deadline',
        response: { 200: healthBody, 503: healthBody },
      },
    },
    async (_request, reply) => {
      const { db, redis, media, reasons } = await report(false);
      if (db.database === 'down') {
        app.log.error({ reasons }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ status: 'error' as const, database: 'down' as const, redis, media, reasons });
      }
      const status = reasons.length > 0 ? ('degraded' as const) : ('ok' as const);
      return { status, database: db.database, redis, media, reasons };
    },
  );
};
export default routes;

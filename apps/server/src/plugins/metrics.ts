import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { redisState } from '../modules/health/redis-state.ts';
import {
  databaseUp,
  httpDuration,
  httpRequests,
  liveSockets,
  redisUp,
  registry,
} from './metrics-registry.ts';

/**
 * Records every answer by route pattern (never the raw URL: ids would explode the label space), and, when
 * METRICS_PORT is set, serves /metrics on that port only: a plain Node server on its own socket, so no route of
 * the public app can reach it (decision 041).
 */
export function registerMetrics(app: FastifyInstance) {
  // A callback hook, not an async one: it runs after every answer, and a promise per answer is measurable on a hot
  // lot (issue 30).
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const port = app.ctx.config.METRICS_PORT;
  if (port === undefined) return;
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    void scrape().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (err: unknown) => {
        app.log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics scrape failed\n');
      },
    );
  });

  async function scrape(): Promise<string> {
    // Values read at scrape time: the state of the connections, not a history of checks.
    const redis = await redisState(app.ctx);
    redisUp.set(redis === 'up' ? 1 : redis === 'down' ? 0 : -1);
    databaseUp.set(
      await app.ctx.database.query('select 1').then(
        () => 1,
        () => 0,
      ),
    );
    liveSockets.set(app.live.stats().sockets);
    return registry.metrics();
  }

  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, app.ctx.config.METRICS_HOST, () => {
        app.log.info(`metrics on http://${app.ctx.config.METRICS_HOST}:${port}/metrics`);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

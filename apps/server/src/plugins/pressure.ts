import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { apiMessages } from '@knotwork/shared/messages/api';
import type { Config } from '../config/env.ts';
import { HttpError } from '../lib/http-error.ts';

/** What a shed request is told: come back after about one sampling interval or two. */
export const SHED_RETRY_AFTER_SECONDS = 5;

/** The probes answer under pressure too: readiness says `degraded` with the reason instead of a bare 503. */
const EXEMPT = /^\/api\/health(\/|$|\?)/;

/**
 * Load shedding (decision 080): past SHED_EVENT_LOOP_DELAY_MS of event-loop delay or SHED_HEAP_USED_BYTES of heap,
 * a request is answered 503 with Retry-After at once, in the product's `{ message }` shape, instead of joining a
 * queue that only grows. The database's own queue is bounded in db/client.ts (DATABASE_POOL_MAX_WAITING).
 */
export async function registerPressure(
  app: FastifyInstance,
  config: Pick<Config, 'SHED_EVENT_LOOP_DELAY_MS' | 'SHED_HEAP_USED_BYTES'>,
  options: { sampleIntervalMs?: number } = {},
) {
  await app.register(underPressure, {
    maxEventLoopDelay: config.SHED_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: config.SHED_HEAP_USED_BYTES,
    ...(options.sampleIntervalMs ? { sampleInterval: options.sampleIntervalMs } : {}),
    // A rejected promise goes to the error handler (plugins/errors.ts), which sends the status, Retry-After and shape.
    pressureHandler: (request, _reply, type, value) => {
      if (EXEMPT.test(request.url)) return Promise.resolve();
      request.log.warn({ pressure: type, value }, 'under pressure: request shed');
      return Promise.reject(
        new HttpError(503, apiMessages.overloaded, {
          code: 'OVERLOADED',
          retryAfterSeconds: SHED_RETRY_AFTER_SECONDS,
        }),
      );
    },
  });
}

/** Why this process sheds load now, for readiness; undefined when it does not. */
export function pressureReason(
  app: FastifyInstance,
  config: Pick<Config, 'SHED_EVENT_LOOP_DELAY_MS' | 'SHED_HEAP_USED_BYTES'>,
) {
  if (!app.isUnderPressure()) return undefined;
  const usage = app.memoryUsage();
  if (config.SHED_EVENT_LOOP_DELAY_MS > 0 && usage.eventLoopDelay > config.SHED_EVENT_LOOP_DELAY_MS)
    return `this process sheds load: event loop delay ${Math.round(usage.eventLoopDelay)} ms (limit ${config.SHED_EVENT_LOOP_DELAY_MS})`;
  return `this process sheds load: heap ${usage.heapUsed} bytes (limit ${config.SHED_HEAP_USED_BYTES})`;
}

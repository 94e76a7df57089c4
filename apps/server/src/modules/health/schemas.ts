import { z } from 'zod';

export const redisField = z
  .enum(['up', 'down', 'off'])
  .describe('off: REDIS_URL is not set (one process, in memory)');
export const databaseField = z
  .enum(['up', 'busy', 'down'])
  .describe(
    'busy: it answers, but slowly, with a table locked or its pool full; requests may get 503 with Retry-After',
  );
export const mediaField = z
  .enum(['up', 'down'])
  .describe('down: the media store (S3_BUCKET or MEDIA_DIR) does not answer');
export const reasonsField = z.array(z.string()).describe('Why the status is not ok, one line each');

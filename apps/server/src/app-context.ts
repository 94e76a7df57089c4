import type { Redis } from 'ioredis';
import type { Config } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { RateLimits } from './lib/rate-limit.ts';
import type { RedisLink } from './lib/redis-client.ts';
import type { MediaStorage } from './media/storage/index.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { ZoomJobs } from './modules/media/zoom.ts';
import type { SettingsService } from './modules/house-settings/service.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { EventBus } from './realtime/bus.ts';

// In its own file, not app.ts: modules that need the context's type would otherwise import the file that imports
// them (type-only cycles that import-x/no-cycle does not see; dpdm does, in npm run lint).
/** What every route and service can reach: decorated once on the instance as `app.ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  redis: Redis | undefined;
  /** Every Redis connection of this process and whether Redis answers (health, resync); unset without REDIS_URL. */
  redisLink: RedisLink | undefined;
  mailer: Mailer;
  /** Where every file the product writes goes: MEDIA_DIR or the S3 bucket (media/storage). */
  storage: MediaStorage;
  /** Deep Zoom pyramids cut after an upload has answered (modules/media/zoom.ts, decision 061). */
  zoom: ZoomJobs;
  tokens: TokenService;
  rateLimits: RateLimits;
  /** Live event fan-out (in process, or Redis when REDIS_URL is set). */
  bus: EventBus;
  /** The house's settings staff edit (bank transfer, shipping, sale defaults), cached, kept current over the bus. */
  settings: SettingsService;
  /** Tests only (BuildOptions.pushTls): the CA of a loopback push service. */
  pushTls?: { ca?: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

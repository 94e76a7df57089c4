import type { AppContext } from '../../app-context.ts';

/**
 * Whether this process reaches Redis: its connections are ready and a PING answers within the command timeout
 * (a Redis that hangs keeps its connections open but answers nothing).
 */
export async function redisState(
  ctx: Pick<AppContext, 'redis' | 'redisLink'>,
): Promise<'up' | 'down' | 'off'> {
  if (!ctx.redisLink || !ctx.redis) return 'off';
  if (!ctx.redisLink.up) return 'down';
  try {
    await ctx.redis.ping();
    return 'up';
  } catch {
    return 'down';
  }
}

import type { LimitRule } from '../../lib/rate-limit.ts';

/** Chat rate limits (scaled by RATE_LIMIT_SCALE like the others, decision 008). */
export const chatLimits = {
  /** New conversations per client address: a visitor opens one per tab session, not dozens. */
  startIp: { points: 5, duration: 60 * 60 },
  /** Messages per conversation: a person typing, not a script. */
  messageConversation: { points: 10, duration: 60 },
  /** Messages per client address across conversations. */
  messageIp: { points: 30, duration: 60 },
} satisfies Record<string, LimitRule>;

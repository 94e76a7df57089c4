import type { LimitRule } from '../../lib/rate-limit.ts';

const HOUR = 60 * 60;

/** Sign-ups to "notify me" are cheap to abuse (list bombing), so both the IP and the address are limited. */
export const contentLimits = {
  notifyIp: { points: 10, duration: HOUR },
  notifyEmail: { points: 3, duration: HOUR },
} satisfies Record<string, LimitRule>;

import type { LimitRule } from '../../lib/rate-limit.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every rate limit of the accounts area in one place. `points` are multiplied by RATE_LIMIT_SCALE (browser
 * tests raise it). Keys are the client IP or the normalised e-mail; an e-mail key is consumed whether or
 * not the account exists, so a 429 never tells an attacker that an address is registered.
 */
export const authLimits = {
  /**
   * Login attempts per account e-mail and client address together, so that someone else's failures cannot
   * lock the owner out (issue 7.6b); a successful login resets it, so in effect it counts failures.
   */
  loginAccount: { points: 10, duration: 15 * MINUTE },
  /** Login attempts per address across accounts: the budget of one guesser spraying many accounts. */
  loginIp: { points: 30, duration: 15 * MINUTE },
  registerIp: { points: 10, duration: HOUR },
  registerEmail: { points: 5, duration: HOUR },
  verifyOtpIp: { points: 30, duration: 15 * MINUTE },
  verifyOtpEmail: { points: 10, duration: 15 * MINUTE },
  /**
   * Code checks per e-mail and day, from any address: a 4-digit code gets at most 10 guesses a day per
   * purpose (0.1 % a day) instead of the ~960 the 15-minute windows allowed.
   */
  verifyOtpEmailDay: { points: 10, duration: DAY },
  resendOtpIp: { points: 10, duration: 15 * MINUTE },
  resendOtpEmail: { points: 5, duration: 15 * MINUTE },
  forgotIp: { points: 10, duration: 15 * MINUTE },
  forgotEmail: { points: 5, duration: 15 * MINUTE },
  resetIp: { points: 30, duration: 15 * MINUTE },
  resetEmail: { points: 10, duration: 15 * MINUTE },
  resetEmailDay: { points: 10, duration: DAY },
  googleIp: { points: 30, duration: 15 * MINUTE },
  /** Profile updates check the current password, so they are limited per user too. */
  profileUser: { points: 20, duration: 15 * MINUTE },
  /**
   * Codes issued per account and purpose, whatever the route (register, login, resend, forgot). Over the
   * budget no new code is sent, silently: the answer must not differ for existing accounts.
   */
  otpIssue: { points: 6, duration: 15 * MINUTE },
  contactIp: { points: 5, duration: HOUR },
  contactEmail: { points: 5, duration: HOUR },
} satisfies Record<string, LimitRule>;
export type AuthLimitName = keyof typeof authLimits;

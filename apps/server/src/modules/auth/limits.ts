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
  /**
   * Code checks per e-mail, client address and code, as the login's lockout (issue 25 section 3, decision 079):
   * a stranger's wrong codes spend the stranger's budget, not the owner's, and a freshly mailed code starts a
   * fresh one. Each code also dies at its OTP_MAX_ATTEMPTS-th wrong try (otp.ts), whoever sent them.
   */
  verifyOtpAccount: { points: 10, duration: 15 * MINUTE },
  /**
   * Code checks per e-mail and day from every address together: far above one address's budget, so it takes
   * many addresses to spend it, and it still bounds guessing (100 tries a day, 1 % of the 4-digit codes, and
   * only with 20 codes mailed to the owner that day, at OTP_MAX_ATTEMPTS tries each).
   */
  verifyOtpEmailDay: { points: 100, duration: DAY },
  resendOtpIp: { points: 10, duration: 15 * MINUTE },
  resendOtpEmail: { points: 5, duration: 15 * MINUTE },
  forgotIp: { points: 10, duration: 15 * MINUTE },
  forgotEmail: { points: 5, duration: 15 * MINUTE },
  resetIp: { points: 30, duration: 15 * MINUTE },
  /** As verifyOtpAccount and verifyOtpEmailDay, for password-reset codes. */
  resetAccount: { points: 10, duration: 15 * MINUTE },
  resetEmailDay: { points: 100, duration: DAY },
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

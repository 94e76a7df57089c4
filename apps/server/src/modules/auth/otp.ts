import crypto from 'node:crypto';
import { OTP_LENGTH, OTP_TTL_MINUTES } from '@knotwork/shared/constants/limits';
import type { Db } from '../../db/client.ts';
import type { OtpPurpose } from '../../db/schema/index.ts';
import { getOrCreateSetting } from '../../lib/settings.ts';
import { consumeOtp, latestOtpId, liveOtpId, replaceOtp, spendOtpTry } from './otp-repository.ts';

export type { OtpPurpose };

/** A fresh code: OTP_LENGTH digits, uniformly random (crypto.randomInt, never Math.random). */
export function generateCode(): string {
  return crypto
    .randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/**
 * One-time codes for e-mail verification and password reset. Codes are stored only as HMAC-SHA256 under
 * a server secret, so 4 digits cannot be brute-forced offline without it. The secret is OTP_SECRET when set
 * (environment or OTP_SECRET_FILE): then a database dump alone does not reveal live codes. Unset, one is
 * generated into app_settings, next to the hashes, and production warns about it (lib/secrets.ts).
 *
 * Rules: valid OTP_TTL_MINUTES, single use, a new code of the same purpose kills the older ones, and every
 * check spends one of OTP_MAX_ATTEMPTS tries before comparing, so even concurrent guesses get at most
 * OTP_MAX_ATTEMPTS comparisons per code (the 5th wrong try kills it; the right code after that fails).
 */
export function createOtpService(db: Db, configuredSecret?: string) {
  let secret: Promise<Buffer> | undefined = configuredSecret
    ? Promise.resolve(Buffer.from(configuredSecret, 'utf8'))
    : undefined;
  const key = () =>
    (secret ??= getOrCreateSetting(db, 'otp_secret', () => crypto.randomBytes(32).toString('base64')).then(
      (s) => Buffer.from(s, 'base64'),
    ));
  const digest = async (userId: string, purpose: OtpPurpose, code: string) =>
    crypto
      .createHmac('sha256', await key())
      .update(`${purpose}:${userId}:${code}`)
      .digest('hex');

  return {
    /** Issues a new code (older live codes of this purpose die) and returns it in clear for the mail. */
    async issue(userId: string, purpose: OtpPurpose): Promise<string> {
      const code = generateCode();
      const codeHash = await digest(userId, purpose, code);
      await replaceOtp(db, {
        userId,
        purpose,
        codeHash,
        expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
      });
      return code;
    },

    /** Whether a code of this purpose is still usable (not used, not expired, tries left): no new one is needed. */
    async hasLive(userId: string, purpose: OtpPurpose): Promise<boolean> {
      return (await liveOtpId(db, userId, purpose, new Date())) !== undefined;
    },

    /**
     * The newest code of this purpose ever issued to the user, usable or not: each one gets its own check budget
     * (limits.ts), so a freshly mailed code starts fresh.
     */
    async latestId(userId: string, purpose: OtpPurpose): Promise<string | undefined> {
      return latestOtpId(db, userId, purpose);
    },

    /** True (and the code is used up) when `code` is the live code; false otherwise. */
    async consume(userId: string, purpose: OtpPurpose, code: string): Promise<boolean> {
      const now = new Date();
      const live = await liveOtpId(db, userId, purpose, now);
      if (!live) return false;
      // Spend a try first (atomically, under the same conditions), then compare.
      const codeHash = await spendOtpTry(db, live, now);
      if (!codeHash) return false;
      const expected = Buffer.from(codeHash, 'hex');
      const actual = Buffer.from(await digest(userId, purpose, code), 'hex');
      if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return false;
      return consumeOtp(db, live);
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;

import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS } from '@knotwork/shared/constants/limits';
import type { Db } from '../../db/client.ts';
import { otpCodes, type OtpPurpose } from '../../db/schema/index.ts';

/** The newest code of this purpose still usable at `now` (not used, not expired, tries left). */
export async function liveOtpId(
  db: Db,
  userId: string,
  purpose: OtpPurpose,
  now: Date,
): Promise<string | undefined> {
  const [live] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.userId, userId),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.expiresAt, now),
        lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return live?.id;
}

/** Kills every unused code of this purpose, then stores the new one's hash. */
export async function replaceOtp(
  db: Db,
  input: { userId: string; purpose: OtpPurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(otpCodes.userId, input.userId),
        eq(otpCodes.purpose, input.purpose),
        isNull(otpCodes.consumedAt),
      ),
    );
  await db.insert(otpCodes).values(input);
}

/** The newest code of this purpose ever issued to the user, usable or not. */
export async function latestOtpId(db: Db, userId: string, purpose: OtpPurpose): Promise<string | undefined> {
  const [latest] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return latest?.id;
}

/**
 * Spends one try of the code, atomically and under the same conditions as `liveOtpId`; its stored hash, or
 * undefined when no try was left (used, expired, or tries spent meanwhile).
 */
export async function spendOtpTry(db: Db, id: string, now: Date): Promise<string | undefined> {
  const [spent] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.id, id),
        isNull(otpCodes.consumedAt),
        lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
        gt(otpCodes.expiresAt, now),
      ),
    )
    .returning({ codeHash: otpCodes.codeHash });
  return spent?.codeHash;
}

/** Marks the code used; false when another request used it first. */
export async function consumeOtp(db: Db, id: string): Promise<boolean> {
  const [used] = await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return used !== undefined;
}

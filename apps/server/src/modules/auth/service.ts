import type { FastifyBaseLogger } from 'fastify';
import { apiMessages } from '@knotwork/shared/messages/api';
import type {
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  VerifyOtpInput,
} from '@knotwork/shared/schemas/auth';
import type { User } from '@knotwork/shared/schemas/user';
import type { Language } from '@knotwork/shared/constants/languages';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { afterAnswer } from '../../lib/after-answer.ts';
import { HttpError, badRequest, unauthorized } from '../../lib/http-error.ts';
import type { MailDispatcher } from '../mail/dispatch.ts';
import { registrationAttemptMail, resetCodeMail, verificationCodeMail } from '../mail/templates.ts';
import { createGoogleVerifier, type GoogleVerifier } from './google.ts';
import { authLimits, type AuthLimitName } from './limits.ts';
import type { OtpPurpose, OtpService } from './otp.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createUserRepository } from './repository.ts';
import { toUser } from './user-mapper.ts';

/** Who is calling: used for rate-limit keys and recorded on the session. */
export interface ClientMeta {
  ip: string;
  userAgent?: string | undefined;
  /** The site's language at the time (Accept-Language): a new account keeps it for its e-mails. */
  language?: Language | undefined;
}

export interface SignedIn {
  token: string;
  user: User;
}

/** A right password for an e-mail not verified yet: the code screen takes over (the message says if a code left now). */
export interface OtpRequired {
  otpRequired: { email: string; message: string };
}

/**
 * The account rules: registration, sign-in (password and Google), e-mail verification and password reset.
 * Answers never reveal whether an e-mail is registered, except where the product needs it (login of an
 * unverified account with the right password).
 */
export function createAuthService(
  /** The infrastructure it uses, named: a new dependency shows in this signature. */
  ctx: Pick<AppContext, 'db' | 'rateLimits' | 'tokens' | 'config'>,
  mail: MailDispatcher,
  log: FastifyBaseLogger,
  otp: OtpService,
) {
  const users = createUserRepository(ctx.db);
  let google: GoogleVerifier | undefined;

  const limit = (name: AuthLimitName, key: string) => ctx.rateLimits.consume(name, key, authLimits[name]);

  /** Issues and mails a code, unless this account already got too many; then silently nothing (false). */
  async function sendCode(user: UserRow, purpose: OtpPurpose, to = user.email): Promise<boolean> {
    try {
      await limit('otpIssue', `${purpose}:${user.id}`);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 429) {
        log.warn({ userId: user.id, purpose }, 'one-time code not sent: issuance limit reached');
        return false;
      }
      throw err;
    }
    const code = await otp.issue(user.id, purpose);
    const content =
      purpose === 'verify_email'
        ? verificationCodeMail({ firstName: user.firstName, code, language: user.language })
        : resetCodeMail({ firstName: user.firstName, code, language: user.language });
    mail.dispatch({ to, ...content });
    return true;
  }

  async function signIn(user: UserRow, meta: ClientMeta): Promise<SignedIn> {
    const { token } = await ctx.tokens.issue(user.id, { ip: meta.ip, userAgent: meta.userAgent });
    return { token, user: toUser(user) };
  }

  const invalidOtp = () => badRequest(apiMessages.otpInvalid, { errors: { otp: apiMessages.otpInvalid } });

  const codeCheckLimits = {
    verify_email: { ip: 'verifyOtpIp', account: 'verifyOtpAccount', email: 'verifyOtpEmailDay' },
    reset_password: { ip: 'resetIp', account: 'resetAccount', email: 'resetEmailDay' },
  } as const satisfies Record<OtpPurpose, Record<string, AuthLimitName>>;

  /**
   * The budgets of one code check, spent together (issue 25 section 3, decision 079): the address's, the e-mail's
   * from this address for the newest code mailed (as the login's lockout, so a stranger spends only their own and a
   * new code starts fresh), and the e-mail's from everywhere, far higher. An unknown e-mail is limited the same way.
   */
  async function limitCodeCheck(
    purpose: OtpPurpose,
    email: string,
    user: UserRow | undefined,
    meta: ClientMeta,
  ) {
    const names = codeCheckLimits[purpose];
    const code = (user && (await otp.latestId(user.id, purpose))) ?? 'none';
    const check = (name: AuthLimitName, key: string) => ({ name, key, rule: authLimits[name] });
    await ctx.rateLimits.consumeAll([
      check(names.ip, meta.ip),
      check(names.account, `${email} ${meta.ip} ${code}`),
      check(names.email, email),
    ]);
  }

  return {
    users,
    otp,

    /**
     * New e-mail: an unverified account and a code. Known e-mail, same answer: an unverified account keeps
     * its password and names and its owner gets a fresh code (the password that counts is the one given
     * with the code, see verifyEmail); a verified account is left untouched and its owner gets a "someone
     * tried to register" note. Everything after the hash happens after the answer, so the answer's time
     * does not tell which case it was.
     */
    async register(input: RegisterInput, meta: ClientMeta): Promise<void> {
      await limit('registerIp', meta.ip);
      await limit('registerEmail', input.email);
      const passwordHash = await hashPassword(input.password);
      afterAnswer(log, 'registration', async () => {
        const existing = await users.findByEmail(input.email);
        if (!existing) {
          const created = await users.create({
            firstName: input.first_name,
            lastName: input.last_name,
            email: input.email,
            passwordHash,
            language: meta.language ?? 'en',
          });
          if (created) return void (await sendCode(created, 'verify_email'));
        }
        // Known e-mail (or a simultaneous registration won the race for it).
        const user = existing ?? (await users.findByEmail(input.email));
        if (!user) throw new Error('user vanished during registration');
        if (user.emailVerifiedAt)
          return mail.dispatch({
            to: user.email,
            ...registrationAttemptMail({ firstName: user.firstName, language: user.language }),
          });
        await sendCode(user, 'verify_email');
      });
    },

    /**
     * An unverified e-mail with the right password gets `otpRequired`: a code is mailed only when none is still
     * usable (one sign-up, one code; the code screen's "Resend OTP" asks for another), and the message says which.
     */
    async login(input: LoginInput, meta: ClientMeta): Promise<SignedIn | OtpRequired> {
      const accountFromHere = `${input.email} ${meta.ip}`;
      await limit('loginIp', meta.ip);
      await limit('loginAccount', accountFromHere);
      const user = await users.findByEmail(input.email);
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !ok) throw unauthorized(apiMessages.invalidCredentials);
      await ctx.rateLimits.reset('loginAccount', accountFromHere, authLimits.loginAccount);
      if (!user.emailVerifiedAt) {
        const sent = !(await otp.hasLive(user.id, 'verify_email')) && (await sendCode(user, 'verify_email'));
        const message = sent ? apiMessages.emailNotVerified : apiMessages.emailNotVerifiedCodeSent;
        return { otpRequired: { email: user.email, message } };
      }
      return signIn(user, meta);
    },

    /**
     * The code proves the mailbox, so the password given with it becomes the account's password: whatever
     * password an earlier registration of this address set (maybe someone else's) does not survive.
     */
    async verifyEmail(input: VerifyOtpInput, meta: ClientMeta): Promise<SignedIn> {
      const found = await users.findByEmail(input.email);
      await limitCodeCheck('verify_email', input.email, found, meta);
      if (!found || !(await otp.consume(found.id, 'verify_email', input.otp))) throw invalidOtp();
      const user = await users.update(found.id, {
        passwordHash: await hashPassword(input.password),
        ...(found.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }),
      });
      return signIn(user, meta);
    },

    /** A new verification code for an unverified account; the same answer for any other e-mail. */
    async resendOtp(email: string, meta: ClientMeta): Promise<void> {
      await limit('resendOtpIp', meta.ip);
      await limit('resendOtpEmail', email);
      afterAnswer(log, 'resend-otp', async () => {
        const user = await users.findByEmail(email);
        if (user && !user.emailVerifiedAt) await sendCode(user, 'verify_email');
      });
    },

    /** A reset code if the account exists; looked up after the answer (same time either way). */
    async forgotPassword(email: string, meta: ClientMeta): Promise<void> {
      await limit('forgotIp', meta.ip);
      await limit('forgotEmail', email);
      afterAnswer(log, 'forgot-password', async () => {
        const user = await users.findByEmail(email);
        if (user) await sendCode(user, 'reset_password');
      });
    },

    /** Sets the new password and ends every session; the code also proves the mailbox, so it verifies it. */
    async resetPassword(input: ResetPasswordInput, meta: ClientMeta): Promise<void> {
      const user = await users.findByEmail(input.email);
      await limitCodeCheck('reset_password', input.email, user, meta);
      if (!user || !(await otp.consume(user.id, 'reset_password', input.otp))) throw invalidOtp();
      await users.update(user.id, {
        passwordHash: await hashPassword(input.password),
        ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }),
      });
      await ctx.tokens.revokeAll(user.id);
      await ctx.rateLimits.reset('loginAccount', `${user.email} ${meta.ip}`, authLimits.loginAccount);
    },

    /**
     * Google sign-in: by Google subject first, then by e-mail (Google vouches for it), else a new verified
     * account without a password. Linking an unverified account drops its password, which nobody proved
     * to own the mailbox (account pre-hijacking).
     */
    async google(token: string, meta: ClientMeta): Promise<SignedIn> {
      if (!ctx.config.GOOGLE_CLIENT_ID) throw badRequest(apiMessages.googleDisabled);
      await limit('googleIp', meta.ip);
      google ??= createGoogleVerifier({
        clientId: ctx.config.GOOGLE_CLIENT_ID,
        jwksUrl: ctx.config.GOOGLE_JWKS_URL,
      });
      const identity = await google(token);
      if (!identity) throw unauthorized(apiMessages.googleFailed);
      if (!identity.emailVerified) throw unauthorized(apiMessages.googleEmailUnverified);

      let user = await users.findByGoogleSub(identity.sub);
      if (!user) {
        const byEmail = await users.findByEmail(identity.email);
        if (byEmail) {
          // Another Google account is already linked to this e-mail's account: do not silently switch.
          if (byEmail.googleSub && byEmail.googleSub !== identity.sub)
            throw unauthorized(apiMessages.googleFailed);
          user = await users.update(byEmail.id, {
            googleSub: identity.sub,
            ...(byEmail.emailVerifiedAt ? {} : { emailVerifiedAt: new Date(), passwordHash: null }),
          });
        } else {
          const [first, ...rest] = (identity.name ?? identity.email.split('@')[0] ?? 'Collector').split(
            /\s+/,
          );
          user = await users.create({
            firstName: (identity.givenName ?? first ?? 'Collector').slice(0, 100),
            lastName: (identity.familyName ?? rest.join(' ')).slice(0, 100),
            email: identity.email,
            googleSub: identity.sub,
            passwordHash: null,
            emailVerifiedAt: new Date(),
            language: meta.language ?? 'en',
          });
          if (!user) throw unauthorized(apiMessages.googleFailed);
        }
      }
      return signIn(user, meta);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

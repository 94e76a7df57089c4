import type { FastifyBaseLogger } from 'fastify';
import { apiMessages } from '@knotwork/shared/messages/api';
import type { ProfileUpdateInput } from '@knotwork/shared/schemas/auth';
import type { User } from '@knotwork/shared/schemas/user';
import type { Language } from '@knotwork/shared/constants/languages';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from './tokens.ts';
import { badRequest, conflict, unauthorized } from '../../lib/http-error.ts';
import type { MailDispatcher } from '../mail/dispatch.ts';
import { verificationCodeMail } from '../mail/templates.ts';
import { avatarPath, removeAvatar, storeAvatar } from './avatar.ts';
import { authLimits } from './limits.ts';
import type { OtpService } from './otp.ts';
import { verifyPassword } from './passwords.ts';
import { createUserRepository, isUniqueViolation, type UserPatch } from './repository.ts';
import { toUser } from './user-mapper.ts';

/**
 * Profile changes. Names change freely. A new e-mail needs the current password; it is stored unverified
 * and gets a verification code (the next sign-in asks for it), and every other session is revoked. A new
 * picture replaces the old one on disk.
 */
export function createProfileService(
  /** The infrastructure it uses, named: a new dependency shows in this signature. */
  ctx: Pick<AppContext, 'db' | 'rateLimits' | 'tokens' | 'config' | 'storage'>,
  mail: MailDispatcher,
  log: FastifyBaseLogger,
  otp: OtpService,
) {
  const users = createUserRepository(ctx.db);

  return {
    /** The language the account's e-mails are written in; the web sends it when the user switches language. */
    async setLanguage(auth: AuthContext, language: Language): Promise<{ language: Language }> {
      const user = await users.findById(auth.userId);
      if (!user) throw unauthorized(apiMessages.unauthorized);
      if (user.language !== language) await users.update(user.id, { language });
      return { language };
    },

    async get(auth: AuthContext): Promise<User> {
      const user = await users.findById(auth.userId);
      if (!user) throw unauthorized(apiMessages.unauthorized);
      return toUser(user);
    },

    async update(auth: AuthContext, input: ProfileUpdateInput, image?: Buffer): Promise<User> {
      await ctx.rateLimits.consume('profileUser', auth.userId, authLimits.profileUser);
      const user = await users.findById(auth.userId);
      if (!user) throw unauthorized(apiMessages.unauthorized);

      const patch: UserPatch = {};
      if (input.first_name !== undefined) patch.firstName = input.first_name;
      if (input.last_name !== undefined) patch.lastName = input.last_name;
      const emailChanges = input.email !== undefined && input.email !== user.email;
      if (emailChanges) {
        if (!input.current_password) {
          throw badRequest(apiMessages.currentPasswordRequired, {
            errors: { current_password: apiMessages.currentPasswordRequired },
          });
        }
        if (!(await verifyPassword(user.passwordHash, input.current_password))) {
          throw badRequest(apiMessages.currentPasswordWrong, {
            errors: { current_password: apiMessages.currentPasswordWrong },
          });
        }
        const taken = await users.findByEmail(input.email!);
        if (taken) throw conflict(apiMessages.emailTaken, { errors: { email: apiMessages.emailTaken } });
        patch.email = input.email!;
        patch.emailVerifiedAt = null;
      }

      let newImage: string | undefined;
      if (image) {
        newImage = await storeAvatar(image, ctx.storage);
        patch.profileImage = avatarPath(ctx.config.MEDIA_BASE_URL, newImage);
      }

      let updated;
      try {
        updated = Object.keys(patch).length ? await users.update(user.id, patch) : user;
      } catch (err) {
        if (newImage) await removeAvatar(patch.profileImage ?? null, ctx.config.MEDIA_BASE_URL, ctx.storage);
        if (isUniqueViolation(err))
          throw conflict(apiMessages.emailTaken, { errors: { email: apiMessages.emailTaken } });
        throw err;
      }
      if (newImage) {
        await removeAvatar(user.profileImage, ctx.config.MEDIA_BASE_URL, ctx.storage).catch((err: unknown) =>
          log.warn({ err }, 'old avatar could not be removed'),
        );
      }
      if (emailChanges) {
        await ctx.tokens.revokeAll(user.id, auth.sessionId);
        const code = await otp.issue(updated.id, 'verify_email');
        mail.dispatch({
          to: updated.email,
          ...verificationCodeMail({ firstName: updated.firstName, code, language: updated.language }),
        });
      }
      return toUser(updated);
    },
  };
}

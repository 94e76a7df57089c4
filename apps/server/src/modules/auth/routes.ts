import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '@knotwork/shared/messages/api';
import {
  authConfigResponseSchema,
  forgotPasswordSchema,
  googleLoginSchema,
  loginQuerySchema,
  loginResponseSchema,
  loginSchema,
  meResponseSchema,
  otpRequiredResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
  registerSchema,
  resendOtpSchema,
  resetPasswordSchema,
  verifyOtpResponseSchema,
  verifyOtpSchema,
} from '@knotwork/shared/schemas/auth';
import { errorResponseSchema, messageResponseSchema } from '@knotwork/shared/schemas/common';
import { languageFromAcceptLanguage } from '@knotwork/shared/constants/languages';
import { languageUpdateResponseSchema, languageUpdateSchema } from '@knotwork/shared/schemas/user';
import { settleAfterAnswer } from '../../lib/after-answer.ts';
import { currentUser } from '../../plugins/auth.ts';
import { readProfileRequest } from './profile-request.ts';
import type { ClientMeta } from './service.ts';
import { parseOrRefuse } from './validation.ts';
import type { RouteDeps } from '../../route-deps.ts';

const tags = ['auth'];
const bearer = [{ bearerAuth: [] }];
const meta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  language: languageFromAcceptLanguage(request.headers['accept-language']),
});

// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod<RouteDeps<'config' | 'tokens'>> = (app, { config, tokens }) => {
  const { auth, profile, authMail } = app.services;
  // Work deferred past an answer may still dispatch mail: let it finish first, before the database closes.
  app.addHook('onClose', async () => {
    await settleAfterAnswer();
    await authMail.drain();
  });

  app.get(
    '/auth/config',
    {
      schema: {
        tags,
        summary: 'Sign-in options for the web app (Google client id or null)',
        response: { 200: authConfigResponseSchema },
      },
    },
    () => ({ googleClientId: config.GOOGLE_CLIENT_ID ?? null }),
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account; a 4-digit code is mailed to verify the e-mail',
        description: 'Answers the same for a new and a known e-mail (no account enumeration).',
        body: registerSchema,
        response: { 201: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await auth.register(request.body, meta(request));
      return reply.status(201).send({ message: apiMessages.registered });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        description:
          'Unknown e-mail and wrong password both answer 401. An unverified e-mail (right password) answers 403 with data.requiresOtp, ' +
          'or 202 with the same body when the caller asks with ?unverified=accepted (the web app: an expected answer, not an error in ' +
          "the browser's console). A code is mailed only when the account has no usable one; the message says which.",
        body: loginSchema,
        querystring: loginQuerySchema,
        response: {
          200: loginResponseSchema,
          202: otpRequiredResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: otpRequiredResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body, meta(request));
      if ('otpRequired' in result) {
        const { email, message } = result.otpRequired;
        return reply
          .status(request.query.unverified === 'accepted' ? 202 : 403)
          .send({ message, data: { email, requiresOtp: true as const } });
      }
      return { message: apiMessages.loggedIn, accessToken: result.token, user: result.user };
    },
  );

  app.post(
    '/auth/verify-otp',
    {
      schema: {
        tags,
        summary: 'Verify the e-mail with the mailed code; signs the user in',
        description:
          'Body: email, otp and password. The password given with the code becomes the account password: only the person who ' +
          'proves the mailbox chooses it (a second registration of a pending e-mail never changes it).',
        body: verifyOtpSchema,
        response: { 200: verifyOtpResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { token, user } = await auth.verifyEmail(request.body, meta(request));
      return { message: apiMessages.otpVerified, token, user };
    },
  );

  app.post(
    '/auth/resend-otp',
    {
      schema: {
        tags,
        summary: 'Mail a new verification code (same answer for any e-mail)',
        body: resendOtpSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await auth.resendOtp(request.body.email, meta(request));
      return { message: apiMessages.otpResent };
    },
  );

  app.post(
    '/auth/password/forgot',
    {
      schema: {
        tags,
        summary: 'Mail a password reset code if the account exists (same answer either way)',
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, meta(request));
      return { message: apiMessages.passwordForgot };
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with the mailed code; signs out every session',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, meta(request));
      return { message: apiMessages.passwordReset };
    },
  );

  app.post(
    '/auth/google',
    {
      schema: {
        tags,
        summary: 'Sign in or up with a Google ID token',
        body: googleLoginSchema,
        response: {
          200: loginResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { token, user } = await auth.google(request.body.token, meta(request));
      return { message: apiMessages.loggedIn, accessToken: token, user };
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Sign out: this token stops working everywhere',
        security: bearer,
        response: { 200: messageResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await tokens.revoke(currentUser(request).sessionId);
      return { message: apiMessages.loggedOut };
    },
  );

  const userSchemaOpts = { security: bearer, response: { 200: meResponseSchema, 401: errorResponseSchema } };
  app.get(
    '/auth/me',
    { preHandler: app.authenticate, schema: { tags, summary: 'The signed-in user', ...userSchemaOpts } },
    async (request) => ({
      user: await profile.get(currentUser(request)),
    }),
  );
  app.get(
    '/auth/profile',
    { preHandler: app.authenticate, schema: { tags, summary: 'My profile', ...userSchemaOpts } },
    async (request) => ({
      user: await profile.get(currentUser(request)),
    }),
  );

  app.put(
    '/auth/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Update my profile (JSON, or multipart/form-data with a profileImage file)',
        description:
          'Fields: first_name, last_name, email, current_password (needed to change the e-mail), and in multipart a `profileImage` file ' +
          '(JPEG, PNG, WebP or AVIF, at most 5 MB and 40 megapixels; stored as a 512x512 WebP). A new e-mail is stored unverified, ' +
          'a code is mailed to it, and every other session is signed out.',
        consumes: ['application/json', 'multipart/form-data'],
        security: bearer,
        // Optional so that multipart requests (no parsed body) reach the handler, which validates their fields.
        body: profileUpdateSchema.nullish(),
        response: {
          200: profileResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { fields, image } = await readProfileRequest(request);
      const input = parseOrRefuse(profileUpdateSchema, fields);
      const user = await profile.update(currentUser(request), input, image);
      return { message: apiMessages.profileUpdated, user };
    },
  );

  app.put(
    '/auth/language',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Set my language (en, fr or ar): my e-mails are written in it',
        security: bearer,
        body: languageUpdateSchema,
        response: { 200: languageUpdateResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { language } = await profile.setLanguage(currentUser(request), request.body.language);
      return { language };
    },
  );
  return Promise.resolve();
};
export default routes;

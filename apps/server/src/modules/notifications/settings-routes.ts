import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isLanguage, languageFromAcceptLanguage, type Language } from '@knotwork/shared/constants/languages';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  notificationSettingsBodySchema,
  notificationSettingsMessages,
  notificationSettingsResponseSchema,
  notificationSettingsSavedSchema,
  unsubscribeQuerySchema,
  type NotificationKind,
} from '@knotwork/shared/schemas/notification-settings';
import { currentUser } from '../../plugins/auth.ts';
import { mailDirection, mailT } from '../mail/mail-i18n.ts';
import { escapeHtml } from '../mail/templates.ts';
import { SETTINGS_WEB_PATH } from './mail-settings.ts';
import type { RouteDeps } from '../../route-deps.ts';

/**
 * The notification settings (GET/PUT /notification/settings, signed in) and the e-mails' unsubscribe
 * (GET/POST /notifications/unsubscribe?token=..., no sign-in), decision 075.
 */
const routes: FastifyPluginAsyncZod<RouteDeps<'config'>> = (app, { config }) => {
  const settings = app.services.notificationSettings;

  app.get(
    '/notification/settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'My notification settings: per kind, e-mail, push and in-app on or off',
        security: [{ bearerAuth: [] }],
        response: { 200: notificationSettingsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ settings: await settings.load(currentUser(request).userId) }),
  );

  app.put(
    '/notification/settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Replace my notification settings',
        description:
          'Every kind with its three switches (`email`, `push`, `inApp`), all booleans; unknown keys are refused.',
        security: [{ bearerAuth: [] }],
        body: notificationSettingsBodySchema,
        response: {
          200: notificationSettingsSavedSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      return {
        message: notificationSettingsMessages.saved,
        settings: await settings.save(userId, request.body.settings),
      };
    },
  );

  // RFC 8058: a mail client posts `List-Unsubscribe=One-Click` as a form; the token is in the URL, the body is not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, body);
    },
  );

  async function languageOf(userId: string | undefined, request: FastifyRequest): Promise<Language> {
    if (userId) {
      const language = await settings.languageOf(userId);
      if (language && isLanguage(language)) return language;
    }
    return languageFromAcceptLanguage(request.headers['accept-language']);
  }

  function page(
    reply: FastifyReply,
    status: number,
    language: Language,
    paragraphs: string[],
    form?: string,
  ) {
    const t = mailT(language);
    const settingsUrl = `${config.PUBLIC_URL.replace(/\/$/, '')}${SETTINGS_WEB_PATH}`;
    const html = `<!doctype html>
<html lang="${language}" dir="${mailDirection(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t('unsubscribe.page.title'))}</title></head>
<body style="margin:0;background:#f6f1ea;font-family:Georgia,'Times New Roman',serif;color:#2b2118;">
<main style="max-width:520px;margin:48px auto;padding:28px 24px;background:#fffdf9;border:1px solid #e4d9c8;box-sizing:border-box;">
<div dir="ltr" style="text-align:center;font-size:22px;letter-spacing:5px;text-transform:uppercase;color:#7a2e1f;">Knotwork</div>
<h1 style="font-size:22px;font-weight:normal;margin:24px 0 12px;">${escapeHtml(t('unsubscribe.page.title'))}</h1>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.6;">${escapeHtml(p)}</p>`).join('\n')}
${form ?? ''}
<p style="font-size:14px;margin-top:28px;"><a href="${escapeHtml(settingsUrl)}" style="color:#7a2e1f;">${escapeHtml(t('unsubscribe.manage'))}</a></p>
</main></body></html>`;
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  }

  const kindLabel = (language: Language, kind: NotificationKind) =>
    mailT(language)(`unsubscribe.kinds.${kind}`);

  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: "An e-mail's unsubscribe link: a page asking to confirm (nothing changes on GET)",
        description:
          'A link scanner may open the link, so GET only shows the page; its button, like the mail client’s ' +
          'one-click POST (RFC 8058), turns that kind of e-mail off. 400 with a page for an invalid token.',
        querystring: unsubscribeQuerySchema,
      },
    },
    async (request, reply) => {
      const target = await settings.readToken(request.query.token);
      const language = await languageOf(target?.userId, request);
      const t = mailT(language);
      if (!target) return page(reply, 400, language, [t('unsubscribe.page.invalid')]);
      const action = `?token=${encodeURIComponent(request.query.token ?? '')}`;
      return page(
        reply,
        200,
        language,
        [t('unsubscribe.page.confirm', { kind: kindLabel(language, target.kind) })],
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:12px 28px;background:#7a2e1f;color:#fffdf9;border:0;font:inherit;font-size:16px;cursor:pointer;">${escapeHtml(t('unsubscribe.page.button'))}</button></form>`,
      );
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'One-click unsubscribe (RFC 8058): turns the e-mails of the token’s kind off, without sign-in',
        description:
          'The token (from List-Unsubscribe or the e-mail’s footer) names one account and one kind; the answer is ' +
          'a short page. Repeating it changes nothing more. 400 for an invalid or altered token.',
        querystring: unsubscribeQuerySchema,
      },
    },
    async (request, reply) => {
      const target = await settings.unsubscribe(request.query.token);
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (!target) {
        const language = await languageOf(undefined, request);
        if (wantsHtml) return page(reply, 400, language, [mailT(language)('unsubscribe.page.invalid')]);
        return reply.code(400).send({ message: notificationSettingsMessages.unsubscribeInvalid });
      }
      const language = await languageOf(target.userId, request);
      if (!wantsHtml) return { message: notificationSettingsMessages.unsubscribed };
      return page(reply, 200, language, [
        mailT(language)('unsubscribe.page.done', { kind: kindLabel(language, target.kind) }),
      ]);
    },
  );
  return Promise.resolve();
};
export default routes;

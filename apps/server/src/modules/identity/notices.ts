import type { Language } from '@knotwork/shared/constants/languages';
import { mailT } from '../mail/mail-i18n.ts';
import { escapeHtml, greeting, layout, signature, type MailContent } from '../mail/templates.ts';
import type { NotificationInput } from '../notifications/notifier.ts';

export type IdentityDecision = { status: 'approved' } | { status: 'rejected'; reason: string };

const words = (decision: IdentityDecision, language: Language) => {
  const t = mailT(language);
  const key = `identity.${decision.status}`;
  const values: Record<string, string> = decision.status === 'rejected' ? { reason: decision.reason } : {};
  return { title: t(`${key}.title`, values), body: t(`${key}.body`, values) };
};

/** The bell's notice of a review, in the buyer's language (notify picks it); it opens the identity page. */
export function identityNotice(decision: IdentityDecision, link: string): NotificationInput {
  return {
    type: 'identity_check',
    ...words(decision, 'en'),
    link,
    data: { status: decision.status },
    localized: (language) => words(decision, language),
  };
}

/** The same news by e-mail, in the buyer's language, with one button to the identity page. */
export function identityMail(input: {
  decision: IdentityDecision;
  language: Language;
  firstName: string;
  url: string;
}): MailContent {
  const t = mailT(input.language);
  const { title, body } = words(input.decision, input.language);
  const hello = greeting(input.firstName, input.language);
  const action = t('identity.action');
  const text = `${hello}\n\n${body}\n\n${action}: ${input.url}\n\n${signature(input.language)}\n`;
  const html = layout(
    title,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(body)}</p>
<p style="margin:28px 0;text-align:center;"><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:12px 28px;background:#7a2e1f;color:#fffdf9;text-decoration:none;font-size:16px;">${escapeHtml(action)}</a></p>`,
    input.language,
  );
  return { subject: title, text, html, kind: 'account' };
}

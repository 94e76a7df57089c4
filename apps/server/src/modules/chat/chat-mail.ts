import type { Language } from '@knotwork/shared/constants/languages';
import { mailT } from '../mail/mail-i18n.ts';
import { escapeHtml, greeting, layout, signature, type MailContent } from '../mail/templates.ts';

const HOUSE = 'Knotwork';

/**
 * A staff reply for a customer who was not on the site: the reply, the customer's last message for context, and
 * a link that opens the conversation again (for a visitor it carries the conversation's token).
 */
export function chatReplyMail(input: {
  staffName: string;
  reply: string;
  customerMessage: string | null;
  link: string;
  firstName?: string | undefined;
  language: Language;
}): MailContent {
  const { language } = input;
  const t = mailT(language);
  const subject = t('chatReply.subject', { name: input.staffName, house: HOUSE });
  const hello = greeting(input.firstName, language);
  const intro = t('chatReply.intro', { name: input.staffName });
  const yours = input.customerMessage ? `\n\n${t('chatReply.yours')}\n${input.customerMessage}` : '';
  const text = `${hello}

${intro}

${input.reply}${yours}

${t('chatReply.link')}: ${input.link}

${t('chatReply.footer')}

${signature(language)}
`;
  // Plain text from people: escaped, line breaks kept.
  const para = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');
  const html = layout(
    subject,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<blockquote style="margin:16px 0;padding:12px 16px;border-inline-start:3px solid #7a2e1f;background:#f6f1ea;">${para(input.reply)}</blockquote>
${input.customerMessage ? `<p style="color:#8a7a66;">${escapeHtml(t('chatReply.yours'))}<br>${para(input.customerMessage)}</p>` : ''}
<p><a href="${escapeHtml(input.link)}" style="color:#7a2e1f;">${escapeHtml(t('chatReply.link'))}</a></p>
<p style="font-size:13px;color:#8a7a66;">${escapeHtml(t('chatReply.footer'))}</p>`,
    language,
  );
  return { subject, text, html, kind: 'messages' };
}

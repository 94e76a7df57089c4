import type { Language } from '@knotwork/shared/constants/languages';
import { mailDate, mailT } from '../mail/mail-i18n.ts';
import { escapeHtml, greeting, layout, signature, type MailContent } from '../mail/templates.ts';

const HOUSE = 'Knotwork';

/** Staff's answer to a contact-form message, in the sender's language, with their message quoted below it. */
export function contactReplyMail(input: {
  name: string;
  reply: string;
  original: string;
  receivedAt: Date;
  language: Language;
}): MailContent {
  const { language } = input;
  const t = mailT(language);
  const subject = t('contactReply.subject', { house: HOUSE });
  const hello = greeting(input.name, language);
  const intro = t('contactReply.intro');
  const yours = t('contactReply.yours', { date: mailDate(input.receivedAt, language) });
  const text = `${hello}

${intro}

${input.reply}

${yours}
${input.original}

${t('contactReply.footer')}

${signature(language)}
`;
  // Plain text from people: escaped, line breaks kept.
  const para = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');
  const html = layout(
    subject,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<blockquote style="margin:16px 0;padding:12px 16px;border-inline-start:3px solid #7a2e1f;background:#f6f1ea;">${para(input.reply)}</blockquote>
<p style="color:#8a7a66;">${escapeHtml(yours)}<br>${para(input.original)}</p>
<p style="font-size:13px;color:#8a7a66;">${escapeHtml(t('contactReply.footer'))}</p>`,
    language,
  );
  return { subject, text, html, kind: 'messages' };
}

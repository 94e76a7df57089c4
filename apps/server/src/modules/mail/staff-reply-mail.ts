import type { Language } from '@knotwork/shared/constants/languages';
import { escapeHtml, greeting, layout, signature, type MailContent } from './templates.ts';

/**
 * A staff member's written answer to a customer, as mailed: the greeting, the answer set apart, what the customer
 * wrote for context, an optional link back, and the footer. The contact-form reply and the chat reply both send
 * it with their own words (their locale keys), so the two mails cannot drift apart in layout.
 */
export function staffReplyMail(input: {
  language: Language;
  subject: string;
  /** The customer's name for the greeting, when known. */
  name?: string | undefined;
  intro: string;
  reply: string;
  /** What the customer wrote, under its label. */
  quoted: { label: string; text: string } | null;
  link: { label: string; url: string } | null;
  footer: string;
}): MailContent {
  const { language, subject, intro, reply, quoted, link, footer } = input;
  const hello = greeting(input.name, language);
  const text = `${hello}

${intro}

${reply}${quoted ? `\n\n${quoted.label}\n${quoted.text}` : ''}${link ? `\n\n${link.label}: ${link.url}` : ''}

${footer}

${signature(language)}
`;
  // Plain text from people: escaped, line breaks kept.
  const para = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');
  const html = layout(
    subject,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
<blockquote style="margin:16px 0;padding:12px 16px;border-inline-start:3px solid #7a2e1f;background:#f6f1ea;">${para(reply)}</blockquote>
${quoted ? `<p style="color:#8a7a66;">${escapeHtml(quoted.label)}<br>${para(quoted.text)}</p>` : ''}
${link ? `<p><a href="${escapeHtml(link.url)}" style="color:#7a2e1f;">${escapeHtml(link.label)}</a></p>\n` : ''}<p style="font-size:13px;color:#8a7a66;">${escapeHtml(footer)}</p>`,
    language,
  );
  return { subject, text, html, kind: 'messages' };
}

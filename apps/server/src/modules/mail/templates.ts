import { OTP_TTL_MINUTES } from '@knotwork/shared/constants/limits';
import { DEFAULT_LANGUAGE, type Language } from '@knotwork/shared/constants/languages';
import { mailDirection, mailT } from './mail-i18n.ts';
import type { MailMessage } from './mailer.ts';

/** A rendered mail: subject, a plain-text body (always), and a simple HTML body. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** What the mail is about for the reader's notification settings (MailMessage.kind); `orders` when unnamed. */
  kind?: MailMessage['kind'];
}

const HOUSE = 'Knotwork';

/** The sign-off under every mail's text, in the reader's language. */
export function signature(language: Language = DEFAULT_LANGUAGE): string {
  const t = mailT(language);
  return `${t('letterhead.regards')}\n${t('letterhead.team', { house: HOUSE })}\n${t('letterhead.since')}`;
}
/** The English sign-off (staff mails are written in English). */
export const SIGNATURE = signature('en');

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * The house letterhead around a few paragraphs of already-escaped HTML, in the reader's language and direction.
 * Inline styles: mail clients drop <style>.
 */
export function layout(title: string, bodyHtml: string, language: Language = DEFAULT_LANGUAGE): string {
  const t = mailT(language);
  const dir = mailDirection(language);
  return `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f6f1ea;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f1ea;padding:32px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" dir="${dir}" style="background:#fffdf9;border:1px solid #e4d9c8;font-family:Georgia,'Times New Roman',serif;color:#2b2118;">
<tr><td style="padding:28px 40px 12px;border-bottom:1px solid #e4d9c8;text-align:center;">
<div dir="ltr" style="font-size:26px;letter-spacing:6px;text-transform:uppercase;color:#7a2e1f;">${HOUSE}</div>
<div style="font-size:12px;letter-spacing:2px;text-transform:uppercase;color:#8a7a66;margin-top:4px;">${escapeHtml(t('letterhead.tagline'))}</div>
</td></tr>
<tr><td style="padding:28px 40px;font-size:16px;line-height:1.6;text-align:start;">${bodyHtml}</td></tr>
<tr><td style="padding:16px 40px 28px;border-top:1px solid #e4d9c8;font-size:13px;line-height:1.5;color:#8a7a66;text-align:start;">
${escapeHtml(t('letterhead.regards'))}<br>${escapeHtml(t('letterhead.team', { house: HOUSE }))}<br><em>${escapeHtml(t('letterhead.since'))}</em>
</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

function codeBlock(code: string): string {
  return `<p dir="ltr" style="text-align:center;margin:28px 0;"><span style="display:inline-block;padding:14px 28px;border:1px solid #7a2e1f;font-size:32px;letter-spacing:12px;font-family:'Courier New',monospace;color:#7a2e1f;">${escapeHtml(code)}</span></p>`;
}

/** A mail's one call to action, a button in the house's colours (the portal mails to consignors). */
export const buttonHtml = (link: { href: string; label: string }) =>
  `<p style="text-align:center;margin:28px 0;"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 28px;background:#7a2e1f;color:#fffdf9;text-decoration:none;letter-spacing:1px;">${escapeHtml(link.label)}</a></p>`;

/**
 * An account mail of plain paragraphs and one call to action (a re-offer, a registration decided, a block for unpaid
 * orders): the text part with the link written out, the HTML with the button, the signature in the reader's language.
 * Sent whatever the reader's notification settings say (`account`).
 */
export function paragraphsMail(
  subject: string,
  paragraphs: readonly string[],
  link: { href: string; label: string },
  language: Language,
): MailContent {
  const text = [...paragraphs, `${link.label}: ${link.href}`]
    .join('\n\n')
    .concat(`\n\n${signature(language)}\n`);
  const html = layout(
    subject,
    [
      ...paragraphs.map((p) => `<p style="white-space:pre-wrap;">${escapeHtml(p)}</p>`),
      buttonHtml(link),
    ].join('\n'),
    language,
  );
  return { subject, text, html, kind: 'account' };
}

export const greeting = (firstName: string | undefined, language: Language = DEFAULT_LANGUAGE) => {
  const t = mailT(language);
  return firstName ? t('greeting.named', { name: firstName }) : t('greeting.anonymous');
};

/** A code mail (verification or reset): greeting, introduction, the code, how long it is valid. */
function codeMail(
  kind: 'verification' | 'reset',
  input: { firstName?: string; code: string; language?: Language },
): MailContent {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = mailT(language);
  const subject = t(`${kind}.subject`, { house: HOUSE, code: input.code });
  const hello = greeting(input.firstName, language);
  const intro = t(`${kind}.intro`, { house: HOUSE });
  const validity = t(`${kind}.validity`, { minutes: OTP_TTL_MINUTES });
  const text = `${hello}

${intro}

    ${input.code}

${validity}

${signature(language)}
`;
  const html = layout(
    subject,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
${codeBlock(input.code)}
<p style="font-size:14px;color:#5c4d3c;">${escapeHtml(validity)}</p>`,
    language,
  );
  return { subject, text, html, kind: 'account' };
}

export const verificationCodeMail = (input: { firstName?: string; code: string; language?: Language }) =>
  codeMail('verification', input);

export const resetCodeMail = (input: { firstName?: string; code: string; language?: Language }) =>
  codeMail('reset', input);

export function registrationAttemptMail(input: { firstName?: string; language?: Language }): MailContent {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = mailT(language);
  const subject = t('registrationAttempt.subject', { house: HOUSE });
  const hello = greeting(input.firstName, language);
  const body1 = t('registrationAttempt.body1', { house: HOUSE });
  const forgot = t('registrationAttempt.forgot');
  const text = `${hello}

${body1}

${t('registrationAttempt.body2', { forgot: t('quoted', { text: forgot }) })}

${signature(language)}
`;
  // The page's link is named in italics in HTML, in quotation marks in plain text.
  const [before = '', after = ''] = escapeHtml(t('registrationAttempt.body2', { forgot: '\u0000' })).split(
    '\u0000',
  );
  const html = layout(
    subject,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(body1)}</p>
<p>${before}<em>${escapeHtml(forgot)}</em>${after}</p>`,
    language,
  );
  return { subject, text, html, kind: 'account' };
}

export function contactStaffMail(input: {
  name: string;
  email: string;
  mobileNumber: string;
  message: string;
  receivedAt: Date;
}): MailContent {
  const subject = `New enquiry from ${input.name}`;
  const when = input.receivedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const text = `A new enquiry arrived through the contact form.

Name:    ${input.name}
E-mail:  ${input.email}
Phone:   ${input.mobileNumber}
Received: ${when}

Message:
${input.message}

Reply to the client directly at ${input.email}.
`;
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#8a7a66;white-space:nowrap;">${label}</td><td style="padding:4px 0;">${escapeHtml(value)}</td></tr>`;
  const html = layout(
    subject,
    `<p>A new enquiry arrived through the contact form.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin:16px 0;">
${row('Name', input.name)}${row('E-mail', input.email)}${row('Phone', input.mobileNumber)}${row('Received', when)}
</table>
<blockquote style="margin:16px 0;padding:12px 16px;border-left:3px solid #7a2e1f;background:#f6f1ea;white-space:pre-wrap;">${escapeHtml(input.message)}</blockquote>
<p style="font-size:14px;color:#5c4d3c;">Reply to the client directly at ${escapeHtml(input.email)}.</p>`,
  );
  return { subject, text, html };
}

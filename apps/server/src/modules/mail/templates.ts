import { OTP_TTL_MINUTES } from '@knotwork/shared/constants/limits';

/** A rendered mail: subject, a plain-text body (always), and a simple HTML body. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HOUSE = 'Knotwork';
export const SIGNATURE = `With kind regards,\nThe ${HOUSE} team\nFine, rare and antique rugs at auction since 2010`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The house letterhead around a few paragraphs of already-escaped HTML. Inline styles: mail clients drop <style>. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f6f1ea;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f1ea;padding:32px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fffdf9;border:1px solid #e4d9c8;font-family:Georgia,'Times New Roman',serif;color:#2b2118;">
<tr><td style="padding:28px 40px 12px;border-bottom:1px solid #e4d9c8;text-align:center;">
<div style="font-size:26px;letter-spacing:6px;text-transform:uppercase;color:#7a2e1f;">${HOUSE}</div>
<div style="font-size:12px;letter-spacing:2px;text-transform:uppercase;color:#8a7a66;margin-top:4px;">Fine Rugs at Auction</div>
</td></tr>
<tr><td style="padding:28px 40px;font-size:16px;line-height:1.6;">${bodyHtml}</td></tr>
<tr><td style="padding:16px 40px 28px;border-top:1px solid #e4d9c8;font-size:13px;line-height:1.5;color:#8a7a66;">
With kind regards,<br>The ${HOUSE} team<br><em>Fine, rare and antique rugs at auction since 2010</em>
</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

function codeBlock(code: string): string {
  return `<p style="text-align:center;margin:28px 0;"><span style="display:inline-block;padding:14px 28px;border:1px solid #7a2e1f;font-size:32px;letter-spacing:12px;font-family:'Courier New',monospace;color:#7a2e1f;">${escapeHtml(code)}</span></p>`;
}

export const greeting = (firstName: string | undefined) => (firstName ? `Dear ${firstName},` : 'Dear collector,');

export function verificationCodeMail(input: { firstName?: string; code: string }): MailContent {
  const subject = `Your ${HOUSE} verification code: ${input.code}`;
  const text = `${greeting(input.firstName)}

Thank you for joining ${HOUSE}. To confirm your e-mail address, please enter this code:

    ${input.code}

The code is valid for ${OTP_TTL_MINUTES} minutes and can be used once. If you did not create an account with us, you may safely ignore this message.

${SIGNATURE}
`;
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.firstName))}</p>
<p>Thank you for joining ${HOUSE}. To confirm your e-mail address, please enter this code:</p>
${codeBlock(input.code)}
<p style="font-size:14px;color:#5c4d3c;">The code is valid for ${OTP_TTL_MINUTES} minutes and can be used once. If you did not create an account with us, you may safely ignore this message.</p>`,
  );
  return { subject, text, html };
}

export function resetCodeMail(input: { firstName?: string; code: string }): MailContent {
  const subject = `Your ${HOUSE} password reset code: ${input.code}`;
  const text = `${greeting(input.firstName)}

We received a request to reset the password of your ${HOUSE} account. Please enter this code to choose a new password:

    ${input.code}

The code is valid for ${OTP_TTL_MINUTES} minutes and can be used once. If you did not ask for this, no action is needed: your password stays as it is.

${SIGNATURE}
`;
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.firstName))}</p>
<p>We received a request to reset the password of your ${HOUSE} account. Please enter this code to choose a new password:</p>
${codeBlock(input.code)}
<p style="font-size:14px;color:#5c4d3c;">The code is valid for ${OTP_TTL_MINUTES} minutes and can be used once. If you did not ask for this, no action is needed: your password stays as it is.</p>`,
  );
  return { subject, text, html };
}

export function registrationAttemptMail(input: { firstName?: string }): MailContent {
  const subject = `Someone tried to register with your e-mail at ${HOUSE}`;
  const text = `${greeting(input.firstName)}

Someone just tried to create a new ${HOUSE} account with this e-mail address. You already have an account with us, so nothing was changed.

If it was you, simply sign in. If you have forgotten your password, use "Forgot Password?" on the sign-in page. If it was not you, you may ignore this message; your account is safe.

${SIGNATURE}
`;
  const html = layout(
    subject,
    `<p>${escapeHtml(greeting(input.firstName))}</p>
<p>Someone just tried to create a new ${HOUSE} account with this e-mail address. You already have an account with us, so nothing was changed.</p>
<p>If it was you, simply sign in. If you have forgotten your password, use <em>Forgot Password?</em> on the sign-in page. If it was not you, you may ignore this message; your account is safe.</p>`,
  );
  return { subject, text, html };
}

export function contactStaffMail(input: { name: string; email: string; mobileNumber: string; message: string; receivedAt: Date }): MailContent {
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

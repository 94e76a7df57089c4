import { describe, expect, it } from 'vitest';
import {
  contactStaffMail,
  escapeHtml,
  registrationAttemptMail,
  resetCodeMail,
  verificationCodeMail,
} from '../../src/modules/mail/templates.ts';

describe('mail templates', () => {
  it('carry the code in subject, text and HTML', () => {
    for (const make of [verificationCodeMail, resetCodeMail]) {
      const mail = make({ firstName: 'Ada', code: '0427' });
      expect(mail.subject).toContain('0427');
      expect(mail.text).toContain('Dear Ada,');
      expect(mail.text).toContain('0427');
      expect(mail.text).toContain('10 minutes');
      expect(mail.html).toContain('0427');
      expect(mail.html).toMatch(/^<!doctype html>/);
    }
  });

  it('escape whatever a visitor typed into the staff notification', () => {
    const mail = contactStaffMail({
      name: 'Eve <script>',
      email: 'eve@example.com',
      mobileNumber: '+441234567890',
      message: '<img src=x onerror=alert(1)> & "quotes"',
      receivedAt: new Date('2025-01-02T03:04:05Z'),
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
    expect(mail.text).toContain('2025-01-02 03:04 UTC');
  });

  it('word the registration notice without a code', () => {
    const mail = registrationAttemptMail({ firstName: 'Ada' });
    expect(mail.text).toContain('nothing was changed');
    expect(mail.subject).not.toMatch(/\d{4}/);
  });

  it('escapes HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

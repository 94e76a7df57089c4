import type { Language } from '@knotwork/shared/constants/languages';
import { mailDate, mailT } from '../mail/mail-i18n.ts';
import { staffReplyMail } from '../mail/staff-reply-mail.ts';
import type { MailContent } from '../mail/templates.ts';

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
  return staffReplyMail({
    language,
    subject: t('contactReply.subject', { house: HOUSE }),
    name: input.name,
    intro: t('contactReply.intro'),
    reply: input.reply,
    quoted: {
      label: t('contactReply.yours', { date: mailDate(input.receivedAt, language) }),
      text: input.original,
    },
    link: null,
    footer: t('contactReply.footer'),
  });
}

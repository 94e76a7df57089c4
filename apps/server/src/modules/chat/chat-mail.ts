import type { Language } from '@knotwork/shared/constants/languages';
import { mailT } from '../mail/mail-i18n.ts';
import { staffReplyMail } from '../mail/staff-reply-mail.ts';
import type { MailContent } from '../mail/templates.ts';

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
  return staffReplyMail({
    language,
    subject: t('chatReply.subject', { name: input.staffName, house: HOUSE }),
    name: input.firstName,
    intro: t('chatReply.intro', { name: input.staffName }),
    reply: input.reply,
    quoted: input.customerMessage ? { label: t('chatReply.yours'), text: input.customerMessage } : null,
    link: { label: t('chatReply.link'), url: input.link },
    footer: t('chatReply.footer'),
  });
}

import type { Language } from '@knotwork/shared/constants/languages';
import { mailT } from './mail-i18n.ts';
import { greeting, paragraphsMail, type MailContent } from './templates.ts';

/**
 * A registration to bid decided (issue 28 §1, decision 090), in the bidder's language: approved with the paddle
 * number, or rejected with the house's reason and what to do; a button to the sale either way.
 */
export function registrationDecidedMail(input: {
  name: string;
  saleTitle: string;
  paddle: number;
  decision: 'approved' | 'rejected';
  reason: string | null;
  saleUrl: string;
  language: Language;
}): MailContent {
  const { language } = input;
  const t = mailT(language);
  const approved = input.decision === 'approved';
  const subject = t(approved ? 'registration.subjectApproved' : 'registration.subjectRejected', {
    sale: input.saleTitle,
  });
  const lines = [
    greeting(input.name, language),
    approved
      ? t('registration.approved', { sale: input.saleTitle, paddle: input.paddle })
      : t('registration.rejected', { sale: input.saleTitle, reason: input.reason ?? '' }),
    ...(approved ? [] : [t('registration.rejectedNext')]),
  ];
  return paragraphsMail(subject, lines, { href: input.saleUrl, label: t('registration.link') }, language);
}

import type { Language } from '@knotwork/shared/constants/languages';
import { mailT } from '../mail/mail-i18n.ts';
import { greeting, paragraphsMail, type MailContent } from '../mail/templates.ts';
import type { NotificationInput } from '../notifications/notification-types.ts';

/** What the news is about: the first answer, or a correction of a report the collector already had. */
export interface ReportNews {
  corrected: boolean;
  lotId: string;
  lotNumber: number;
  title: string;
  version: number;
}

const words = (news: ReportNews, language: Language) => {
  const t = mailT(language);
  const key = news.corrected ? 'conditionReport.updated' : 'conditionReport.ready';
  const values = { lot: news.lotNumber, title: news.title };
  return { title: t(`${key}.title`, values), body: t(`${key}.body`, values) };
};

/** The bell's notice, in the requester's language (notify writes theirs); it opens the lot at its report. */
export function reportNotice(news: ReportNews, link: string): NotificationInput {
  return {
    type: 'condition_report',
    ...words(news, 'en'),
    link,
    data: { lotId: news.lotId, version: news.version, corrected: news.corrected },
    localized: (language) => words(news, language),
  };
}

/**
 * The e-mail in the requester's language: the news, the report's text itself (what they asked for), how many
 * photos wait on the lot page, and the link there. Sent whatever their notification settings say: they asked.
 */
export function reportMail(input: {
  news: ReportNews;
  body: string;
  photoCount: number;
  firstName: string;
  url: string;
  language: Language;
}): MailContent {
  const t = mailT(input.language);
  const { title, body } = words(input.news, input.language);
  const paragraphs = [
    greeting(input.firstName, input.language),
    body,
    input.body,
    ...(input.photoCount > 0 ? [t('conditionReport.photos', { count: input.photoCount })] : []),
  ];
  return paragraphsMail(
    title,
    paragraphs,
    { href: input.url, label: t('conditionReport.action') },
    input.language,
  );
}

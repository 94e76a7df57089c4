import type { Language } from '@knotwork/shared/constants/languages';
import { mailT } from '../mail/mail-i18n.ts';
import type { NotificationInput } from '../notifications/notifier.ts';

export interface SavedSearchNoticeInput {
  searchId: string;
  searchName: string;
  /** The search's listing, opened when several rugs matched at once. */
  listingPath: string;
  rugIds: readonly string[];
  firstRugTitle: string;
}

/** Ids carried in the notification's data: enough for the web to link, small enough for a push payload. */
const DATA_RUG_IDS_MAX = 20;

/** "New match for “Antique Heriz”": in-app and push, in the owner's language (notify picks it). */
export function savedSearchNotice(input: SavedSearchNoticeInput): NotificationInput {
  const one = input.rugIds.length === 1;
  const words = (language: Language) => {
    const t = mailT(language);
    const values = { name: input.searchName, title: input.firstRugTitle, count: input.rugIds.length };
    return one
      ? { title: t('savedSearches.notice.title', values), body: t('savedSearches.notice.bodyOne', values) }
      : { title: t('savedSearches.notice.title', values), body: t('savedSearches.notice.bodyMany', values) };
  };
  return {
    type: 'saved_search_match',
    ...words('en'),
    link: one ? `/rug-listing/${input.rugIds[0]}` : input.listingPath,
    data: {
      savedSearchId: input.searchId,
      rugIds: input.rugIds.slice(0, DATA_RUG_IDS_MAX),
      count: input.rugIds.length,
    },
    localized: words,
  };
}

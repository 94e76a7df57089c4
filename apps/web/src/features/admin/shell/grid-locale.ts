import { arSD, enUS, frFR } from '@mui/x-data-grid/locales';
import type { Language } from '@/lib/i18n.ts';

/** The data grid's own words (pagination, column menu) in the page's language. */
export function gridLocaleText(language: Language) {
  const locale = language === 'fr' ? frFR : language === 'ar' ? arSD : enUS;
  return locale.components.MuiDataGrid.defaultProps.localeText;
}

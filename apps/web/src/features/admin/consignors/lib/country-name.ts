import { currentLanguage } from '@/lib/i18n.ts';

/** A country's name in the page's language from its ISO code (the code itself where the browser has no name). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLanguage()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

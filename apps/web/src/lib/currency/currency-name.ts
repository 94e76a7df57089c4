import { currentLanguage } from '@/lib/i18n.ts';

const names = new Map<string, Intl.DisplayNames | null>();

/** "British Pound", "livre sterling", "جنيه إسترليني": a currency named in the page's language, else its code. */
export function currencyName(code: string): string {
  const language = currentLanguage();
  if (!names.has(language)) {
    try {
      names.set(language, new Intl.DisplayNames([language], { type: 'currency' }));
    } catch {
      names.set(language, null);
    }
  }
  return names.get(language)?.of(code) ?? code;
}

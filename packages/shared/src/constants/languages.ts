/** The languages the site and its e-mails are written in (issue 9): English first, the default and fallback. */
export const SUPPORTED_LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Languages written right to left. */
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const isLanguage = (value: unknown): value is Language =>
  (SUPPORTED_LANGUAGES as readonly unknown[]).includes(value);

/**
 * The best supported language for an Accept-Language header ("fr-CH, fr;q=0.9, en;q=0.8"), by quality then
 * order; English when nothing matches.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language } from '@knotwork/shared/constants/languages';

/** `common` belongs to the shell; `auth`, `contact` and `notifications` to the account features. */
export const namespaces = ['common', 'validation', 'auth', 'contact', 'notifications', 'catalogue', 'rug', 'sales', 'bidding', 'my-items', 'live', 'content', 'addresses', 'payments', 'saved-searches', 'calendar', 'chat'] as const;

/**
 * Namespaces loaded only when their part of the app opens (not at start-up, so visitors never download them):
 * `admin` is the back office's (issue 11), loaded by its route.
 */
export const lazyNamespaces = ['admin'] as const;

export { SUPPORTED_LANGUAGES, type Language };

/** The local-storage key the detector caches the language under (SPEC.md 9). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Keys asked for but missing from the loaded files; browser tests read them to fail on untranslated text. */
declare global {
  interface Window {
    __i18nMissingKeys?: string[];
  }
}

/** The language the app is showing, one of the supported ones (en before the detector has run). */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'en';
}

/**
 * SPEC.md 9: fallback en, translations over HTTP from /locales/{lng}/{ns}.json and the listed detection order,
 * cached in local storage. English, French and Arabic ship; a regional browser language ("fr-CA") loads its
 * base language's files only.
 */
void i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    // No sponsor message in visitors' consoles.
    showSupportNotice: false,
    ns: [...namespaces],
    defaultNS: 'common',
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupSessionStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
      excludeCacheFor: ['cimode'],
    },
    // Record every key a page asks for that no file holds (in the fallback language too), so a test can
    // fail on it instead of a visitor reading "rug.lot.title".
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => {
      if (typeof window === 'undefined') return;
      (window.__i18nMissingKeys ??= []).push(`${ns}:${key}`);
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

export { i18n };

import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/** `common` belongs to the shell; `auth`, `contact` and `notifications` to the account features. */
export const namespaces = ['common', 'auth', 'contact', 'notifications', 'catalogue', 'rug', 'sales', 'bidding', 'my-items', 'live', 'content', 'addresses', 'payments'] as const;

/**
 * SPEC.md 9: language en with fallback en, translations over HTTP from /locales/{lng}/{ns}.json and the
 * listed detection order. `lng` is pinned to en (only English ships today), which means the detector is
 * configured and caches but does not change the language until more locales exist.
 */
void i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    lng: 'en',
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
      lookupLocalStorage: 'i18nextLng',
      lookupSessionStorage: 'i18nextLng',
      caches: ['localStorage'],
      excludeCacheFor: ['cimode'],
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

export { i18n };

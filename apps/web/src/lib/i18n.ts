import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language } from '@knotwork/shared/constants/languages';
import { LANGUAGE_STORAGE_KEY, languageDetector } from './language-detector.ts';
import { localeBackend } from './locale-backend.ts';
import { ssrState } from './ssr-state.ts';

/** `common` belongs to the shell; `auth`, `contact` and `notifications` to the account features. */
export const namespaces = [
  'common',
  'validation',
  'auth',
  'contact',
  'notifications',
  'catalogue',
  'rug',
  'sales',
  'bidding',
  'my-items',
  'live',
  'content',
  'addresses',
  'payments',
  'saved-searches',
  'calendar',
  'chat',
  'currency',
] as const;

/**
 * Namespaces loaded only when their part of the app opens (not at start-up, so visitors never download them):
 * `admin` is the back office's (issue 11), loaded by its route; `realised` the realised prices' (issue 14), loaded by
 * its page and by the rug page's comparables; `room-plan` the room planner's, loaded by the rug page's button;
 * `admin-import`, `admin-settings`, `admin-content` and `admin-house` the back office's import, settings, content,
 * collections and contact-message screens, loaded with `admin`; `admin-consignors` the consignor and consignment
 * screens', loaded by their pages; `consignor-portal` the consignor portal's (/consignor), loaded by its page;
 * `condition-reports` a lot's condition report on request, loaded by its section of the lot page;
 * `admin-condition-reports` the condition-report desk's, loaded by its pages.
 */
export const lazyNamespaces = [
  'admin',
  'realised',
  'admin-import',
  'room-plan',
  'admin-settings',
  'admin-content',
  'admin-house',
  'admin-consignors',
  'admin-settlements',
  'admin-reports',
  'consignor-portal',
  'condition-reports',
  'admin-condition-reports',
  // Telephone bids' staff screens (decision 097): the bookings and the operator's desk.
  'admin-telephone',
] as const;

export { SUPPORTED_LANGUAGES, type Language };

/** The local-storage key the detector caches the language under (SPEC.md 9). */
export { LANGUAGE_STORAGE_KEY };

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

const common = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: 'en',
  // No sponsor message in visitors' consoles.
  showSupportNotice: false,
  defaultNS: 'common',
  // Record every key a page asks for that no file holds (in the fallback language too), so a test can
  // fail on it instead of a visitor reading "rug.lot.title".
  saveMissing: true,
  missingKeyHandler: (_lngs: readonly string[], ns: string, key: string) => {
    if (typeof window === 'undefined') return;
    (window.__i18nMissingKeys ??= []).push(`${ns}:${key}`);
  },
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
} as const;

if (import.meta.env.SSR) {
  // The server render (entry-server.tsx): files added from disk before each render, the language set per request.
  void i18n
    .use(initReactI18next)
    .init({ ...common, ns: [...namespaces], resources: {}, partialBundledLanguages: true, initAsync: false });
} else {
  /**
   * SPEC.md 9: fallback en, translations over HTTP from /locales/{lng}/{ns}.json and the listed detection order,
   * cached in local storage. English, French and Arabic ship; a regional browser language ("fr-CA") loads its
   * base language's files only. Hydrating a server-rendered page (ssrState), the files the page used came with
   * it in the server's language, so the first render needs no request and matches the server's HTML; any other
   * namespace loads over HTTP when a component asks for it.
   */
  const start = ssrState
    ? {
        lng: ssrState.language,
        ns: Object.keys(ssrState.resources[ssrState.language] ?? {}),
        resources: ssrState.resources,
        partialBundledLanguages: true,
      }
    : { ns: [...namespaces] };
  // The detection order is lib/language-detector.ts's (SPEC.md 9); a hydrating page takes the server's language.
  void i18n
    .use(localeBackend)
    .use(languageDetector(!ssrState))
    .use(initReactI18next)
    .init({ ...common, ...start });
}

export { i18n };

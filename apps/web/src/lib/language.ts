import { RTL_LANGUAGES, type Language } from '@knotwork/shared/constants/languages';
import { api } from './api-client.ts';
import { useAuthStore } from './auth-store.ts';
import { loadMuiScope } from './mui-loader.tsx';
import { currentLanguage, i18n, LANGUAGE_STORAGE_KEY } from './i18n.ts';
import { useSettingsStore, type Direction } from './settings.ts';

export const directionOf = (language: Language): Direction =>
  RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';

/** Each language's name in itself, for the switcher (never translated: a reader finds their own language). */
export const languageNames: Record<Language, string> = { en: 'English', fr: 'Français', ar: 'العربية' };

/** The switcher's action: the page's language, its direction, and the account's language when signed in. */
export async function chooseLanguage(language: Language) {
  await i18n.changeLanguage(language);
  // The account keeps the language so e-mails follow it; a failure here must not undo the visible switch.
  if (useAuthStore.getState().user)
    await api('/auth/language', { method: 'PUT', body: { language } }).catch(() => undefined);
}

/**
 * The document and the layout follow the language: html lang and dir, and the settings' direction (which picks
 * the theme's direction and the RTL style cache). A language chosen now or different from the one cached on
 * the last visit sets the direction; the same language as last time keeps the stored direction, so a
 * direction flipped in the theme customizer survives a reload until the next language choice.
 */
export function followLanguage() {
  let previous: string | null = null;
  try {
    previous = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    previous = null;
  }
  const apply = () => {
    // The server render has no document; the browser applies it when it starts.
    if (typeof document === 'undefined') return;
    const language = currentLanguage();
    document.documentElement.lang = language;
    const direction = directionOf(language);
    const settings = useSettingsStore.getState();
    // A first visit in a left-to-right language leaves the stored direction alone (it is ltr unless set by hand).
    const firstLtrVisit = previous === null && direction === 'ltr';
    if (previous !== language && !firstLtrVisit && settings.settings.direction !== direction) {
      // The page turns once its right-to-left styles have arrived, not mirrored by halves.
      if (direction === 'rtl')
        void loadMuiScope()
          .then((scope) => scope.loadRtlCache())
          .catch(() => undefined)
          .then(() => useSettingsStore.getState().update({ direction }));
      else settings.update({ direction });
    }
    previous = language;
  };
  i18n.on('languageChanged', apply);
  if (i18n.isInitialized) apply();
}

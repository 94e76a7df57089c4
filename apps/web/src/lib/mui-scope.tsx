import { useContext, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useEmotionCache } from './emotion-cache.ts';
import { ServerRenderContext } from './server-render-context.ts';
import { useSettings, type Settings } from './settings.ts';
import { bindSxBox } from './sx-box.ts';
import { matchWidth } from './ssr-media.ts';
import { createAppTheme } from './theme.ts';

export { loadRtlCache } from './emotion-cache.ts';

// Shared components that take a caller's `sx` (PageContainer, Approx…) draw it with MUI's Box, which a page in
// a MUI scope has loaded by now (lib/sx-box.ts).
bindSxBox(Box);

/** One theme per combination of the settings it reads: a page holds several scopes (the page, a menu, a tooltip). */
const themes = new Map<string, Theme>();

function themeFor(settings: Settings, ssrWidth: number | undefined): Theme {
  const { mode, direction, skin, themeColor } = settings;
  const key = JSON.stringify([mode, direction, skin, themeColor, ssrWidth]);
  let theme = themes.get(key);
  if (!theme) {
    const base = createAppTheme(settings);
    theme =
      ssrWidth === undefined
        ? base
        : {
            ...base,
            components: {
              ...base.components,
              // MUI's own useMediaQuery, in MUI components, answers from the server's assumed width too.
              MuiUseMediaQuery: {
                defaultProps: { ssrMatchMedia: (query: string) => matchWidth(query, ssrWidth) },
              },
            },
          };
    themes.set(key, theme);
  }
  return theme;
}

/**
 * The MUI theme and styles cache, around each part drawn with MUI components: every page but the listing, and the
 * menus, dialogs and tooltips the shell opens (lib/mui-loader.tsx wraps them). Not in the first download: the
 * header, the footer and the listing are plain elements with plain CSS, and the page-wide base styles and palette
 * that MUI's CssBaseline wrote are styles/baseline.css (decision 070).
 */
export function MuiScope({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const { emotionCache, ssrWidth } = useContext(ServerRenderContext);
  const browserCache = useEmotionCache(settings.direction, emotionCache === undefined);
  return (
    <CacheProvider value={emotionCache ?? browserCache!}>
      <ThemeProvider theme={themeFor(settings, ssrWidth)}>{children}</ThemeProvider>
    </CacheProvider>
  );
}

import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '@/lib/query-client.ts';
import { emotionCacheFor } from '@/lib/emotion-cache.ts';
import { i18n } from '@/lib/i18n.ts';
import { followLanguage } from '@/lib/language.ts';
import { useSettings } from '@/lib/settings.ts';
import { createAppTheme } from '@/lib/theme.ts';
import { FullScreenLoader } from '@/components/ui/full-screen-loader.tsx';
import { AppToaster } from './app-toaster.tsx';

followLanguage();

/** Theme, direction, styles cache, data cache, translations and toasts, built from the stored settings. */
export function AppProvider({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const theme = useMemo(() => createAppTheme(settings), [settings]);

  // Right-to-left sets the document direction as well as mirroring the styles (SPEC.md 4).
  useEffect(() => {
    document.documentElement.dir = settings.direction;
  }, [settings.direction]);

  return (
    <CacheProvider value={emotionCacheFor(settings.direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            {/* Suspends until the `common` translations have loaded over HTTP. */}
            <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
            <AppToaster />
          </QueryClientProvider>
        </I18nextProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}

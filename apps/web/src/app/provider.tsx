import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import type { EmotionCache } from '@emotion/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { queryClient as browserQueryClient } from '@/lib/query-client.ts';
import { followPalette } from '@/lib/document-palette.ts';
import { i18n } from '@/lib/i18n.ts';
import { followLanguage } from '@/lib/language.ts';
import { useSettings } from '@/lib/settings.ts';
import { ServerRenderContext } from '@/lib/server-render-context.ts';
import { FullScreenLoader } from '@/components/ui/full-screen-loader.tsx';
import { loadToaster, useToasterWanted } from '@/lib/toast.ts';
import { whenIdle } from '@/lib/when-idle.ts';
import { HydratedMark } from './hydrated-mark.tsx';

followLanguage();
followPalette();

// Not in the first download (issue 9): loaded when the browser is idle after the first paint, or by an earlier toast.
const AppToaster = lazy(() => import('./app-toaster.tsx').then((m) => ({ default: m.AppToaster })));

/**
 * Direction, palette, data cache, translations and toasts, from the stored settings. The server render
 * (entry-server.tsx) passes its own per-request data cache and styles cache. MUI's theme is not here: it wraps each
 * part drawn with MUI (lib/mui-scope.tsx), so a page without MUI does not download it (decision 070).
 */
export function AppProvider({
  children,
  queryClient = browserQueryClient,
  emotionCache,
  ssrWidth,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  emotionCache?: EmotionCache;
  /** The server render's assumed screen width, for media queries (lib/ssr-media.ts). */
  ssrWidth?: number;
}) {
  const settings = useSettings();
  const toasterWanted = useToasterWanted((s) => s.wanted);
  const serverRender = useMemo(() => ({ emotionCache, ssrWidth }), [emotionCache, ssrWidth]);

  useEffect(() => whenIdle(() => void loadToaster()), []);

  // Right-to-left sets the document direction as well as mirroring the styles (SPEC.md 4).
  useEffect(() => {
    document.documentElement.dir = settings.direction;
  }, [settings.direction]);

  return (
    <ServerRenderContext.Provider value={serverRender}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {/* Suspends until the `common` translations have loaded over HTTP. */}
          <Suspense fallback={<FullScreenLoader />}>
            {children}
            {/* Inside the boundary: its effect runs once the page itself has hydrated, not only the shell. */}
            <HydratedMark />
          </Suspense>
          {toasterWanted && (
            <Suspense fallback={null}>
              <AppToaster />
            </Suspense>
          )}
        </QueryClientProvider>
      </I18nextProvider>
    </ServerRenderContext.Provider>
  );
}

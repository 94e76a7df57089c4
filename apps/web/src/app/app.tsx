import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';
import { SSR_WIDTH } from '@/lib/ssr-media.ts';
import { ssrState } from '@/lib/ssr-state.ts';

// A hydrating page's media queries must answer as the server's did (its assumed width) during hydration;
// useMediaQuery then switches to the real screen. Without it `down('sm')` is false while hydrating, the header
// renders differently from the server HTML, and React throws the whole page away and renders it again.
const hydrationWidth = ssrState ? (ssrState.small ? SSR_WIDTH.phone : SSR_WIDTH.desktop) : undefined;

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient} ssrWidth={hydrationWidth}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}

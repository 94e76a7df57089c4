import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { layout } from '@knotwork/shared/constants/layout';
import { HydrationSlice } from '@/components/ui/hydration-slice.tsx';
import { lazyMui } from '@/lib/mui-loader.tsx';
import { useSettings } from '@/lib/settings.ts';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs.tsx';
import { ChatWidget } from '@/features/chat/components/chat-widget.tsx';
import { usePushRegistration } from '@/features/notifications/hooks/use-push-registration.ts';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { useEffectiveLayout, useIsSmallScreen } from './use-effective-layout.ts';

// The menu drawer and the side rail (MUI's Drawer, Modal, transitions and lists) load when first needed: phones
// always get the vertical layout, whose drawer stays closed on the first screen (issue 9).
const VerticalNav = lazyMui(() => import('./vertical-nav.tsx').then((m) => ({ default: m.VerticalNav })));

/**
 * Every route of SPEC.md 2's main table renders in here: header (and the menu in the chosen layout), the page,
 * the footer, the account dialogs, the live-chat widget and push registration.
 */
export function MainLayout() {
  const effective = useEffectiveLayout();
  const small = useIsSmallScreen();
  const { navHidden } = useSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Set by the first opening and kept, so the drawer stays mounted for its closing animation.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const { pathname } = useLocation();
  usePushRegistration();

  // A navigation from inside the drawer closes it; so does growing past the small-screen breakpoint.
  useEffect(() => setDrawerOpen(false), [pathname, small]);

  const rail = effective === 'vertical' && !small;
  const mode = effective === 'horizontal' ? 'horizontal' : rail ? 'vertical-rail' : 'vertical-drawer';
  const railWidth = navHidden ? layout.verticalNavCollapsedWidth : layout.verticalNavWidth;

  return (
    <div className="kw-app">
      {effective === 'vertical' && (rail || drawerWanted) && (
        // The rail's width is kept while its code loads, so the page does not shift.
        <Suspense
          fallback={rail ? <div className="kw-app__rail-space" style={{ width: railWidth }} /> : null}
        >
          <VerticalNav
            variant={rail ? 'permanent' : 'temporary'}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      )}
      <div className="kw-app__column" style={{ maxWidth: rail ? `calc(100% - ${railWidth}px)` : '100%' }}>
        <HydrationSlice>
          <Header
            mode={mode}
            onOpenNav={() => {
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
            showLogo={!rail}
          />
        </HydrationSlice>
        <main id="main-content" className="kw-app__main">
          <Outlet />
        </main>
        <HydrationSlice>
          <Footer />
        </HydrationSlice>
      </div>
      <AuthDialogs />
      <ChatWidget />
    </div>
  );
}

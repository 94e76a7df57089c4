import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { layout } from '@knotwork/shared/constants/layout';
import { useSettings } from '@/lib/settings.ts';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs.tsx';
import { ChatWidget } from '@/features/chat/components/chat-widget.tsx';
import { usePushRegistration } from '@/features/notifications/hooks/use-push-registration.ts';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { ThemeCustomizer } from './theme-customizer.tsx';
import { useEffectiveLayout, useIsSmallScreen } from './use-effective-layout.ts';

// The menu drawer and the side rail (MUI's Drawer, Modal, transitions and lists) load when first needed: phones
// always get the vertical layout, whose drawer stays closed on the first screen (issue 9).
const VerticalNav = lazy(() => import('./vertical-nav.tsx').then((m) => ({ default: m.VerticalNav })));

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
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {effective === 'vertical' && (rail || drawerWanted) && (
        // The rail's width is kept while its code loads, so the page does not shift.
        <Suspense fallback={rail ? <Box sx={{ width: railWidth, flexShrink: 0 }} /> : null}>
          <VerticalNav variant={rail ? 'permanent' : 'temporary'} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', maxWidth: rail ? `calc(100% - ${railWidth}px)` : '100%' }}>
        <Header
          mode={mode}
          onOpenNav={() => {
            setDrawerWanted(true);
            setDrawerOpen(true);
          }}
          showLogo={!rail}
        />
        <Box component="main" id="main-content" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
          <Outlet />
        </Box>
        <Footer />
      </Box>
      <ThemeCustomizer />
      <AuthDialogs />
      <ChatWidget />
    </Box>
  );
}

import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { layout } from '@knotwork/shared/constants/layout';
import { useSettings } from '@/lib/settings.ts';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs.tsx';
import { ChatWidget } from '@/features/chat/components/chat-widget.tsx';
import { usePushRegistration } from '@/features/notifications/hooks/use-push-registration.ts';
import { Header } from './header.tsx';
import { VerticalNav } from './vertical-nav.tsx';
import { Footer } from './footer.tsx';
import { ThemeCustomizer } from './theme-customizer.tsx';
import { useEffectiveLayout, useIsSmallScreen } from './use-effective-layout.ts';

/**
 * Every route of SPEC.md 2's main table renders in here: header (and the menu in the chosen layout), the page,
 * the footer, the account dialogs, the live-chat widget and push registration.
 */
export function MainLayout() {
  const effective = useEffectiveLayout();
  const small = useIsSmallScreen();
  const { navHidden } = useSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  usePushRegistration();

  // A navigation from inside the drawer closes it; so does growing past the small-screen breakpoint.
  useEffect(() => setDrawerOpen(false), [pathname, small]);

  const rail = effective === 'vertical' && !small;
  const mode = effective === 'horizontal' ? 'horizontal' : rail ? 'vertical-rail' : 'vertical-drawer';
  const railWidth = navHidden ? layout.verticalNavCollapsedWidth : layout.verticalNavWidth;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {effective === 'vertical' && <VerticalNav variant={rail ? 'permanent' : 'temporary'} open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', maxWidth: rail ? `calc(100% - ${railWidth}px)` : '100%' }}>
        <Header mode={mode} onOpenNav={() => setDrawerOpen(true)} showLogo={!rail} />
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

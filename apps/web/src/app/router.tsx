import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { MainLayout } from './layout/main-layout.tsx';
import { GuestOnly, SignedInOnly } from './routes/guards.tsx';
import { routePage } from './routes/route-page.tsx';
import { page, type PageHandle } from './routes/page-route.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';
import { i18n } from '@/lib/i18n.ts';
import { loadMuiScope } from '@/lib/mui-loader.tsx';

const homePage = routePage(() => import('./routes/home-route.tsx'));
// One page for both listing paths: the first filter moves the visitor from /rug-listing to /rug-listings, and the
// same component stays mounted (an open drawer stays open). Plain elements and CSS, without MUI: the page issue 9
// measures, first of every visit from a search.
const listingPage = routePage(() => import('@/features/catalogue/routes/rug-listing-page.tsx'), {
  mui: false,
});

/**
 * Every route of SPEC.md 2. Guards: /my-items, /notification, /profile, /buy-it-now/:id, /checkout and
 * /payment/* are signed-in only (they show one person's data or take their money); /verify-otp is guest-only.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <MainLayout />,
        children: [
          page(paths.home.path, homePage),
          page(paths.homeAlias.path, homePage),
          page(paths.login.path, () => import('./routes/login-route.tsx')),
          page(paths.rugListing.path, listingPage),
          page(paths.rugListings.path, listingPage),
          page(paths.rug.path, () => import('./routes/rug-detail-route.tsx')),
          page(paths.rugLive.path, () => import('./routes/rug-detail-route.tsx')),
          page(
            paths.upcomingAuctions.path,
            () => import('@/features/sales/routes/upcoming-auctions-page.tsx'),
          ),
          page(paths.upcomingAuction.path, () => import('@/features/sales/routes/upcoming-auction-page.tsx')),
          page(paths.lots.path, () => import('@/features/sales/routes/lots-page.tsx')),
          page(paths.live.path, () => import('./routes/live-route.tsx')),
          page(paths.realisedPrices.path, () =>
            // Its words load with the page (a lazy namespace), so the page never flashes untranslated keys.
            Promise.all([
              import('@/features/realised-prices/routes/realised-prices-page.tsx'),
              i18n.loadNamespaces('realised'),
            ]).then(([m]) => m),
          ),
          page(paths.collections.path, () => import('@/features/collections/routes/collections-page.tsx')),
          page(paths.aboutUs.path, () => import('@/features/pages/routes/about-page.tsx')),
          page(paths.contactUs.path, () => import('@/features/contact/routes/contact-page.tsx')),
          page(paths.privacyPolicy.path, () => import('@/features/pages/routes/privacy-policy-page.tsx')),
          page(paths.terms.path, () => import('@/features/pages/routes/terms-page.tsx')),
          page(paths.faq.path, () => import('@/features/pages/routes/faq-page.tsx')),
          page(paths.blog.path, () => import('@/features/pages/routes/blog-page.tsx')),
          page(paths.blogPost.path, () => import('@/features/pages/routes/blog-post-page.tsx')),
          // The token in the link is the capability: the offer shows without signing in; accepting asks for it.
          page(paths.secondChance.path, () => import('@/features/checkout/routes/second-chance-page.tsx')),
          page(paths.devMailbox.path, () => import('@/features/dev-mailbox/routes/mailbox-page.tsx')),
          {
            element: <GuestOnly />,
            children: [
              page(paths.verifyOtp.path, () => import('@/features/auth/routes/verify-otp-page.tsx')),
            ],
          },
          {
            element: <SignedInOnly />,
            children: [
              page(paths.myItems.path, () => import('@/features/my-items/routes/my-items-page.tsx')),
              page(
                paths.notifications.path,
                () => import('@/features/notifications/routes/notifications-page.tsx'),
              ),
              page(paths.profile.path, () => import('./routes/profile-route.tsx')),
              page(
                paths.notificationSettings.path,
                () => import('@/features/notifications/routes/notification-settings-page.tsx'),
              ),
              page(paths.identityCheck.path, () => import('@/features/identity/routes/identity-page.tsx')),
              page(paths.buyItNow.path, () => import('@/features/buy-now/routes/buy-it-now-page.tsx')),
              page(paths.checkout.path, () => import('./routes/checkout-route.tsx')),
              page(paths.order.path, () => import('@/features/checkout/routes/order-page.tsx')),
              // Its words load with the page (a lazy namespace): collectors who consign nothing never download them.
              page(paths.consignorPortal.path, () =>
                Promise.all([
                  import('@/features/consignor-portal/routes/consignor-portal-page.tsx'),
                  i18n.loadNamespaces('consignor-portal'),
                ]).then(([m]) => m),
              ),
            ],
          },
        ],
      },
      // Standalone (SPEC.md 2) and signed-in only: they show what one buyer paid.
      {
        element: <SignedInOnly />,
        children: [
          page(
            paths.paymentSuccess.path,
            () => import('@/features/checkout/routes/payment-success-page.tsx'),
          ),
          page(paths.paymentFail.path, () => import('@/features/checkout/routes/payment-fail-page.tsx')),
        ],
      },
      // The back office's own route table loads with it (admin-routes.tsx): none of its ~40 routes is in the entry.
      page(`${paths.admin.path}/*`, () => import('./routes/admin-routes.tsx')),
      page(paths.unauthorized.path, () => import('@/features/pages/routes/unauthorized-page.tsx')),
      page(paths.notFound.path, () => import('@/features/pages/routes/not-found-page.tsx')),
      { path: '*', element: <Navigate to={paths.notFound.href()} replace /> },
    ],
  },
];

/**
 * The routes, rendered by the router around it (app.tsx, entry-server.tsx): React Router's declarative mode, whose
 * code is about half the size of its data mode's (decision 071). A layout's error shows in place of everything.
 */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}

/**
 * Loads the code of every page `location` matches, so that the first render is the page itself: main.tsx calls it
 * before hydrating or rendering, the server render before renderToString. Resolves to whether they all loaded; a
 * page that did not shows its error when it renders.
 */
export async function preloadPages(
  location: string | { pathname: string },
  { scopeFirst = false }: { scopeFirst?: boolean } = {},
): Promise<boolean> {
  const matches = matchRoutes(routes, location) ?? [];
  const handles = matches.flatMap((m) => (m.route.handle ? [m.route.handle as PageHandle] : []));
  // Hydrating (main.tsx): the MUI scope's modules are evaluated first and the page's in a later task, not both in one
  // long task (about 60 ms at desktop speed on a lot page, issue 24 §10). The page's chunks are already on their way
  // (the server's modulepreloads), so nothing waits longer for the network.
  if (scopeFirst && handles.some((h) => h.mui)) {
    await loadMuiScope().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const loads = handles.map((handle) => handle.preload());
  const settled = await Promise.allSettled(loads);
  return settled.every((s) => s.status === 'fulfilled');
}

/** Whether `pathname` falls to the catch-all route, which sends the browser to /404. */
export function isUnknownPath(pathname: string): boolean {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
}

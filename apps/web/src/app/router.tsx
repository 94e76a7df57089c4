import { createBrowserRouter, Navigate, type HydrationState, type RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { FullScreenLoader } from '@/components/ui/full-screen-loader.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { MainLayout } from './layout/main-layout.tsx';
import { GuestOnly, SignedInOnly } from './routes/guards.tsx';
import { lazyPage } from './routes/lazy-page.ts';
import { RouteError } from './routes/route-error.tsx';
import { adminRoutes } from './routes/admin-routes.ts';
import { i18n } from '@/lib/i18n.ts';

/**
 * A lazily loaded page whose load or render errors show in place of the page, inside its layout; drawn with MUI
 * unless `mui: false` (lazy-page.ts).
 */
function page(path: string, load: Parameters<typeof lazyPage>[0], options?: Parameters<typeof lazyPage>[1]): RouteObject {
  return { path, lazy: lazyPage(load, options), ErrorBoundary: RouteError };
}

/**
 * Every route of SPEC.md 2. Guards: /my-items, /notification, /profile, /buy-it-now/:id, /checkout and
 * /payment/* are signed-in only (they show one person's data or take their money); /verify-otp is guest-only.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown while the first lazy page of the visit loads.
    HydrateFallback: FullScreenLoader,
    children: [
      {
        Component: MainLayout,
        children: [
          page(paths.home.path, () => import('./routes/home-route.tsx')),
          page(paths.homeAlias.path, () => import('./routes/home-route.tsx')),
          page(paths.login.path, () => import('./routes/login-route.tsx')),
          // Plain elements and CSS, without MUI: the page issue 9 measures, first of every visit from a search.
          page(paths.rugListing.path, () => import('@/features/catalogue/routes/rug-listing-page.tsx'), { mui: false }),
          page(paths.rugListings.path, () => import('@/features/catalogue/routes/rug-listings-page.tsx'), { mui: false }),
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
            Component: GuestOnly,
            children: [
              page(paths.verifyOtp.path, () => import('@/features/auth/routes/verify-otp-page.tsx')),
            ],
          },
          {
            Component: SignedInOnly,
            children: [
              page(paths.myItems.path, () => import('@/features/my-items/routes/my-items-page.tsx')),
              page(
                paths.notifications.path,
                () => import('@/features/notifications/routes/notifications-page.tsx'),
              ),
              page(paths.profile.path, () => import('./routes/profile-route.tsx')),
              page(paths.buyItNow.path, () => import('@/features/buy-now/routes/buy-it-now-page.tsx')),
              page(paths.checkout.path, () => import('./routes/checkout-route.tsx')),
              page(paths.order.path, () => import('@/features/checkout/routes/order-page.tsx')),
            ],
          },
        ],
      },
      // Standalone (SPEC.md 2) and signed-in only: they show what one buyer paid.
      {
        Component: SignedInOnly,
        children: [
          page(
            paths.paymentSuccess.path,
            () => import('@/features/checkout/routes/payment-success-page.tsx'),
          ),
          page(paths.paymentFail.path, () => import('@/features/checkout/routes/payment-fail-page.tsx')),
        ],
      },
      adminRoutes(page),
      page(paths.unauthorized.path, () => import('@/features/pages/routes/unauthorized-page.tsx')),
      page(paths.notFound.path, () => import('@/features/pages/routes/not-found-page.tsx')),
      { path: '*', element: <Navigate to={paths.notFound.href()} replace /> },
    ],
  },
];

/**
 * The browser's router. Hydrating a server-rendered page passes the (empty: the routes have no loaders) hydration
 * data, after main.tsx has loaded the page's lazy route, so the first render is the page and not the fallback.
 */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}

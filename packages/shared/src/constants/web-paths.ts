/**
 * Every route of the web app and its href builder, in one place (SPEC.md section 2), shared by the web and the
 * server: the web's router mounts `webPaths.x.path` and its components link with `webPaths.x.href(...)` (as
 * `paths` from apps/web/src/config/paths.ts); the server links to the same pages from notifications and mails and
 * finds the pages it gives a head or preloads for (page-meta). A renamed page is renamed here, for both.
 */
export const webPaths = {
  home: { path: '/', href: () => '/' },
  homeAlias: { path: '/home', href: () => '/home' },
  login: {
    path: '/login',
    href: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  },
  verifyOtp: { path: '/verify-otp', href: () => '/verify-otp' },
  rugListing: { path: '/rug-listing', href: () => '/rug-listing' },
  rugListings: {
    path: '/rug-listings',
    /** The filtered listing: the filter travels as URL-encoded JSON under `data`. */
    href: (filter: Record<string, unknown>) =>
      `/rug-listings?data=${encodeURIComponent(JSON.stringify(filter))}`,
  },
  rug: { path: '/rug-listing/:id', href: (id: string) => `/rug-listing/${encodeURIComponent(id)}` },
  rugLive: {
    path: '/rugs-details-live/:id',
    href: (id: string) => `/rugs-details-live/${encodeURIComponent(id)}`,
  },
  /** Realised prices (issue 14.5): sold lots' hammer prices; the filter lives in plain query parameters. */
  realisedPrices: {
    path: '/realised-prices',
    href: (filter: Record<string, string> = {}) => {
      const qs = new URLSearchParams(filter).toString();
      return qs ? `/realised-prices?${qs}` : '/realised-prices';
    },
  },
  upcomingAuctions: { path: '/upcoming-auctions', href: () => '/upcoming-auctions' },
  upcomingAuction: {
    path: '/upcoming-auctions/:id',
    href: (id: string) => `/upcoming-auctions/${encodeURIComponent(id)}`,
  },
  aboutUs: { path: '/about-us', href: () => '/about-us' },
  contactUs: { path: '/contact-us', href: () => '/contact-us' },
  privacyPolicy: { path: '/privacy-policy', href: () => '/privacy-policy' },
  terms: { path: '/terms-and-condition', href: () => '/terms-and-condition' },
  faq: { path: '/faq', href: () => '/faq' },
  blog: { path: '/auction-blog', href: () => '/auction-blog' },
  blogPost: { path: '/auction-blog/:id', href: (id: string) => `/auction-blog/${encodeURIComponent(id)}` },
  /** My Items; `tab` opens one of its tabs (e.g. `searches`, the saved searches). */
  myItems: { path: '/my-items', href: (tab?: string) => (tab ? `/my-items?tab=${tab}` : '/my-items') },
  notifications: { path: '/notification', href: () => '/notification' },
  lots: { path: '/lot', href: () => '/lot' },
  collections: { path: '/collections', href: () => '/collections' },
  buyItNow: { path: '/buy-it-now/:id', href: (id: string) => `/buy-it-now/${encodeURIComponent(id)}` },
  live: { path: '/live/:id', href: (id: string) => `/live/${encodeURIComponent(id)}` },
  profile: { path: '/profile', href: () => '/profile' },
  /** The consignor portal (issue 27 §4): a linked account's consignments, agreements and statement. */
  consignorPortal: { path: '/consignor', href: () => '/consignor' },
  /** What reaches the collector, per kind and channel (issue 24.5); every e-mail's footer links here. */
  notificationSettings: { path: '/profile/notifications', href: () => '/profile/notifications' },
  /** The identity check above the house's threshold (issue 28 §3): why, the upload, the status. */
  identityCheck: { path: '/profile/identity', href: () => '/profile/identity' },
  /** Pay for one or several unpaid orders together (one shipment, one shipping charge). */
  checkout: {
    path: '/checkout',
    href: (orderIds: readonly string[]) => `/checkout?orders=${orderIds.map(encodeURIComponent).join(',')}`,
  },
  order: { path: '/my-items/orders/:id', href: (id: string) => `/my-items/orders/${encodeURIComponent(id)}` },
  secondChance: {
    path: '/second-chance/:token',
    href: (token: string) => `/second-chance/${encodeURIComponent(token)}`,
  },
  paymentSuccess: {
    path: '/payment/success',
    href: (checkoutId?: string) =>
      checkoutId ? `/payment/success?checkout=${encodeURIComponent(checkoutId)}` : '/payment/success',
  },
  paymentFail: {
    path: '/payment/fail',
    href: (checkoutId?: string, reason?: string) => {
      const q = new URLSearchParams();
      if (checkoutId) q.set('checkout', checkoutId);
      if (reason) q.set('reason', reason);
      const qs = q.toString();
      return qs ? `/payment/fail?${qs}` : '/payment/fail';
    },
  },
  unauthorized: { path: '/401', href: () => '/401' },
  /** The staff chat inbox (issue 12.2); the back office will carry it in its navigation. */
  staffChat: { path: 'chat', href: () => '/admin/chat' },
  notFound: { path: '/404', href: () => '/404' },
  devMailbox: { path: '/dev/mailbox', href: () => '/dev/mailbox' },
  // The back office (issue 11): staff only, lazily loaded, paths relative to /admin in the router.
  admin: { path: '/admin', href: () => '/admin' },
  adminRugs: { path: 'rugs', href: () => '/admin/rugs' },
  adminRugNew: { path: 'rugs/new', href: () => '/admin/rugs/new' },
  adminRug: { path: 'rugs/:id', href: (id: string) => `/admin/rugs/${encodeURIComponent(id)}` },
  adminSales: { path: 'sales', href: () => '/admin/sales' },
  adminSale: { path: 'sales/:id', href: (id: string) => `/admin/sales/${encodeURIComponent(id)}` },
  adminOrders: { path: 'orders', href: () => '/admin/orders' },
  adminOrder: { path: 'orders/:id', href: (id: string) => `/admin/orders/${encodeURIComponent(id)}` },
  adminBidders: { path: 'bidders', href: () => '/admin/bidders' },
  adminBidder: { path: 'bidders/:id', href: (id: string) => `/admin/bidders/${encodeURIComponent(id)}` },
  /** Identity checks waiting for review, and the reviewed ones (issue 28 §3): admins only. */
  adminIdentityChecks: { path: 'identity-checks', href: () => '/admin/identity-checks' },
  /** The specialist desk of condition reports (issue 29 §2): the requests and their clocks, and one lot's answer. */
  adminConditionReports: {
    path: 'condition-reports',
    href: (status?: string) =>
      status ? `/admin/condition-reports?status=${status}` : '/admin/condition-reports',
  },
  adminConditionLot: {
    path: 'condition-reports/lots/:id',
    href: (id: string) => `/admin/condition-reports/lots/${encodeURIComponent(id)}`,
  },
  adminAudit: { path: 'audit', href: () => '/admin/audit' },
  /** The clerk's console of a live sale (issue 12). */
  adminLive: { path: 'live/:id', href: (id: string) => `/admin/live/${encodeURIComponent(id)}` },
  /** A live sale's telephone bookings and their operators (issue 29 §1, decision 097). */
  adminTelephone: {
    path: 'sales/:id/telephone',
    href: (id: string) => `/admin/sales/${encodeURIComponent(id)}/telephone`,
  },
  /** A telephone operator's desk in a live sale (issue 29 §1): their bidders, the lot live, one tap to bid. */
  adminPhoneDesk: {
    path: 'telephone/:id',
    href: (id: string) => `/admin/telephone/${encodeURIComponent(id)}`,
  },
  adminStaff: { path: 'staff', href: () => '/admin/staff' },
  adminSettings: { path: 'settings', href: () => '/admin/settings' },
  adminImport: { path: 'import', href: () => '/admin/import' },
  adminContent: { path: 'content', href: (tab?: string) => `/admin/content${tab ? `?tab=${tab}` : ''}` },
  adminPostNew: { path: 'content/posts/new', href: () => '/admin/content/posts/new' },
  adminPost: {
    path: 'content/posts/:id',
    href: (id: string) => `/admin/content/posts/${encodeURIComponent(id)}`,
  },
  adminCollections: { path: 'collections', href: () => '/admin/collections' },
  /** Contact-form messages; the live chat keeps /admin/chat. */
  adminContact: { path: 'contact', href: () => '/admin/contact' },
  // Consignors and the receipts of what they bring in (issue 27, decision 086).
  adminConsignors: { path: 'consignors', href: () => '/admin/consignors' },
  adminConsignor: {
    path: 'consignors/:id',
    href: (id: string) => `/admin/consignors/${encodeURIComponent(id)}`,
  },
  adminConsignmentNew: {
    path: 'consignments/new',
    href: (consignorId: string) => `/admin/consignments/new?consignor=${encodeURIComponent(consignorId)}`,
  },
  adminConsignment: {
    path: 'consignments/:id',
    href: (id: string) => `/admin/consignments/${encodeURIComponent(id)}`,
  },
  // Settling consigned lots and paying consignors (issue 27, decision 087).
  adminSettlements: { path: 'settlements', href: () => '/admin/settlements' },
  adminPayouts: { path: 'payouts', href: () => '/admin/payouts' },
  /** Consignment reports: commission and fees per sale or month, unsold rate per consignor (issue 27 §4). */
  adminReports: { path: 'reports', href: () => '/admin/reports' },
  adminPayoutBatches: { path: 'payout-batches', href: () => '/admin/payout-batches' },
  adminPayoutBatch: {
    path: 'payout-batches/:id',
    href: (id: string) => `/admin/payout-batches/${encodeURIComponent(id)}`,
  },
} as const;

/** The literal start of a path with a parameter ('/rug-listing/:id' -> '/rug-listing/'). */
export function pathPrefix(path: string): string {
  const param = path.indexOf(':');
  return param < 0 ? path : path.slice(0, param);
}

/**
 * A pattern that matches a request path (no query string) served by any of the given route paths: each `:param`
 * one segment, and a trailing slash accepted unless `trailingSlash` is false.
 */
export function pathPattern(paths: readonly string[], { trailingSlash = true } = {}): RegExp {
  const one = (path: string) =>
    path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
  return new RegExp(`^(?:${paths.map(one).join('|')})${trailingSlash ? '/?' : ''}$`);
}

import type { FastifyInstance } from 'fastify';
import { createBidService, type BidService } from './modules/bidding/bid-service.ts';
import { createOutbidNotices, type OutbidNotices } from './modules/notifications/outbid-notices.ts';
import { createBuyNowService, type BuyNowService } from './modules/bidding/buy-now-service.ts';
import { createMyListsService } from './modules/bidding/my-lists-service.ts';
import { createRugService, type RugService } from './modules/catalogue/rug-service.ts';
import { createLotCorrections, type LotCorrections } from './modules/sales/lot-corrections.ts';
import { createLiveSalesService, type LiveSalesService } from './modules/live-sales/service.ts';
import { createTelephoneBidService, type TelephoneBidService } from './modules/telephone-bids/service.ts';
import { createNotificationDelivery, type DeliverNotifications } from './modules/notifications/notifier.ts';
import { createLotMails, type LotMails } from './modules/notifications/lot-mails.ts';
import { createSalesService, type SalesService } from './modules/sales/service.ts';
import { createAddressRepository } from './modules/addresses/repository.ts';
import { createAddressService, type AddressService } from './modules/addresses/service.ts';
import { createAdminAuctionService, type AdminAuctionService } from './modules/sales/staff-service.ts';
import { createAdminCollectionService } from './modules/collections/staff-service.ts';
import { createAdminContentService, type AdminContentService } from './modules/content/staff-service.ts';
import { createImportService, type ImportService } from './modules/import/service.ts';
import { createAdminMessageService } from './modules/contact/staff-service.ts';
import { createRugBulkService } from './modules/catalogue/rug-bulk.ts';
import { createAdminRugService } from './modules/catalogue/rug-staff-service.ts';
import { createOtpService, type OtpService } from './modules/auth/otp.ts';
import { createCollectionListCache, type CollectionListCache } from './modules/collections/cache.ts';
import { createContentRepository } from './modules/content/repository.ts';
import { createContentService, type ContentService } from './modules/content/service.ts';
import { createExchangeRateService, type ExchangeRateService } from './modules/exchange-rates/service.ts';
import { geoService } from './modules/geo/service.ts';
import { createMediaService, type MediaService } from './modules/media/index.ts';
import { createOrdersApiService } from './modules/commerce/orders/my-orders-service.ts';
import { createCheckoutService, type CheckoutService } from './modules/commerce/checkout/checkout-service.ts';
import type { RefundGateways } from './modules/commerce/refunds/refund-gateways.ts';
import { applyPaymentDeps } from './modules/commerce/payments/apply-payment.ts';
import type { ProviderDeps } from './modules/commerce/providers/provider-deps.ts';
import {
  createSecondChanceService,
  type SecondChanceService,
} from './modules/commerce/second-chance/second-chance-service.ts';
import { createShipmentService } from './modules/commerce/shipments/shipment-service.ts';
import { createStaffOrderService, type StaffOrderService } from './modules/commerce/staff-service.ts';
import { createDepositService, type DepositService } from './modules/deposits/service.ts';
import { createRealisedService } from './modules/realised/service.ts';
import { createBidderAdmin } from './modules/bidders/bidder-accounts.ts';
import { createBidderDetail } from './modules/bidders/service.ts';
import { createRegistrationService, type RegistrationService } from './modules/registrations/service.ts';
import {
  createPrintedCatalogueService,
  type PrintedCatalogueService,
} from './modules/printed-catalogues/service.ts';
import { createBidHistory } from './modules/sales/bid-history.ts';
import { createConsignorService, type ConsignorService } from './modules/consignors/service.ts';
import { createPayoutCipher } from './modules/consignors/payout-crypto.ts';
import { createConsignorPortal, type ConsignorPortal } from './modules/consignors/portal-service.ts';
import { createSettlementService, type SettlementService } from './modules/settlements/service.ts';
import { createTransferGateway } from './modules/settlements/stripe-transfers.ts';
import { createConsignorDocuments, type ConsignorDocuments } from './modules/consignors/documents-service.ts';
import { createSaleAdviceService, type SaleAdviceService } from './modules/consignors/advice-service.ts';
import { createReofferService, type ReofferService } from './modules/consignors/reoffer-service.ts';
import {
  createSettlementReportService,
  type SettlementReportService,
} from './modules/settlements/reports-service.ts';

import { createAuthService } from './modules/auth/service.ts';
import { createProfileService } from './modules/auth/profile.ts';
import { createMailDispatcher } from './modules/mail/dispatch.ts';
import { createNotificationRepository } from './modules/notifications/repository.ts';
import { createPushRegistration } from './modules/push/registration.ts';
import { createVapidKeySource } from './modules/push/vapid.ts';
import { createStaffAccounts } from './modules/staff/staff-service.ts';
import { createAdminSaleOps } from './modules/sales/staff-sale-ops.ts';
import { createHealthReport } from './modules/health/report.ts';
import { pressureReason } from './plugins/pressure.ts';
import { createContactRepository } from './modules/contact/repository.ts';
import { createMailboxRepository } from './modules/dev-mailbox/repository.ts';
import { createDashboardRepository } from './modules/dashboard/repository.ts';
import { createSavedSearchRepository } from './modules/saved-searches/repository.ts';
import { createCollectionRepository } from './modules/collections/repository.ts';
import { createLikeRepository } from './modules/likes/repository.ts';
import {
  createNotificationSettingsService,
  type NotificationSettingsService,
} from './modules/notifications/settings-service.ts';
import { createCalendarRepository } from './modules/calendar/repository.ts';
import { createAuditLog } from './modules/audit/audit-repository.ts';
import { feedSecret } from './modules/calendar/feed-secret.ts';
import { createStripeProvider } from './modules/commerce/providers/stripe/stripe-provider.ts';
import { openChatService } from './modules/chat/open-chat-service.ts';
import type { ChatService } from './modules/chat/service.ts';
import { createPaypalProvider } from './modules/commerce/providers/paypal/paypal-provider.ts';
import { createIdentityService, type IdentityService } from './modules/identity/service.ts';
import {
  createConditionReportService,
  type ConditionReportService,
} from './modules/condition-reports/service.ts';
import { createStrikeService, type StrikeService } from './modules/strikes/service.ts';
import { createAutopayService, type AutopayService } from './modules/commerce/autopay/service.ts';
/** Facet counts and totals may be this stale (see catalogue/ttl-cache.ts); tests read them live. */
const CATALOGUE_CACHE_TTL_MS = 15_000;

/**
 * Every service the routes use, built once per app (as fastify/demo's plugins/app layer does) so every route
 * module shares one instance: one rug service and its caches, one bid queue per lot, one media service.
 * Routes read them from `app.services` and never construct one (test/ops/services-once.test.ts guards it).
 */
export interface AppServices {
  rugs: RugService;
  sales: SalesService;
  bids: BidService;
  buyNow: BuyNowService;
  myLists: ReturnType<typeof createMyListsService>;
  /** Staff withdrawals and voids of a lot. */
  lotCorrections: LotCorrections;
  /** Live sales: the clerk's actions and the room's bids (shared by both route modules). */
  live: LiveSalesService;
  /** Telephone bids in live sales (decision 097): bookings, operators, and their bids through `live`. */
  telephone: TelephoneBidService;
  /** Uploaded pictures (admin rugs, collections, content, imports and the demo seed share it). */
  media: MediaService;
  /** Display exchange rates (public and staff routes, the demo seed). */
  exchangeRates: ExchangeRateService;
  realised: ReturnType<typeof createRealisedService>;
  content: ContentService;
  addresses: AddressService;
  orders: ReturnType<typeof createOrdersApiService>;
  /** One-time codes (the account and profile services share it). */
  otp: OtpService;
  checkouts: CheckoutService;
  /** Second-chance offers: the buyer's answers and staff's offers. */
  secondChance: SecondChanceService;
  staffOrders: StaffOrderService;
  /** Shipments: the orders one checkout paid for, marked shipped and delivered together. */
  shipments: ReturnType<typeof createShipmentService>;
  adminAuctions: AdminAuctionService;
  adminRugs: ReturnType<typeof createAdminRugService>;
  /** One action on many rugs of the back office's grid. */
  rugBulk: ReturnType<typeof createRugBulkService>;
  adminCollections: ReturnType<typeof createAdminCollectionService>;
  adminContent: AdminContentService;
  adminMessages: ReturnType<typeof createAdminMessageService>;
  imports: ImportService;
  /** Staff's user list and the bidding block. */
  bidderAccounts: ReturnType<typeof createBidderAdmin>;
  /** A bidder's page in the back office: bids, wins, orders, notes. */
  bidderDetail: ReturnType<typeof createBidderDetail>;
  registrations: RegistrationService;
  /** A sale's printed catalogue and realised prices, made in the background (decision 094). */
  printedCatalogues: PrintedCatalogueService;
  /** A lot's full bid history for staff. */
  bidHistory: ReturnType<typeof createBidHistory>;
  /** Consignors, their consignments and the journal (decision 086); payout details encrypted under PAYOUT_DETAILS_KEY. */
  consignors: ConsignorService;
  /** Settling consigned lots into the journal, payout batches and statements (decision 087). */
  settlements: SettlementService;
  /** Consignment reports: commission and fees per sale or month, the unsold rate per consignor (issue 27 §4). */
  settlementReports: SettlementReportService;
  /** The consignor portal: a linked account's own consignments, agreements and statement (issue 27 §4). */
  consignorPortal: ConsignorPortal;
  /** A consignor's statement and consignment agreement as PDFs, for staff and the portal (issue 27). */
  consignorDocuments: ConsignorDocuments;
  /** Post-sale advices to consignors, written and mailed once per consignor per closed sale (run by the jobs). */
  consignorAdvices: SaleAdviceService;
  /** Deposits and card holds that set a bidding limit (issue 28 §2, decision 091); the job releases holds after sales. */
  deposits: DepositService;
  /** Unsold rugs returned to their consignors or re-offered on terms accepted in the portal (issue 27 §2). */
  reoffers: ReofferService;
  /** Sign-up, sign-in and sessions; the profile. They share one mail dispatcher, drained when the auth routes close. */
  auth: ReturnType<typeof createAuthService>;
  profile: ReturnType<typeof createProfileService>;
  authMail: ReturnType<typeof createMailDispatcher>;
  notifications: ReturnType<typeof createNotificationRepository>;
  /** Web push: subscriptions (their endpoints checked against PUSH_ALLOWED_HOSTS) and the VAPID keys. */
  pushRegistration: ReturnType<typeof createPushRegistration>;
  vapidKeys: ReturnType<typeof createVapidKeySource>;
  /** Staff accounts: their roles, and revoking a member's sessions when their role changes. */
  staffAccounts: ReturnType<typeof createStaffAccounts>;
  /** Publishing, taking back, deleting and renumbering a sale. */
  saleOps: ReturnType<typeof createAdminSaleOps>;
  /** The health and readiness answers, each within its deadline. */
  health: ReturnType<typeof createHealthReport>;
  contactMessages: ReturnType<typeof createContactRepository>;
  contactMail: ReturnType<typeof createMailDispatcher>;
  /** The development mailbox (DEV_MAILBOX); its routes exist only when it is on. */
  devMailbox: ReturnType<typeof createMailboxRepository>;
  dashboard: ReturnType<typeof createDashboardRepository>;
  savedSearches: ReturnType<typeof createSavedSearchRepository>;
  /** The public collections. */
  collections: ReturnType<typeof createCollectionRepository>;
  /** The public collection list's cache, cleared by every staff change to a collection. */
  collectionList: CollectionListCache;
  /** Liked rugs (the watchlist's toggle). */
  likes: ReturnType<typeof createLikeRepository>;
  /** A person's notification switches and the e-mails' one-click unsubscribe. */
  notificationSettings: NotificationSettingsService;
  /** Calendar feeds and their secret tokens. */
  calendars: ReturnType<typeof createCalendarRepository>;
  /** Card payments and PayPal, or null when the house has not configured them (their routes answer 404). */
  stripe: ReturnType<typeof createStripeProvider>;
  paypal: ReturnType<typeof createPaypalProvider>;
  /** The refund gateway of each configured provider (staff refunds and reported refunds go through them). */
  refundGateways: RefundGateways;
  /** Notices: stored, announced on the user's channel, pushed and mailed (tests wait on `lotMails.settled()`). */
  deliver: DeliverNotifications;
  lotMails: LotMails;
  /** The outbid notices' worker: the outbox the bids write, sent in batches (decision 098); the scheduler polls it. */
  outbidNotices: OutbidNotices;
  /** The staff audit trail, read (the writer is audit/audit-writer.ts). */
  auditLog: ReturnType<typeof createAuditLog>;
  /** Chat: the customer and staff routes share it and its mail dispatcher (drained when the chat routes close). */
  chat: Promise<ChatService>;
  chatMail: ReturnType<typeof createMailDispatcher>;
  /** Identity checks above the house's threshold (issue 28 §3, decision 093): uploads, reviews, the purge job. */
  identity: IdentityService;
  /** Condition reports on request: collectors ask, the specialist desk answers (decision 095). */
  conditionReports: ConditionReportService;
  /** Non-payers' strikes and the block they set (issue 28 §4, decision 092); the jobs run it. */
  strikes: StrikeService;
  /** Autopay with the saved card (issue 29 §4, decision 096): the buyer's switches and the charging job. */
  autopay: AutopayService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export function registerServices(app: FastifyInstance): void {
  const { config, db, bus, mailer, storage, zoom, settings } = app.ctx;
  const rugs = createRugService({
    db,
    mediaBaseUrl: config.MEDIA_BASE_URL,
    cacheTtlMs: config.NODE_ENV === 'test' ? 0 : CATALOGUE_CACHE_TTL_MS,
  });
  // One notice mailer and one delivery (one VAPID key source) per app: the lot core, bids and the jobs share them.
  const lotMails = createLotMails({ db, mailer, log: app.log, publicUrl: config.PUBLIC_URL });
  const deliver = createNotificationDelivery({
    db,
    bus,
    config,
    log: app.log,
    pushTls: app.ctx.pushTls,
    lotMails,
  });
  const lotDeps = { db, bus, log: app.log, currency: config.CURRENCY, deliver };
  // Outbid notices leave the bid's request path through the outbox (decision 098); the bids wake it.
  const outbidNotices = createOutbidNotices({
    db,
    currency: config.CURRENCY,
    deliver,
    log: app.log.child({ module: 'outbid-notices' }),
    enabled: config.OUTBID_NOTICE_WORKER,
  });
  // After the batches under way are announced; the database closes after the app.
  app.addHook('onClose', () => outbidNotices.stop());
  const media = createMediaService({ db, storage, config });
  const mailDeps = { db, mailer, log: app.log, publicUrl: config.PUBLIC_URL };
  const otp = createOtpService(db, config.OTP_SECRET);
  const authMail = createMailDispatcher(mailer, app.log);
  const chatMail = createMailDispatcher(mailer, app.log);
  const refundGateways: RefundGateways = {};
  const providerDeps: ProviderDeps = {
    db,
    config,
    settings,
    log: app.log,
    payments: applyPaymentDeps(app.ctx, app.log),
    refundGateways,
  };
  const chat = openChatService({ db, bus, mail: chatMail, publicUrl: config.PUBLIC_URL, log: app.log });
  // Awaited when the chat routes register (a failure there fails the start); until then it is not unhandled.
  chat.catch(() => undefined);
  const adminAuctions = createAdminAuctionService(db, async () => {
    const s = await settings.get();
    return {
      buyersPremiumPct: s.premium.buyersPremiumPct,
      // Unchanged: null, the built-in table the engine falls back to (AUCTION-RULES.md).
      increments: s.changed.increments ? s.increments.increments : null,
    };
  });
  const collectionList = createCollectionListCache(config.NODE_ENV);
  const adminCollections = createAdminCollectionService({
    db,
    media,
    mediaBaseUrl: config.MEDIA_BASE_URL,
    changed: () => {
      collectionList.clear();
      // The listing resolves ?data=<title> to ids and counts facets per collection; both are cached.
      rugs.clearCaches();
    },
  });
  const consignors = createConsignorService({
    db,
    cipher: createPayoutCipher(db, config.PAYOUT_DETAILS_KEY),
  });
  const stripe = createStripeProvider(providerDeps);
  const settlements = createSettlementService({
    db,
    consignors,
    settings: async () => (await settings.get()).settlements,
    currency: config.CURRENCY,
    transfers: stripe ? createTransferGateway(stripe.stripe) : null,
  });
  // What the services that mail consignors share: the post-sale advice and re-offer proposals.
  const consignorMailDeps = {
    ...mailDeps,
    currency: config.CURRENCY,
    houseTerms: async () => (await settings.get()).settlements.consignmentTerms,
  };
  const live = createLiveSalesService({
    ...lotDeps,
    mediaBaseUrl: config.MEDIA_BASE_URL,
    // The socket layer is registered after the REST routes: read it when asked.
    watchers: (channel) => (app.hasDecorator('live') ? app.live.watchers(channel) : 0),
  });
  const services: AppServices = {
    rugs,
    sales: createSalesService({ db, rugs, mediaBaseUrl: config.MEDIA_BASE_URL }),
    bids: createBidService({ ...lotDeps, outbidNotices, writeStatements: config.BID_WRITE_STATEMENTS }),
    outbidNotices,
    buyNow: createBuyNowService(lotDeps),
    myLists: createMyListsService({ db, rugs }),
    lotCorrections: createLotCorrections(lotDeps),
    live,
    telephone: createTelephoneBidService({
      db,
      live,
      rules: async () => (await settings.get()).telephone,
    }),
    media,
    exchangeRates: createExchangeRateService({ db, base: config.CURRENCY }),
    realised: createRealisedService({ db, currency: config.CURRENCY, mediaBaseUrl: config.MEDIA_BASE_URL }),
    content: createContentService(createContentRepository(db), { mediaBaseUrl: config.MEDIA_BASE_URL }),
    addresses: createAddressService({
      repo: createAddressRepository(db),
      geo: geoService(),
      currency: config.CURRENCY,
      shippingSettings: async () => (await settings.get()).shipping,
    }),
    orders: createOrdersApiService({ db, mediaBaseUrl: config.MEDIA_BASE_URL }),
    otp,
    checkouts: createCheckoutService({ ...mailDeps, currency: config.CURRENCY, settings }),
    secondChance: createSecondChanceService(mailDeps),
    staffOrders: createStaffOrderService({
      ...mailDeps,
      staffEmail: config.STAFF_EMAIL,
      mediaBaseUrl: config.MEDIA_BASE_URL,
      refundGateways,
      writeOffLimit: async () => (await settings.get()).bankTransfer.writeOffLimit,
    }),
    shipments: createShipmentService(mailDeps),
    adminAuctions,
    adminRugs: createAdminRugService({ db, media, zoom, mediaBaseUrl: config.MEDIA_BASE_URL }),
    rugBulk: createRugBulkService({ db, auctions: adminAuctions, collections: adminCollections }),
    adminCollections,
    adminContent: createAdminContentService({
      db,
      media,
      mediaBaseUrl: config.MEDIA_BASE_URL,
      bus,
      log: app.log,
    }),
    adminMessages: createAdminMessageService({ db, mailer }),
    imports: createImportService({ db, media, auctions: adminAuctions, consignors, log: app.log }),
    bidderAccounts: createBidderAdmin(db),
    bidderDetail: createBidderDetail(db),
    registrations: createRegistrationService({
      db,
      mailer,
      deliver,
      log: app.log,
      publicUrl: config.PUBLIC_URL,
      rules: async () => (await settings.get()).registration,
    }),
    printedCatalogues: createPrintedCatalogueService({
      db,
      storage,
      currency: config.CURRENCY,
      log: app.log,
    }),
    bidHistory: createBidHistory(db),
    consignors,
    settlements,
    settlementReports: createSettlementReportService({ db, currency: config.CURRENCY }),
    consignorPortal: createConsignorPortal({
      db,
      currency: config.CURRENCY,
      mediaBaseUrl: config.MEDIA_BASE_URL,
      houseTerms: async () => (await settings.get()).settlements.consignmentTerms,
      statement: (id, q) => settlements.statement(id, q),
    }),
    consignorDocuments: createConsignorDocuments({
      db,
      consignors,
      currency: config.CURRENCY,
      settings: async () => (await settings.get()).settlements,
      statement: (id, q) => settlements.statement(id, q),
    }),
    reoffers: createReofferService({
      ...consignorMailDeps,
      // The staff's own lot path inside the acceptance's transaction (its own transaction becomes a savepoint).
      addLot: (tx, staffId, saleId, lot) => adminAuctions.createLotIn(tx, staffId, saleId, lot),
    }),
    consignorAdvices: createSaleAdviceService(consignorMailDeps),
    deposits: createDepositService({
      db,
      log: app.log,
      currency: config.CURRENCY,
      stripe: stripe?.stripe ?? null,
      settings: async () => (await settings.get()).deposits,
      // Applying a bank deposit to an order is a bank transfer on the staff's payment desk (read when called).
      recordBankTransfer: (staffId, input) => services.staffOrders.recordBankTransfer(staffId, input),
    }),
    auth: createAuthService(app.ctx, authMail, app.log, otp),
    profile: createProfileService(app.ctx, authMail, app.log, otp),
    authMail,
    notifications: createNotificationRepository(db),
    pushRegistration: createPushRegistration({ db, config, rateLimits: app.ctx.rateLimits }),
    vapidKeys: createVapidKeySource(db, config),
    staffAccounts: createStaffAccounts(db, app.ctx.tokens),
    saleOps: createAdminSaleOps(db),
    health: createHealthReport({
      ctx: app.ctx,
      deadlineMs: config.HEALTH_TIMEOUT_MS,
      pressure: () => pressureReason(app, config),
    }),
    contactMessages: createContactRepository(db),
    contactMail: createMailDispatcher(mailer, app.log),
    devMailbox: createMailboxRepository(db),
    dashboard: createDashboardRepository(db),
    savedSearches: createSavedSearchRepository(db),
    collections: createCollectionRepository(db),
    collectionList,
    likes: createLikeRepository(db),
    notificationSettings: createNotificationSettingsService(db, config),
    calendars: createCalendarRepository(db, feedSecret(db, config)),
    stripe,
    paypal: createPaypalProvider(providerDeps),
    refundGateways,
    auditLog: createAuditLog(db),
    deliver,
    lotMails,
    chat,
    chatMail,
    conditionReports: createConditionReportService({
      db,
      media,
      mailer,
      deliver,
      bus,
      log: app.log,
      publicUrl: config.PUBLIC_URL,
      mediaBaseUrl: config.MEDIA_BASE_URL,
      promiseHours: async () => (await settings.get()).conditionReports.promiseHours,
    }),
    identity: createIdentityService({
      db,
      storage,
      currency: config.CURRENCY,
      settings: async () => (await settings.get()).identity,
      mailer,
      deliver,
      log: app.log,
      publicUrl: config.PUBLIC_URL,
    }),
    strikes: createStrikeService({
      db,
      mailer,
      deliver,
      log: app.log,
      publicUrl: config.PUBLIC_URL,
      settings: async () => (await settings.get()).strikes,
    }),
    autopay: createAutopayService({
      db,
      log: app.log,
      mailer,
      deliver,
      publicUrl: config.PUBLIC_URL,
      currency: config.CURRENCY,
      settings,
      payments: providerDeps.payments,
      stripe: stripe?.stripe ?? null,
    }),
  };
  app.decorate('services', services);
}

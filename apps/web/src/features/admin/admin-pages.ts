// Every back-office page in one lazily loaded module: one dynamic entry for the whole back office keeps the
// bundler from re-cutting the chunks visitors share into more, smaller files (measured: +6 KB gzip on the
// listing's first paint with one entry per page, nothing with one for all; scripts/web-size.mjs).
export { default as AdminLayout } from './shell/admin-layout.tsx';
export { default as DashboardPage } from './dashboard/routes/dashboard-page.tsx';
export { default as RugsPage } from './catalogue/routes/rugs-page.tsx';
export { default as RugEditorPage } from './catalogue/routes/rug-editor-page.tsx';
export { default as SalesPage } from './sales/routes/sales-page.tsx';
export { default as OrdersPage } from './commerce/routes/orders-page.tsx';
export { default as BiddersPage } from './bidders/routes/bidders-page.tsx';
export { default as AuditPage } from './audit/routes/audit-page.tsx';
export { default as OrderPage } from './commerce/routes/order-page.tsx';
export { default as SalePage } from './sales/routes/sale-page.tsx';
export { default as BidderPage } from './bidders/routes/bidder-page.tsx';
export { default as IdentityChecksPage } from './identity/routes/identity-checks-page.tsx';
export { default as StaffPage } from './staff/routes/staff-page.tsx';
export { default as SettingsPage } from './house-settings/routes/settings-page.tsx';
export { default as ImportPage } from './import/routes/import-page.tsx';
export { default as ContentPage } from './content/routes/content-page.tsx';
export { default as PostEditorPage } from './content/routes/post-editor-page.tsx';
export { default as CollectionsPage } from './collections/routes/collections-page.tsx';
export { default as ContactMessagesPage } from './contact/routes/contact-messages-page.tsx';
export { default as ConsignorsPage } from './consignors/routes/consignors-page.tsx';
export { default as ConsignorPage } from './consignors/routes/consignor-page.tsx';
export { default as ConsignmentNewPage } from './consignors/routes/consignment-new-page.tsx';
export { default as ConsignmentPage } from './consignors/routes/consignment-page.tsx';
export { default as SettlementsPage } from './settlements/routes/settlements-page.tsx';
export { default as PayoutsPage } from './settlements/routes/payouts-page.tsx';
export { default as PayoutBatchesPage } from './settlements/routes/payout-batches-page.tsx';
export { default as PayoutBatchPage } from './settlements/routes/payout-batch-page.tsx';
export { default as ConsignmentReportsPage } from './consignment-reports/routes/consignment-reports-page.tsx';
export { default as ConditionDeskPage } from './condition-reports/routes/condition-desk-page.tsx';
export { default as ConditionLotPage } from './condition-reports/routes/condition-lot-page.tsx';
export { default as TelephoneBookingsPage } from './telephone-bids/routes/telephone-bookings-page.tsx';
export { default as OperatorDeskPage } from './telephone-bids/routes/operator-desk-page.tsx';

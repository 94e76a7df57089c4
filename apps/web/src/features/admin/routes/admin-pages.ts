// Every back-office page in one lazily loaded module: one dynamic entry for the whole back office keeps the
// bundler from re-cutting the chunks visitors share into more, smaller files (measured: +6 KB gzip on the
// listing's first paint with one entry per page, nothing with one for all; scripts/web-size.mjs).
export { default as AdminLayout } from './admin-layout.tsx';
export { default as DashboardPage } from './dashboard-page.tsx';
export { default as RugsPage } from './rugs-page.tsx';
export { default as RugEditorPage } from './rug-editor-page.tsx';
export { default as SalesPage } from './sales-page.tsx';
export { default as OrdersPage } from './orders-page.tsx';
export { default as BiddersPage } from './bidders-page.tsx';
export { default as AuditPage } from './audit-page.tsx';
export { default as OrderPage } from './order-page.tsx';
export { default as SalePage } from './sale-page.tsx';
export { default as BidderPage } from './bidder-page.tsx';
export { default as StaffPage } from './staff-page.tsx';
export { default as SettingsPage } from './settings-page.tsx';
export { default as ImportPage } from './import-page.tsx';
export { default as ContentPage } from './content-page.tsx';
export { default as PostEditorPage } from './post-editor-page.tsx';
export { default as CollectionsPage } from './collections-page.tsx';
export { default as ContactMessagesPage } from './contact-messages-page.tsx';

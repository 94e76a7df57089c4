import type { AbilityAction, AbilitySubject } from '@knotwork/shared/abilities/staff';
import { paths } from '@/config/paths.ts';

export type AdminMenuKey =
  | 'dashboard'
  | 'rugs'
  | 'import'
  | 'sales'
  | 'orders'
  | 'bidders'
  | 'identity'
  | 'messages'
  | 'audit'
  | 'staff'
  | 'settings'
  | 'content'
  | 'collections'
  | 'contact'
  | 'consignors'
  | 'settlements'
  | 'payouts'
  | 'payoutBatches'
  | 'reports'
  | 'conditionReports';

/** The side navigation: each entry shows only to roles that may read its subject (or `action` it, when set). */
export const adminMenu: ReadonlyArray<{
  key: AdminMenuKey;
  to: string;
  subject: AbilitySubject;
  action?: AbilityAction;
  end?: boolean;
  /** The label's i18n key when it is not `admin:nav.<key>` (entries added with their own namespace). */
  label?: string;
}> = [
  { key: 'dashboard', to: paths.admin.href(), subject: 'dashboard', end: true },
  { key: 'rugs', to: paths.adminRugs.href(), subject: 'rug' },
  { key: 'import', to: paths.adminImport.href(), subject: 'rug', action: 'manage' },
  {
    key: 'collections',
    to: paths.adminCollections.href(),
    subject: 'collection',
    label: 'admin-house:nav.collections',
  },
  { key: 'sales', to: paths.adminSales.href(), subject: 'sale' },
  { key: 'content', to: paths.adminContent.href(), subject: 'content' },
  { key: 'orders', to: paths.adminOrders.href(), subject: 'order' },
  { key: 'bidders', to: paths.adminBidders.href(), subject: 'bidder' },
  // The specialist desk of condition reports on request (decision 095).
  {
    key: 'conditionReports',
    to: paths.adminConditionReports.href(),
    subject: 'condition',
    label: 'admin-settings:nav.conditionReports',
  },
  // Buyers' identity documents above the threshold (decision 093): admins only.
  {
    key: 'identity',
    to: paths.adminIdentityChecks.href(),
    subject: 'identity',
    label: 'admin-house:nav.identity',
  },
  // Who reads consignments (specialists take them in, accounts settle: `settlement` comes with `read consignment`).
  {
    key: 'consignors',
    to: paths.adminConsignors.href(),
    subject: 'consignment',
    label: 'admin-house:nav.consignors',
  },
  // Accounts settle and pay consignors; admins too (issue 27). Their labels are in admin-settings, which every
  // back-office page loads (the screens' own words, admin-settlements, come with them).
  {
    key: 'settlements',
    to: paths.adminSettlements.href(),
    subject: 'settlement',
    label: 'admin-settings:nav.settlements',
  },
  {
    key: 'payouts',
    to: paths.adminPayouts.href(),
    subject: 'settlement',
    label: 'admin-settings:nav.payouts',
  },
  {
    key: 'payoutBatches',
    to: paths.adminPayoutBatches.href(),
    subject: 'settlement',
    label: 'admin-settings:nav.payoutBatches',
  },
  // Commission and fees per sale or month, unsold rate per consignor (issue 27 §4).
  {
    key: 'reports',
    to: paths.adminReports.href(),
    subject: 'settlement',
    label: 'admin-settings:nav.reports',
  },
  { key: 'messages', to: paths.staffChat.href(), subject: 'chat' },
  { key: 'contact', to: paths.adminContact.href(), subject: 'message', label: 'admin-house:nav.contact' },
  { key: 'audit', to: paths.adminAudit.href(), subject: 'audit' },
  { key: 'staff', to: paths.adminStaff.href(), subject: 'staff' },
  { key: 'settings', to: paths.adminSettings.href(), subject: 'settings' },
];

import type { AbilitySubject } from '@knotwork/shared/abilities/staff';
import { paths } from '@/config/paths.ts';

export type AdminMenuKey = 'dashboard' | 'rugs' | 'sales' | 'orders' | 'bidders' | 'messages' | 'audit';

/** The side navigation: each entry shows only to roles that may read its subject. */
export const adminMenu: ReadonlyArray<{
  key: AdminMenuKey;
  to: string;
  subject: AbilitySubject;
  end?: boolean;
}> = [
  { key: 'dashboard', to: paths.admin.href(), subject: 'dashboard', end: true },
  { key: 'rugs', to: paths.adminRugs.href(), subject: 'rug' },
  { key: 'sales', to: paths.adminSales.href(), subject: 'sale' },
  { key: 'orders', to: paths.adminOrders.href(), subject: 'order' },
  { key: 'bidders', to: paths.adminBidders.href(), subject: 'bidder' },
  { key: 'messages', to: paths.staffChat.href(), subject: 'message' },
  { key: 'audit', to: paths.adminAudit.href(), subject: 'audit' },
];

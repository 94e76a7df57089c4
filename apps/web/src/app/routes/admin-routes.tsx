import type { ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { i18n } from '@/lib/i18n.ts';
import type * as AdminPagesModule from '@/features/admin/admin-pages.ts';
import { page } from './page-route.tsx';

type AdminPages = typeof AdminPagesModule;

/** The back office's pages, with the `admin` translations (not part of the start-up set) loaded alongside. */
const admin = (name: keyof AdminPages) => async (): Promise<{ default: ComponentType }> => {
  const [pages] = await Promise.all([
    import('@/features/admin/admin-pages.ts'),
    // admin-settings: the settings sections, second-chance offers and live dashboard figures (decision 064);
    // admin-content: the content screens (decision 059); admin-house: collections, contact messages, audit (060).
    i18n.loadNamespaces(['admin', 'admin-settings', 'admin-content', 'admin-house']),
  ]);
  return { default: pages[name] };
};

/** A page that also needs its own namespace, loaded with the back office's. */
const adminWith =
  (name: keyof AdminPages, namespace: string) => async (): Promise<{ default: ComponentType }> => {
    const [page] = await Promise.all([admin(name)(), i18n.loadNamespaces(namespace)]);
    return page;
  };

/**
 * /admin, the back office (issue 11): its own layout (side navigation, staff guard) and pages, one lazy module,
 * so nothing of it reaches a visitor's first download. This table too: the app's routes hold one `/admin/*` page
 * (router.tsx), which renders these as descendant routes, relative to /admin.
 */
function adminRoutes(): RouteObject[] {
  // A layout route: no path of its own, the element of page() (error boundary, Suspense) around the layout.
  const { element } = page('', admin('AdminLayout'));
  return [
    {
      element,
      children: [
        // The dashboard is the index: an empty child path matches /admin itself.
        page('', admin('DashboardPage')),
        page(paths.adminRugs.path, admin('RugsPage')),
        page(paths.adminRugNew.path, admin('RugEditorPage')),
        page(paths.adminRug.path, admin('RugEditorPage')),
        page(paths.adminSales.path, admin('SalesPage')),
        page(paths.adminSale.path, admin('SalePage')),
        page(paths.adminOrders.path, admin('OrdersPage')),
        page(paths.adminOrder.path, admin('OrderPage')),
        page(paths.adminBidders.path, admin('BiddersPage')),
        page(paths.adminBidder.path, admin('BidderPage')),
        page(paths.adminIdentityChecks.path, admin('IdentityChecksPage')),
        // The condition-report desk (decision 095): its screens' words in admin-condition-reports.
        page(paths.adminConditionReports.path, adminWith('ConditionDeskPage', 'admin-condition-reports')),
        page(paths.adminConditionLot.path, adminWith('ConditionLotPage', 'admin-condition-reports')),
        page(paths.adminAudit.path, admin('AuditPage')),
        page(paths.adminStaff.path, admin('StaffPage')),
        page(paths.adminSettings.path, admin('SettingsPage')),
        // Importing rugs and lots (decision 058): a page of the same module, with its own namespace as well.
        page(paths.adminImport.path, async () => {
          const [pages] = await Promise.all([
            import('@/features/admin/admin-pages.ts'),
            i18n.loadNamespaces(['admin', 'admin-import']),
          ]);
          return { default: pages.ImportPage };
        }),
        page(paths.adminContent.path, admin('ContentPage')),
        page(paths.adminPostNew.path, admin('PostEditorPage')),
        page(paths.adminPost.path, admin('PostEditorPage')),
        page(paths.adminCollections.path, admin('CollectionsPage')),
        page(paths.adminContact.path, admin('ContactMessagesPage')),
        // Consignors and consignments (issue 27): their screens' words in admin-consignors.
        page(paths.adminConsignors.path, adminWith('ConsignorsPage', 'admin-consignors')),
        page(paths.adminConsignor.path, adminWith('ConsignorPage', 'admin-consignors')),
        page(paths.adminConsignmentNew.path, adminWith('ConsignmentNewPage', 'admin-consignors')),
        page(paths.adminConsignment.path, adminWith('ConsignmentPage', 'admin-consignors')),
        // Settling consigned lots and paying consignors (issue 27, decision 087): words in admin-settlements.
        page(paths.adminSettlements.path, adminWith('SettlementsPage', 'admin-settlements')),
        page(paths.adminPayouts.path, adminWith('PayoutsPage', 'admin-settlements')),
        page(paths.adminPayoutBatches.path, adminWith('PayoutBatchesPage', 'admin-settlements')),
        page(paths.adminPayoutBatch.path, adminWith('PayoutBatchPage', 'admin-settlements')),
        page(paths.adminReports.path, adminWith('ConsignmentReportsPage', 'admin-reports')),
        // Telephone bids in live sales (issue 29 §1, decision 097): words in admin-telephone and live.
        page(paths.adminTelephone.path, adminWith('TelephoneBookingsPage', 'admin-telephone')),
        page(paths.adminPhoneDesk.path, async () => {
          const [desk] = await Promise.all([
            admin('OperatorDeskPage')(),
            i18n.loadNamespaces(['admin-telephone', 'live']),
          ]);
          return desk;
        }),
        // The chat inbox (issue 12.2) lives in its own feature; it shares the back office's shell and guard.
        page(paths.staffChat.path, async () => {
          const [inbox] = await Promise.all([
            import('@/features/chat/routes/staff-inbox-page.tsx'),
            i18n.loadNamespaces('admin'),
          ]);
          return inbox;
        }),
        // The clerk's console of a live sale (issue 12.1), in its own feature under the same shell and guard.
        page(paths.adminLive.path, async () => {
          const [clerk] = await Promise.all([
            import('@/features/live-sales/routes/clerk-console-page.tsx'),
            i18n.loadNamespaces('admin'),
          ]);
          return clerk;
        }),
      ],
    },
    // An unknown back-office path goes where any unknown path goes.
    { path: '*', element: <Navigate to={paths.notFound.href()} replace /> },
  ];
}

const routes = adminRoutes();

// Every back-office page is in admin-pages.ts (the clerk console and the chat inbox use its layout): its code and
// words start loading with this table instead of after it.
void admin('AdminLayout')();

export default function AdminRoutes() {
  return useRoutes(routes);
}

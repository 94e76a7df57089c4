import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { BiddingStandingNote } from '@/components/bidding-standing/bidding-standing-note.tsx';
import { BiddingTab } from '../components/bidding-tab.tsx';
import { ConditionReportsTab } from '../components/condition-reports-tab.tsx';
import { PurchasesTab } from '../components/purchases-tab.tsx';
import { TelephoneTab } from '../components/telephone-tab.tsx';
import { WatchingTab } from '../components/watching-tab.tsx';
import { WonTab } from '../components/won-tab.tsx';

const SavedSearchesTab = lazy(() => import('@/features/saved-searches/components/saved-searches-tab.tsx'));

const TABS = ['bidding', 'won', 'watching', 'purchases', 'telephone', 'reports', 'searches'] as const;
type MyItemsTab = (typeof TABS)[number];
const isTab = (v: string | null): v is MyItemsTab => (TABS as readonly string[]).includes(v ?? '');

/**
 * /my-items (signed in): bidding, won, watching, purchases, telephone lines, condition reports and saved searches, the
 * tab kept in the URL (?tab=).
 */
export function MyItemsPage() {
  const { t } = useTranslation(['my-items', 'saved-searches']);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: MyItemsTab = isTab(requested) ? requested : 'bidding';
  // Mails link an order as /my-items?order=ID: its own page says everything about it.
  const order = params.get('order');
  if (order) return <Navigate to={paths.order.href(order)} replace />;

  return (
    <>
      <PageHeader overline={t('overline')} title={t('title')} intro={t('intro')} />
      <PageContainer sx={{ py: { xs: 8, md: 12 } }}>
        <BiddingStandingNote />
        <Tabs
          value={tab}
          onChange={(_, next: MyItemsTab) =>
            setParams(next === 'bidding' ? {} : { tab: next }, { replace: true })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('tabsLabel')}
          sx={{ mb: 6, borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={value === 'searches' ? t('saved-searches:tab') : t(`tabs.${value}`)}
              id={`my-items-tab-${value}`}
              aria-controls={`my-items-panel-${value}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`my-items-panel-${tab}`} aria-labelledby={`my-items-tab-${tab}`}>
          {tab === 'bidding' && <BiddingTab />}
          {tab === 'won' && <WonTab />}
          {tab === 'watching' && <WatchingTab />}
          {tab === 'purchases' && <PurchasesTab />}
          {tab === 'telephone' && <TelephoneTab />}
          {tab === 'reports' && <ConditionReportsTab />}
          {tab === 'searches' && (
            <Suspense fallback={null}>
              <SavedSearchesTab />
            </Suspense>
          )}
        </Box>
      </PageContainer>
    </>
  );
}

export default MyItemsPage;

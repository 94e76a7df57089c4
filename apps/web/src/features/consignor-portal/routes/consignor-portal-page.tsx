import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { isNotFound } from '@/lib/api-client.ts';
import { useConsignments } from '../api/get-consignments.ts';
import { useConsignorMe } from '../api/get-consignor-me.ts';
import { AdvicesSection } from '../components/advices-section.tsx';
import { ConsignmentCard } from '../components/consignment-card.tsx';
import { ReoffersSection } from '../components/reoffers-section.tsx';
import { StatementSection } from '../components/statement-section.tsx';

function Loading() {
  return (
    <Stack spacing={4} role="status" aria-busy="true">
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={180} />
    </Stack>
  );
}

/**
 * /consignor (signed in, linked to a consignor): the consignments with each rug's status now (asked again every
 * 20 seconds), the agreements to accept (and each as a PDF), the post-sale advices, the statement (and its PDF) and
 * the payouts. Not linked: a plain explanation.
 */
export function ConsignorPortalPage() {
  const { t } = useTranslation('consignor-portal');
  const me = useConsignorMe();
  const linked = me.isSuccess;
  const consignments = useConsignments(linked);

  let body;
  if (me.isPending) body = <Loading />;
  else if (me.isError)
    body = isNotFound(me.error) ? (
      <EmptyState
        icon={<Inventory2Outlined fontSize="inherit" />}
        title={t('notLinked.title')}
        description={t('notLinked.description')}
      />
    ) : (
      <ErrorState message={t('loadError')} retryLabel={t('retry')} onRetry={() => void me.refetch()} />
    );
  else
    body = (
      <>
        {/* The account isolated left to right (U+2066…U+2069): it reads the same in Arabic. */}
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 6 }} data-testid="consignor-payout">
          {me.data.payout.masked
            ? t('payoutTo', { account: `\u2066${me.data.payout.masked}\u2069` })
            : t('payoutNone')}
        </Typography>
        <ReoffersSection />
        {consignments.isError ? (
          <ErrorState
            message={t('loadError')}
            retryLabel={t('retry')}
            onRetry={() => void consignments.refetch()}
          />
        ) : consignments.isPending ? (
          <Loading />
        ) : consignments.data.length === 0 ? (
          <EmptyState
            icon={<Inventory2Outlined fontSize="inherit" />}
            title={t('empty.title')}
            description={t('empty.description')}
          />
        ) : (
          <Stack spacing={{ xs: 4, md: 6 }}>
            {consignments.data.map((k) => (
              <ConsignmentCard key={k.id} consignment={k} />
            ))}
          </Stack>
        )}
        <AdvicesSection />
        <StatementSection />
      </>
    );

  return (
    <>
      <PageHeader overline={t('overline')} title={linked ? me.data.name : t('title')} intro={t('intro')} />
      <PageContainer sx={{ py: { xs: 8, md: 12 } }}>{body}</PageContainer>
    </>
  );
}

export default ConsignorPortalPage;

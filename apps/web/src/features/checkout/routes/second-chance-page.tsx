import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { formatMediumDateTime, formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useAnswerSecondChance, useSecondChance } from '../api/second-chance.ts';
import { SummaryRow } from '../components/summary-row.tsx';

/**
 * /second-chance/:token: the offer mailed to the underbidder, accepted or declined from the link. Accepting
 * needs the buyer signed in (the new order is theirs to pay) and leads to the checkout of that order.
 */
export function SecondChancePage() {
  const { t } = useTranslation('payments');
  const { token = '' } = useParams();
  const location = useLocation();
  const signedIn = useAuthStore((s) => s.user !== null);
  const query = useSecondChance(token);
  const answer = useAnswerSecondChance(token);

  let body;
  if (query.isPending) body = <Skeleton variant="rounded" height={280} />;
  else if (query.isError)
    body =
      (query.error as { status?: number }).status === 404 ||
      (query.error as { status?: number }).status === 400 ? (
        <EmptyState
          icon={<LinkOffOutlined />}
          title={t('secondChance.notFound')}
          description={t('secondChance.notFoundBody')}
        />
      ) : (
        <ErrorState
          message={errorMessage(query.error)}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
        />
      );
  else {
    const offer = query.data;
    body = (
      <Box
        sx={{ maxWidth: 560, display: 'flex', flexDirection: 'column', gap: 5 }}
        data-testid="second-chance"
        data-status={offer.status}
      >
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
            {t('secondChance.lot', { number: offer.lotNumber })}
          </Typography>
          <Typography variant="h4" component="h2">
            {offer.rug.title}
          </Typography>
        </Box>
        <Box sx={{ p: 5, borderRadius: `${radius.card}px`, bgcolor: 'background.subtle' }}>
          <SummaryRow label={t('secondChance.price')} value={formatUsd(offer.price)} />
          <SummaryRow label={t('secondChance.premium')} value={formatUsd(offer.buyersPremium)} />
          <SummaryRow
            label={t('secondChance.total')}
            value={formatUsd(offer.total)}
            strong
            testId="second-chance-total"
          />
          {offer.status === 'pending' && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
              {t('secondChance.expires', { date: formatMediumDateTime(offer.expiresAt) })}
            </Typography>
          )}
        </Box>
        {answer.isError && <Alert severity="error">{errorMessage(answer.error)}</Alert>}
        {offer.status === 'pending' &&
          (signedIn ? (
            <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                size="large"
                disabled={answer.isPending}
                data-testid="second-chance-accept"
                onClick={() =>
                  answer.mutate(true, { onSuccess: (res) => res.message && notify.success(res.message) })
                }
              >
                {t('secondChance.accept')}
              </Button>
              <Button
                variant="outlined"
                color="inherit"
                size="large"
                disabled={answer.isPending}
                data-testid="second-chance-decline"
                onClick={() =>
                  answer.mutate(false, { onSuccess: (res) => res.message && notify.success(res.message) })
                }
              >
                {t('secondChance.decline')}
              </Button>
            </Box>
          ) : (
            <Button
              component={RouterLink}
              to={paths.login.href(location.pathname)}
              variant="contained"
              size="large"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('secondChance.signIn')}
            </Button>
          ))}
        {offer.status === 'accepted' && (
          <>
            <Alert severity="success" variant="outlined">
              {t('secondChance.accepted')}
            </Alert>
            {offer.orderId && (
              <Button
                component={RouterLink}
                to={paths.checkout.href([offer.orderId])}
                variant="contained"
                size="large"
                sx={{ alignSelf: 'flex-start' }}
                data-testid="second-chance-checkout"
              >
                {t('secondChance.toCheckout')}
              </Button>
            )}
          </>
        )}
        {offer.status === 'declined' && (
          <Alert severity="info" variant="outlined">
            {t('secondChance.declined')}
          </Alert>
        )}
        {offer.status === 'expired' && (
          <Alert severity="info" variant="outlined">
            {t('secondChance.expired')}
          </Alert>
        )}
      </Box>
    );
  }
  return (
    <>
      <PageHeader
        overline={t('secondChance.overline')}
        title={t('secondChance.title')}
        intro={t('secondChance.body')}
      />
      <PageContainer sx={{ py: { xs: 10, md: 14 } }}>{body}</PageContainer>
    </>
  );
}

export default SecondChancePage;

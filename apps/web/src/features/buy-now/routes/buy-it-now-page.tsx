import { useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Order } from '@knotwork/shared/schemas/bidding';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { formatUsd } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { ChargedInNote } from '@/components/currency/charged-in-note.tsx';
import { paths } from '@/config/paths.ts';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useBuyNow } from '../api/buy-now.ts';
import { useRugForPurchase } from '../api/get-rug-for-purchase.ts';
import { OrderReceipt } from '../components/order-receipt.tsx';
import { purchaseOffer } from '../lib/purchase-price.ts';

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * /buy-it-now/:id (signed in): what buying outright means (an order awaiting payment, 3 days to pay, shipping
 * and tax at checkout; a fixed-price rug held 15 minutes), one confirmation, then the order.
 */
export function BuyItNowPage() {
  const { t } = useTranslation('bidding');
  const { id = '' } = useParams();
  const query = useRugForPurchase(id);
  const buy = useBuyNow(query.data?.rug.id ?? id);
  const [order, setOrder] = useState<{ order: Order; offsetMs: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per attempt, kept across a double click (the button is disabled while pending anyway).
  const attemptKey = useRef<string | null>(null);

  const confirm = () => {
    attemptKey.current ??= newKey();
    setRefusal(null);
    const sentAt = Date.now();
    buy.mutate(attemptKey.current, {
      onSuccess: (res) => {
        attemptKey.current = null;
        notify.success(res.message);
        // The order carries no serverNow; its createdAt is the server's clock at the purchase.
        const offsetMs = Date.parse(res.data.order.createdAt) - (sentAt + Date.now()) / 2;
        setOrder({ order: res.data.order, offsetMs: Math.abs(offsetMs) < 5_000 ? 0 : offsetMs });
      },
      onError: (error) => {
        attemptKey.current = null;
        notify.fromError(error);
        setRefusal(errorMessage(error));
      },
    });
  };

  let body;
  if (query.isPending) {
    body = <Skeleton variant="rounded" height={320} />;
  } else if (query.isError) {
    body = (
      <ErrorState
        message={errorMessage(query.error)}
        retryLabel={t('purchase.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    const { rug } = query.data;
    const offer = purchaseOffer(rug);
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 8, md: 12 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ borderRadius: `${radius.card}px`, overflow: 'hidden', bgcolor: 'background.subtle' }}>
          {rug.images[0] ? (
            <ResponsiveImage
              image={rug.images[0]}
              sizes="(min-width: 900px) 40vw, 92vw"
              alt={rug.images[0].alt ?? rug.title}
              eager
              aspectRatio="4 / 5"
            />
          ) : (
            <Box sx={{ aspectRatio: '4 / 5' }} />
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 5 }}>
          <Typography variant="h4" component="h2">
            <Box
              component={RouterLink}
              to={paths.rug.href(rug.slug)}
              sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
            >
              {rug.title}
            </Box>
          </Typography>
          {order ? (
            <OrderReceipt order={order.order} offsetMs={order.offsetMs} />
          ) : offer ? (
            <>
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {offer.kind === 'lot' ? t('purchase.buyNowPrice') : t('purchase.fixedPrice')}
                </Typography>
                <Typography
                  component="p"
                  data-testid="purchase-price"
                  sx={{ fontSize: '2rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatUsd(offer.price)}
                </Typography>
                <Approx cents={offer.price} block />
                <ChargedInNote purchase />
              </Box>
              <Box
                component="section"
                aria-labelledby="what-next"
                sx={{ p: 5, borderRadius: `${radius.card}px`, bgcolor: 'background.subtle' }}
              >
                <Typography variant="overline" component="h3" id="what-next" sx={{ color: 'accent.dark' }}>
                  {t('purchase.whatNext')}
                </Typography>
                <Box component="ul" sx={{ m: 0, mt: 1, pl: 5, '& li': { mb: 1.5 } }}>
                  {offer.kind === 'fixed' && <li>{t('purchase.stepHold')}</li>}
                  {offer.kind === 'lot' && <li>{t('purchase.stepLotCloses')}</li>}
                  <li>{t('purchase.stepOrder')}</li>
                  <li>{t('purchase.stepPay')}</li>
                  <li>{t('purchase.stepExtras')}</li>
                </Box>
              </Box>
              {refusal && <Alert severity="error">{refusal}</Alert>}
              <Button
                variant="contained"
                size="large"
                onClick={confirm}
                disabled={buy.isPending}
                data-testid="confirm-purchase"
                sx={{ alignSelf: 'flex-start' }}
              >
                {buy.isPending
                  ? t('purchase.buying')
                  : t('purchase.confirm', { price: formatUsd(offer.price) })}
              </Button>
            </>
          ) : (
            <Alert
              severity="info"
              action={
                <Button component={RouterLink} to={paths.rug.href(rug.slug)} color="inherit">
                  {t('purchase.backToRug')}
                </Button>
              }
            >
              {t('purchase.notAvailable')}
            </Alert>
          )}
        </Box>
      </Box>
    );
  }

  return (
    <>
      <PageHeader overline={t('purchase.overline')} title={t('purchase.title')} />
      <PageContainer sx={{ py: { xs: 10, md: 14 } }}>{body}</PageContainer>
    </>
  );
}

export default BuyItNowPage;

import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';
import { formatDate } from '@/lib/format.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { radius } from '@/lib/theme.ts';
import { useAdvices, type PortalAdvice, type PortalAdviceLot } from '../api/get-advices.ts';

/** One lot of an advice: what happened, the estimated charges and net, and what comes next. */
function AdviceLot({ lot, currency }: { lot: PortalAdviceLot; currency: string }) {
  const { t } = useTranslation('consignor-portal');
  const money = (cents: number) => formatMoney(cents, currency);
  const charges = lot.commissionCents + lot.feesCents + lot.vatCents;
  return (
    <Box component="li" data-testid="advice-lot" data-outcome={lot.outcome}>
      <Typography sx={{ fontWeight: 500 }}>
        {t('lot', { number: lot.lotNumber, sale: lot.rugTitle })}
      </Typography>
      <Typography variant="body2">
        {lot.outcome === 'sold'
          ? t('advices.sold', { hammer: money(lot.hammerCents), charges: money(charges) })
          : t(`advices.${lot.outcome}`, { charges: money(charges), buyIn: money(lot.buyInFeeCents) })}
        {' · '}
        {t('advices.net', { amount: money(lot.netCents) })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t(`advices.next.${lot.next}`)}
      </Typography>
    </Box>
  );
}

function Advice({ advice }: { advice: PortalAdvice }) {
  const { t } = useTranslation('consignor-portal');
  return (
    <Box
      component="article"
      data-testid="advice"
      sx={{ p: { xs: 3, sm: 5 }, borderRadius: `${radius.card}px`, border: 1, borderColor: 'divider' }}
    >
      <Typography component="h3" variant="h6">
        {advice.sale.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('advices.closed', { date: formatDate(advice.sale.endedAt) })}
      </Typography>
      <Stack component="ul" spacing={3} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {advice.lots.map((lot) => (
          <AdviceLot key={lot.lotId} lot={lot} currency={advice.currency} />
        ))}
      </Stack>
      <Typography sx={{ mt: 3, fontWeight: 600 }}>
        {t('advices.total', { amount: formatMoney(advice.netCents, advice.currency) })}
      </Typography>
    </Box>
  );
}

/**
 * The post-sale advices (issue 27 §2): after each sale, what happened to the consignor's lots and what it means for
 * them, estimated from their terms; nothing is shown before their first sale closes.
 */
export function AdvicesSection() {
  const { t } = useTranslation('consignor-portal');
  const advices = useAdvices();
  if (advices.isSuccess && advices.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="advices-heading" sx={{ mt: { xs: 10, md: 14 } }}>
      <SectionHeading id="advices-heading" title={t('advices.title')} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 4 }}>
        {t('advices.intro')}
      </Typography>
      {advices.isError ? (
        <ErrorState
          message={t('advices.loadError')}
          retryLabel={t('retry')}
          onRetry={() => void advices.refetch()}
        />
      ) : advices.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <Stack spacing={{ xs: 4, md: 6 }}>
          {advices.data.map((a) => (
            <Advice key={a.id} advice={a} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

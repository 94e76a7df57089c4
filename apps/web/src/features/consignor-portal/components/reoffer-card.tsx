import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { reofferMessages } from '@knotwork/shared/schemas/consignment-reoffers';
import { ApiError } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import { notify } from '@/lib/toast.ts';
import { useAnswerReoffer, type PortalReoffer } from '../api/reoffers.ts';
import { usePortalMoney } from '../hooks/use-portal-money.ts';
import { TermsSummary } from './terms-summary.tsx';

/** The server's refusals by their English text → their key under reoffer.server (no raw text shown in French). */
const refusalKeys = new Map<string, string>(
  Object.entries(reofferMessages).map(([id, text]): [string, string] => [text, id]),
);

/**
 * One proposal: the rug that did not sell and its buy-in fee (charged once, whatever the answer), the sale proposed,
 * the new estimate and reserve, the terms in words; accept (after ticking the terms) or decline while it is pending.
 */
export function ReofferCard({ reoffer: r }: { reoffer: PortalReoffer }) {
  const { t } = useTranslation('consignor-portal');
  const { money, estimate } = usePortalMoney();
  const answer = useAnswerReoffer();
  const [checked, setChecked] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const pending = r.status === 'pending';

  const send = (kind: 'accept' | 'decline') => {
    setFailed(null);
    answer.mutate(
      { id: r.id, answer: kind },
      {
        onSuccess: () => notify.success(t(kind === 'accept' ? 'reoffer.accepted' : 'reoffer.declined')),
        onError: (e) => {
          const key = e instanceof ApiError ? refusalKeys.get(e.message) : undefined;
          setFailed(key ? t(`reoffer.server.${key}`) : t('reoffer.failed'));
        },
      },
    );
  };

  const unsold = r.unsold;
  return (
    <Box
      component="article"
      data-testid="reoffer"
      data-status={r.status}
      aria-labelledby={`reoffer-${r.id}`}
      sx={{ p: { xs: 3, sm: 5 }, borderRadius: `${radius.card}px`, border: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
        <Typography
          id={`reoffer-${r.id}`}
          component="h3"
          variant="h6"
          sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {r.rugTitle}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`reoffer.status.${r.status}`)} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t(`reoffer.unsold.${unsold.outcome}`, {
          lot: unsold.lotNumber,
          sale: unsold.saleTitle,
          consignment: r.consignmentNumber,
        })}
      </Typography>
      <Typography variant="body2" sx={{ mb: 3 }}>
        {t(unsold.buyInFeeSettled ? 'reoffer.buyInSettled' : 'reoffer.buyInEstimated', {
          amount: money(unsold.buyInFeeCents),
        })}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 3,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
          columnGap: 3,
          rowGap: 1,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0 },
        }}
      >
        <dt>{t('reoffer.sale')}</dt>
        <dd>{t('reoffer.saleOn', { sale: r.sale.title, date: formatDate(r.sale.startsAt) })}</dd>
        <dt>{t('reoffer.estimate')}</dt>
        <dd>{estimate(r.estimateLow, r.estimateHigh)}</dd>
        <dt>{t('reoffer.reserve')}</dt>
        <dd>{r.reserve === null ? t('reoffer.noReserve') : money(r.reserve)}</dd>
        <dt>{t('reoffer.openingBid')}</dt>
        <dd>{money(r.openingBid)}</dd>
      </Box>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t('reoffer.terms')}
      </Typography>
      <TermsSummary terms={{ ...r.terms, advanceCents: 0 }} />
      {pending ? (
        <>
          <FormControlLabel
            sx={{ mt: 3 }}
            control={<Checkbox checked={checked} onChange={(e) => setChecked(e.target.checked)} />}
            label={t('reoffer.check')}
          />
          {failed && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failed}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 2 }}>
            <Button
              variant="contained"
              disabled={!checked || answer.isPending}
              onClick={() => send('accept')}
            >
              {t('reoffer.accept')}
            </Button>
            <Button variant="outlined" disabled={answer.isPending} onClick={() => send('decline')}>
              {t('reoffer.decline')}
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
            {t('reoffer.declineMeans')}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" sx={{ mt: 3 }}>
          {r.status === 'accepted' && r.newConsignment
            ? t(r.inSale ? 'reoffer.acceptedInSale' : 'reoffer.acceptedPending', {
                date: formatDate(r.decidedAt ?? r.proposedAt),
                number: r.newConsignment.number,
              })
            : t(`reoffer.decided.${r.status}`, { date: formatDate(r.decidedAt ?? r.proposedAt) })}
        </Typography>
      )}
    </Box>
  );
}

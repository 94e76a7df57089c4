import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminReoffer } from '@knotwork/shared/schemas/consignment-reoffers';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { formatDate, formatEstimate, formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import {
  useReofferItems,
  useReturnItem,
  useWithdrawReoffer,
  type AdminReofferItem,
} from '../api/reoffers.ts';
import { StaffActionDialog } from '../../shell/staff-action-dialog.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { ReofferDialog } from './reoffer-dialog.tsx';
import { Section } from './section.tsx';

/** One proposal: its status, the sale, estimate and reserve, who proposed and who answered. */
function Proposal({ p, onWithdraw }: { p: AdminReoffer; onWithdraw?: () => void }) {
  const { t } = useTranslation('admin-consignors');
  return (
    <Box component="li" data-testid="staff-reoffer" data-status={p.status} sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" variant="outlined" label={t(`reoffer.status.${p.status}`)} />
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('reoffer.saleOption', { title: p.sale.title, date: formatDate(p.sale.startsAt) })}
        </Typography>
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('items.estimate')} {formatEstimate(p.estimateLow, p.estimateHigh)} ·{' '}
        {p.reserve === null ? t('items.noReserve') : t('items.reserveOf', { amount: formatUsd(p.reserve) })} ·{' '}
        {t('reoffer.proposedBy', { name: p.proposedBy?.name ?? '—', date: formatDate(p.proposedAt) })}
        {p.emailedTo ? ` · ${t('reoffer.mailed')}` : ` · ${t('reoffer.notMailed')}`}
      </Typography>
      {p.decidedAt && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('reoffer.decidedBy', { name: p.decidedBy?.name ?? '—', date: formatDate(p.decidedAt) })}
        </Typography>
      )}
      {p.newConsignment && (
        <Typography variant="caption">
          <Link component={RouterLink} to={paths.adminConsignment.href(p.newConsignment.id)}>
            {t('reoffer.newReceipt', { number: p.newConsignment.number })}
          </Link>
          {' · '}
          {p.inSale ? t('reoffer.inSale') : t('reoffer.addLotByHand')}
        </Typography>
      )}
      {onWithdraw && (
        <Box>
          <Button size="small" color="inherit" onClick={onWithdraw}>
            {t('reoffer.withdraw')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** A rug whose lot did not sell: what it owes, what became of it, and the actions while it is still held. */
function UnsoldRug({
  item,
  manage,
  onReturn,
  onPropose,
  onWithdraw,
}: {
  item: AdminReofferItem;
  manage: boolean;
  onReturn: () => void;
  onPropose: () => void;
  onWithdraw: (p: AdminReoffer) => void;
}) {
  const { t } = useTranslation('admin-consignors');
  const u = item.unsold;
  return (
    <Box
      component="li"
      data-testid="unsold-rug"
      sx={{ py: 3, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 1.5 }}
    >
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{item.rugTitle}</Typography>
      {u && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`reoffer.outcome.${u.outcome}`, { lot: u.lotNumber, sale: u.saleTitle })} ·{' '}
          {t(u.buyInFeeSettled ? 'reoffer.buyInSettled' : 'reoffer.buyInEstimated', {
            amount: formatUsd(u.buyInFeeCents),
          })}
        </Typography>
      )}
      {item.returnedAt && (
        <Typography variant="body2">
          {t('reoffer.returned', { name: item.returnedBy?.name ?? '—', date: formatDate(item.returnedAt) })}
        </Typography>
      )}
      {item.proposals.length > 0 && (
        <Box
          component="ul"
          aria-label={t('reoffer.proposals')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}
        >
          {item.proposals.map((p) => (
            <Proposal
              key={p.id}
              p={p}
              onWithdraw={manage && p.status === 'pending' ? () => onWithdraw(p) : undefined}
            />
          ))}
        </Box>
      )}
      {manage && item.actionable && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" size="small" onClick={onPropose}>
            {t('reoffer.propose')}
          </Button>
          <Button variant="outlined" size="small" onClick={onReturn}>
            {t('reoffer.return')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/**
 * The receipt's rugs whose lot closed unsold or passed (issue 27 §2, decision 089): return each to its consignor,
 * or propose it for another sale on terms the consignor accepts in the portal. Shown only when there is one.
 */
export function ReofferSection({ consignmentId, manage }: { consignmentId: string; manage: boolean }) {
  const { t } = useTranslation('admin-consignors');
  const items = useReofferItems(consignmentId);
  const returnItem = useReturnItem(consignmentId);
  const withdraw = useWithdrawReoffer(consignmentId);
  const [proposing, setProposing] = useState<AdminReofferItem | null>(null);
  const [returning, setReturning] = useState<AdminReofferItem | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminReoffer | null>(null);
  const shown = (items.data ?? []).filter((i) => i.unsold || i.proposals.length > 0 || i.returnedAt);
  if (items.isSuccess && shown.length === 0) return null;
  const outcome = (close: () => void) => ({
    onSuccess: (res: { message: string }) => {
      notify.success(adminMessage(res.message));
      close();
    },
    onError: (e: Error) => notify.error(adminMessage(e.message)),
  });
  return (
    <Section title={t('reoffer.title')}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('reoffer.intro')}
      </Typography>
      {items.isPending ? (
        <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress size={24} aria-label={t('loading')} />
        </Box>
      ) : items.isError ? (
        <ErrorState
          message={t('reoffer.loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void items.refetch()}
        />
      ) : (
        <Box component="ul" aria-label={t('reoffer.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((item) => (
            <UnsoldRug
              key={item.itemId}
              item={item}
              manage={manage}
              onPropose={() => setProposing(item)}
              onReturn={() => setReturning(item)}
              onWithdraw={setWithdrawing}
            />
          ))}
        </Box>
      )}
      {proposing && (
        <ReofferDialog consignmentId={consignmentId} item={proposing} onClose={() => setProposing(null)} />
      )}
      {returning && (
        <StaffActionDialog
          title={t('reoffer.returnTitle', { title: returning.rugTitle })}
          intro={t('reoffer.returnBody')}
          pending={returnItem.isPending}
          confirmLabel={t('reoffer.return')}
          onConfirm={() =>
            returnItem.mutate(
              returning.itemId,
              outcome(() => setReturning(null)),
            )
          }
          onClose={() => setReturning(null)}
        >
          {null}
        </StaffActionDialog>
      )}
      {withdrawing && (
        <StaffActionDialog
          title={t('reoffer.withdrawTitle')}
          intro={t('reoffer.withdrawBody')}
          pending={withdraw.isPending}
          confirmLabel={t('reoffer.withdraw')}
          onConfirm={() =>
            withdraw.mutate(
              withdrawing.id,
              outcome(() => setWithdrawing(null)),
            )
          }
          onClose={() => setWithdrawing(null)}
        >
          {null}
        </StaffActionDialog>
      )}
    </Section>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import type { MyTelephoneLine } from '@knotwork/shared/schemas/telephone-bids';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { formatDateTime } from '@/lib/format.ts';
import { panelCard } from '@/components/ui/panel-card.ts';
import { notify } from '@/lib/toast.ts';
import { useCancelTelephone } from '../api/cancel-telephone.ts';
import { useMyTelephone } from '../api/get-my-telephone.ts';

/** A phone number kept left to right inside any sentence (Arabic too), with its own direction isolated. */
export const isolatedPhone = (phone: string) => `\u2066${phone}\u2069`;

/**
 * A line's state as a chip: assigned is settled (green), booked waits for the house (grey), cancelled is over
 * (outlined). The theme's info and warning fills fail contrast with white text, so they are not used.
 */
export const lineStateChip = (state: MyTelephoneLine['state']) =>
  ({
    color: state === 'assigned' ? 'success' : 'default',
    variant: state === 'cancelled' ? 'outlined' : 'filled',
  }) as const;

/** Cancels one of my lines (until its lot is offered), saying so in a toast. */
export function CancelLineButton({ line }: { line: MyTelephoneLine }) {
  const { t } = useTranslation('bidding');
  const cancel = useCancelTelephone(line.auctionId);
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={cancel.isPending}
      startIcon={cancel.isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
      aria-label={t('telephone.mine.cancelLot', { number: line.lotNumber })}
      onClick={() =>
        cancel.mutate(line.id, {
          onSuccess: (res) => notify.success(res.message),
          onError: (e) => notify.fromError(e),
        })
      }
      data-testid="telephone-line-cancel"
    >
      {t('telephone.cancel')}
    </Button>
  );
}

/**
 * On a lot's page, for a signed-in bidder who booked a telephone line for it (issue 29 §1, decision 097): the number
 * the house will call, the line's state (booked, operator assigned, cancelled) and, until the lot is offered, a way
 * to cancel it. Nothing for anyone else, nor while it loads (most bidders have no line: no placeholder to jump).
 */
export function MyTelephoneLineNote({ lotId }: { lotId: string }) {
  const { t } = useTranslation('bidding');
  const query = useMyTelephone(lotId);
  if (query.isError)
    return (
      <ErrorState
        message={t('telephone.mine.error', { reason: errorMessage(query.error) })}
        retryLabel={t('telephone.mine.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  const line = query.data?.[0];
  if (!line) return null;
  const cancelled = line.state === 'cancelled';
  return (
    <Box
      component="section"
      aria-labelledby="my-telephone-line-title"
      data-testid="my-telephone-line"
      data-state={line.state}
      sx={panelCard}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <PhoneInTalkOutlined fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
        <Typography id="my-telephone-line-title" variant="subtitle2" component="h2" sx={{ fontWeight: 600 }}>
          {t('telephone.mine.title')}
        </Typography>
        <Chip size="small" {...lineStateChip(line.state)} label={t(`telephone.mine.state.${line.state}`)} />
      </Box>
      <Typography variant="body2">
        {cancelled
          ? t('telephone.mine.cancelledNote', {
              phone: isolatedPhone(line.phone),
              date: formatDateTime(line.cancelledAt ?? line.bookedAt),
            })
          : t('telephone.mine.calledOn', { phone: isolatedPhone(line.phone) })}
      </Typography>
      {!cancelled && (
        <Typography variant="body2" color="text.secondary">
          {line.lotOpened
            ? t('telephone.mine.opened')
            : line.state === 'assigned'
              ? t('telephone.mine.assignedNote')
              : t('telephone.mine.bookedNote')}
        </Typography>
      )}
      {!cancelled && !line.lotOpened && <CancelLineButton line={line} />}
    </Box>
  );
}

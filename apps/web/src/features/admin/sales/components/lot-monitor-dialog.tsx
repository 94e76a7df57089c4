import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { adminBidHistoryResponseSchema } from '@knotwork/shared/schemas/sales-staff';
import { api } from '@/lib/api-client.ts';
import { formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';

type History = z.infer<typeof adminBidHistoryResponseSchema>['data'];

/**
 * A lot's full bid history (names, e-mails, maxima, voided bids), refreshed every few seconds while open; void a
 * bid with a reason (the lot is recomputed on the server) and block its bidder.
 */
export function LotMonitorDialog({
  lotId,
  saleId,
  onClose,
}: {
  lotId: string;
  saleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const client = useQueryClient();
  const history = useQuery({
    queryKey: ['admin', 'lot-bids', lotId],
    queryFn: ({ signal }) =>
      api<{ data: History }>(`/admin/lots/${lotId}/bids`, { signal }).then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.lot.status === 'open' ? 3_000 : false),
  });
  const [voiding, setVoiding] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['admin', 'lot-bids', lotId] });
    void client.invalidateQueries({ queryKey: ['admin', 'sale', saleId] });
  };
  const voidBid = useMutation({
    mutationFn: ({ id, why }: { id: string; why: string }) =>
      api<{ message: string }>(`/admin/bids/${id}/void`, { method: 'POST', body: { reason: why } }),
    onSuccess: (res) => {
      notify.success(adminMessage(res.message));
      setVoiding(null);
      setReason('');
      refresh();
    },
    onError: (e) => notify.error(adminMessage(e.message)),
  });
  const block = useMutation({
    mutationFn: (userId: string) =>
      api<{ message: string }>(`/admin/users/${userId}/block`, { method: 'POST', body: {} }),
    onSuccess: (res) => notify.success(adminMessage(res.message)),
    onError: (e) => notify.error(adminMessage(e.message)),
  });
  const lot = history.data?.lot;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {lot ? t('monitor.title', { n: lot.lotNumber, rug: lot.rugTitle }) : t('monitor.loading')}
      </DialogTitle>
      <DialogContent>
        {lot && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 4 }}>
            <Chip variant="outlined" label={t(`lots.status.${lot.status}`)} />
            <Chip
              variant="outlined"
              label={t('monitor.current', {
                amount: lot.currentBid === null ? '—' : formatUsd(lot.currentBid),
              })}
            />
            <Chip
              variant="outlined"
              label={t('monitor.leaderMax', {
                amount: lot.leaderMax === null ? '—' : formatUsd(lot.leaderMax),
              })}
            />
            <Chip
              variant="outlined"
              label={t('monitor.reserve', { amount: lot.reserve === null ? '—' : formatUsd(lot.reserve) })}
            />
          </Box>
        )}
        {history.data?.bids.length === 0 && (
          <Typography sx={{ color: 'text.secondary' }}>{t('monitor.noBids')}</Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {history.data?.bids.map((b) => (
            <Box
              component="li"
              key={b.id}
              sx={{
                display: 'flex',
                gap: 3,
                alignItems: 'center',
                flexWrap: 'wrap',
                py: 2,
                borderBottom: 1,
                borderColor: 'divider',
                opacity: b.status === 'voided' ? 0.6 : 1,
              }}
            >
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {b.bidder.name} · {b.bidder.email}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {new Date(b.createdAt).toLocaleString()} ·{' '}
                  {t('monitor.max', { amount: formatUsd(b.maxAmount) })}
                  {b.status === 'voided' && ` · ${t('monitor.voided', { reason: b.voidReason ?? '' })}`}
                </Typography>
              </Box>
              {b.status === 'accepted' && lot?.status === 'open' && can('manage', 'bid') && (
                <Button size="small" color="error" onClick={() => setVoiding(b.id)}>
                  {t('monitor.void')}
                </Button>
              )}
              {can('manage', 'bidder') && (
                <Button size="small" onClick={() => block.mutate(b.bidder.id)}>
                  {t('monitor.block')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
        {voiding && (
          <Box sx={{ display: 'flex', gap: 2, mt: 4, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              fullWidth
              autoFocus
              label={t('monitor.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Button
              color="error"
              variant="contained"
              disabled={voidBid.isPending}
              onClick={() => voidBid.mutate({ id: voiding, why: reason })}
            >
              {t('monitor.void')}
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

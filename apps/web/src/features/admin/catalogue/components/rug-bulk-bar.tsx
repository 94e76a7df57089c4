import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { useTranslation } from 'react-i18next';
import type {
  AdminRugBulk,
  AdminRugBulkResponse,
  AdminRugBulkResult,
  RugBulkAction,
} from '@knotwork/shared/schemas/catalogue-staff';
import { formatDateRange } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { useAdminCollections } from '../../collections/api/collections.ts';
import { useAdminSales } from '../../sales/api/sale-list.ts';
import { useRugBulk } from '../api/rugs.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';

/** Refusal codes the page words itself; any other refusal shows the server's message in the page's language. */
const REASONS = [
  'RUG_NOT_FOUND',
  'CANNOT_PUBLISH',
  'CANNOT_UNPUBLISH',
  'RUG_IN_SALE',
  'RUG_IN_LOT',
  'RUG_NOT_AVAILABLE',
  'LOT_NUMBER_TAKEN',
];

/** Sales that may still take lots (the server decides; the list only leaves out what plainly cannot). */
const TAKES_LOTS = new Set(['draft', 'scheduled']);

function TargetDialog({
  action,
  count,
  busy,
  onClose,
  onConfirm,
}: {
  action: 'addToCollection' | 'addToSale';
  count: number;
  busy: boolean;
  onClose: () => void;
  onConfirm: (targetId: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [target, setTarget] = useState('');
  const collections = useAdminCollections();
  const sales = useAdminSales({ page: 1, pageSize: 100 }, action === 'addToSale');
  const options = useMemo(
    () =>
      action === 'addToCollection'
        ? (collections.data?.data ?? []).map((c) => ({ id: c.id, label: c.title }))
        : (sales.data?.data ?? [])
            .filter((s) => TAKES_LOTS.has(s.status))
            .map((s) => ({
              id: s.id,
              label: `${s.title} · ${formatDateRange(s.startsAt, s.endsAt)} · ${t(`rugs.bulk.saleStatus.${s.status}`)}`,
            })),
    [action, collections.data, sales.data, t],
  );
  const loading = action === 'addToCollection' ? collections.isPending : sales.isPending;
  const failed = action === 'addToCollection' ? collections.isError : sales.isError;
  const titleId = 'rug-bulk-target-title';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(`rugs.bulk.${action}Title`, { count })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 3 }}>
        {action === 'addToSale' && <DialogContentText>{t('rugs.bulk.saleHint')}</DialogContentText>}
        {failed ? (
          <Alert severity="error">{t('common.loadFailed')}</Alert>
        ) : !loading && options.length === 0 ? (
          <Alert severity="info">
            {t(action === 'addToSale' ? 'rugs.bulk.noSales' : 'rugs.bulk.noCollections')}
          </Alert>
        ) : (
          <TextField
            select
            label={t(action === 'addToSale' ? 'rugs.bulk.sale' : 'rugs.bulk.collection')}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            disabled={loading}
            helperText={loading ? t('common.loading') : undefined}
            sx={{ mt: 2 }}
          >
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!target || busy} onClick={() => onConfirm(target)}>
          {t('rugs.bulk.add', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The grid's selection and what can be done to it at once (issue 24): publish, unpublish, add to a collection,
 * add to a sale as lots. The answer says per rug what happened; a toast sums it up and the rugs that could not
 * move are listed with the reason, so staff can fix them and try again.
 */
export function RugBulkBar({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const bulk = useRugBulk();
  const [asking, setAsking] = useState<'addToCollection' | 'addToSale' | null>(null);
  const [refused, setRefused] = useState<AdminRugBulkResult[]>([]);
  const count = selected.length;

  const reason = (r: AdminRugBulkResult) =>
    r.code && REASONS.includes(r.code)
      ? t(`rugs.bulk.reasons.${r.code}`)
      : adminMessage(r.message ?? undefined) || t('rugs.bulk.reasons.other');

  const summarise = (res: AdminRugBulkResponse) => {
    const { action, done, unchanged, refused: notMoved } = res.data;
    const parts = [
      t(`rugs.bulk.summary.${action}`, { count: done }),
      ...(unchanged ? [t('rugs.bulk.summary.unchanged', { count: unchanged })] : []),
      ...(notMoved ? [t('rugs.bulk.summary.refused', { count: notMoved })] : []),
    ];
    const text = parts.join(' · ');
    // A partial result is not a success: no tick, a warning that stays a little longer.
    if (notMoved) notify.show(text, { icon: <WarningAmberOutlined color="warning" />, duration: 8000 });
    else notify.success(text);
  };

  const run = (body: AdminRugBulk) =>
    bulk.mutate(body, {
      onSuccess: (res) => {
        summarise(res);
        setRefused(res.data.results.filter((r) => r.outcome === 'refused'));
        setAsking(null);
        onDone();
      },
      onError: (e) => notify.error(adminMessage(e.message)),
    });
  const act = (action: RugBulkAction, targetId?: string) => {
    if (action === 'addToCollection') run({ action, rugIds: selected, collectionId: targetId! });
    else if (action === 'addToSale') run({ action, rugIds: selected, saleId: targetId! });
    else run({ action, rugIds: selected });
  };

  return (
    <>
      {count > 0 && (
        <Paper
          variant="outlined"
          role="region"
          aria-label={t('rugs.bulk.label')}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 2,
            px: 3,
            py: 2,
            borderRadius: '12px',
            bgcolor: 'background.subtle',
          }}
        >
          <Typography
            component="p"
            variant="body2"
            sx={{ fontWeight: 600, marginInlineEnd: 'auto' }}
            aria-live="polite"
          >
            {t('rugs.bulk.selected', { count })}
          </Typography>
          <Button size="small" variant="contained" disabled={bulk.isPending} onClick={() => act('publish')}>
            {t('rugs.bulk.publish')}
          </Button>
          <Button size="small" variant="outlined" disabled={bulk.isPending} onClick={() => act('unpublish')}>
            {t('rugs.bulk.unpublish')}
          </Button>
          {can('manage', 'collection') && (
            <Button
              size="small"
              variant="outlined"
              disabled={bulk.isPending}
              onClick={() => setAsking('addToCollection')}
            >
              {t('rugs.bulk.addToCollection')}
            </Button>
          )}
          {can('manage', 'lot') && (
            <Button
              size="small"
              variant="outlined"
              disabled={bulk.isPending}
              onClick={() => setAsking('addToSale')}
            >
              {t('rugs.bulk.addToSale')}
            </Button>
          )}
          <Button size="small" onClick={onDone}>
            {t('rugs.bulk.clear')}
          </Button>
        </Paper>
      )}
      {refused.length > 0 && (
        <Alert
          severity="warning"
          onClose={() => setRefused([])}
          slotProps={{ closeButton: { title: t('common.close') } }}
        >
          <AlertTitle>{t('rugs.bulk.refusedTitle', { count: refused.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 5 }}>
            {refused.map((r) => (
              <li key={r.rugId}>
                <strong>{r.title ?? t('rugs.bulk.unknownRug')}</strong>: {reason(r)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {asking && (
        <TargetDialog
          action={asking}
          count={count}
          busy={bulk.isPending}
          onClose={() => setAsking(null)}
          onConfirm={(id) => act(asking, id)}
        />
      )}
    </>
  );
}

import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { AdminRugRow } from '@knotwork/shared/schemas/catalogue-staff';
import { ApiError } from '@/lib/api-client.ts';
import { formatEstimate } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { useAdminRugs } from '../../catalogue/api/rugs.ts';
import { useAddLot } from '../api/sales.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useDebounced } from '../../shell/use-debounced.ts';

const dollars = (s: string) => (s.trim() === '' ? null : Math.round(Number(s) * 100));

/** Add a lot: pick an available rug by search; its estimates come along; opening bid, reserve and buy-now in dollars. */
export function AddLotDialog({ saleId, onClose }: { saleId: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [input, setInput] = useState('');
  const q = useDebounced(input.trim(), 250);
  const rugs = useAdminRugs({ page: 1, pageSize: 20, status: 'available', q: q || undefined });
  const [rug, setRug] = useState<AdminRugRow | null>(null);
  const [v, setV] = useState({ openingBid: '', reserve: '', buyNowPrice: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddLot(saleId);

  const pick = (r: AdminRugRow | null) => {
    setRug(r);
    if (r)
      setV((s) => ({
        ...s,
        openingBid: s.openingBid || String(Math.max(1, Math.floor(r.estimateLow / 200))),
      }));
  };
  const submit = () => {
    if (!rug) {
      setErrors({ rugId: t('sales.pickRug') });
      return;
    }
    add.mutate(
      {
        rugId: rug.id,
        openingBid: dollars(v.openingBid) ?? 0,
        reserve: dollars(v.reserve),
        buyNowPrice: dollars(v.buyNowPrice),
        estimateLow: rug.estimateLow,
        estimateHigh: rug.estimateHigh,
      },
      {
        onSuccess: () => {
          notify.success(t('sales.lotAdded'));
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError) setErrors(e.fieldErrors);
          notify.error(adminMessage(e.message));
        },
      },
    );
  };
  // The house's reserve rule (decision 037): a reserve above the low estimate is allowed but flagged, as the
  // catalogue promises the estimate as a fair expectation.
  const reserve = dollars(v.reserve);
  const reserveAdvice =
    rug && reserve !== null && reserve > rug.estimateLow ? t('sales.reserveAboveLow') : undefined;
  const money = (k: keyof typeof v) => (
    <TextField
      label={t(`sales.fields.${k}`)}
      value={v[k]}
      onChange={(e) => setV((s) => ({ ...s, [k]: e.target.value }))}
      error={Boolean(errors[k])}
      helperText={adminMessage(errors[k]) || (k === 'reserve' ? reserveAdvice : undefined)}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('sales.addLot')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 4, pt: 2 }}>
          <Autocomplete<AdminRugRow>
            options={rugs.data?.data ?? []}
            loading={rugs.isFetching}
            value={rug}
            onChange={(_e, r) => pick(r)}
            inputValue={input}
            onInputChange={(_e, s) => setInput(s)}
            filterOptions={(x) => x}
            getOptionLabel={(r) => r.title}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderOption={(props, r) => (
              <li {...props} key={r.id}>
                {r.title} · {formatEstimate(r.estimateLow, r.estimateHigh)}
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label={t('sales.fields.rug')}
                error={Boolean(errors.rugId)}
                helperText={adminMessage(errors.rugId)}
              />
            )}
          />
          <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            {money('openingBid')}
            {money('reserve')}
            {money('buyNowPrice')}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={add.isPending}>
          {t('sales.addLot')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useCreateSale } from '../api/sales.ts';
import { adminMessage } from '../lib/server-message.ts';

/** A local date-time input value `hours` from now (the input speaks local time; the API gets UTC). */
const localIn = (hours: number) => {
  const d = new Date(Date.now() + hours * 3600_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** Create a sale with every rule setting: schedule, stagger, premium and soft close (the house increment table). */
export function NewSaleDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const create = useCreateSale();
  const [v, setV] = useState({
    title: '',
    description: '',
    type: 'timed',
    startsAt: localIn(1),
    endsAt: localIn(72),
    stagger: '60',
    premium: '25',
    soft: true,
    window: '120',
    extension: '120',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((s) => ({ ...s, [k]: e.target.value }));
  const field = (k: keyof typeof v, name: string, extra: object = {}) => (
    <TextField
      label={t(`sales.fields.${name}`)}
      value={v[k] as string}
      onChange={set(k)}
      error={Boolean(errors[name])}
      helperText={adminMessage(errors[name])}
      {...extra}
    />
  );

  const submit = () =>
    create.mutate(
      {
        title: v.title,
        description: v.description,
        type: v.type as 'timed' | 'live',
        startsAt: new Date(v.startsAt).toISOString(),
        endsAt: new Date(v.endsAt).toISOString(),
        staggerSeconds: Number(v.stagger),
        buyersPremiumPct: Number(v.premium),
        softClose: {
          enabled: v.soft,
          windowSeconds: Number(v.window),
          extensionSeconds: Number(v.extension),
        },
      },
      {
        onSuccess: (res) => {
          onClose();
          void navigate(paths.adminSale.href(res.data.id));
        },
        onError: (e) => {
          if (e instanceof ApiError) setErrors(e.fieldErrors);
          notify.error(adminMessage(e.message));
        },
      },
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('sales.new')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 4, pt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('title', 'title', { autoFocus: true, required: true, sx: { gridColumn: '1 / -1' } })}
          {field('description', 'description', { multiline: true, minRows: 2, sx: { gridColumn: '1 / -1' } })}
          <TextField select label={t('sales.fields.type')} value={v.type} onChange={set('type')}>
            <MenuItem value="timed">{t('sales.type.timed')}</MenuItem>
            <MenuItem value="live">{t('sales.type.live')}</MenuItem>
          </TextField>
          {field('premium', 'buyersPremiumPct', { type: 'number' })}
          {field('startsAt', 'startsAt', {
            type: 'datetime-local',
            slotProps: { inputLabel: { shrink: true } },
          })}
          {field('endsAt', 'endsAt', { type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } })}
          {field('stagger', 'staggerSeconds', { type: 'number' })}
          <FormControlLabel
            control={
              <Switch checked={v.soft} onChange={(e) => setV((s) => ({ ...s, soft: e.target.checked }))} />
            }
            label={t('sales.fields.softClose')}
          />
          {v.soft && field('window', 'windowSeconds', { type: 'number' })}
          {v.soft && field('extension', 'extensionSeconds', { type: 'number' })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          {t('sales.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

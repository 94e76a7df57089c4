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
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminAuctionCreate } from '@knotwork/shared/schemas/sales-staff';
import { incrementTableProblem } from '@knotwork/shared/bidding/increments';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { usePublishSale, useUpdateSale } from '../api/sale-ops.ts';
import { useCreateSale, type AdminSaleDetail } from '../api/sales.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { IncrementTableEditor, incrementRowsFrom, incrementTableFrom } from './increment-table-editor.tsx';

/** A local date-time input value for an instant (the input speaks local time; the API gets UTC). */
const localOf = (ms: number) => {
  const d = new Date(ms);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * The dates the form starts from: the sale's, or for a sale whose start has passed (rescheduling a draft) the
 * same length of sale from an hour ahead, so "Save and publish" works as offered and staff adjust from there.
 */
function datesOf(sale?: AdminSaleDetail): [number, number] {
  if (!sale) return [Date.now() + 3600_000, Date.now() + 72 * 3600_000];
  const [start, end] = [Date.parse(sale.startsAt), Date.parse(sale.endsAt)];
  if (start > Date.now()) return [start, end];
  const from = Math.ceil(Date.now() / 3600_000) * 3600_000 + 3600_000;
  return [from, from + Math.max(end - start, 3600_000)];
}

function initial(sale?: AdminSaleDetail) {
  const [start, end] = datesOf(sale && sale.editable ? sale : undefined);
  return {
    title: sale?.title ?? '',
    description: sale?.description ?? '',
    type: sale?.type ?? 'timed',
    startsAt: sale && !sale.editable ? localOf(Date.parse(sale.startsAt)) : localOf(start),
    endsAt: sale && !sale.editable ? localOf(Date.parse(sale.endsAt)) : localOf(end),
    stagger: String(sale?.staggerSeconds ?? 60),
    // A new sale left empty takes the house default from Settings (decision 064).
    premium: sale ? String(sale.buyersPremiumPct) : '',
    soft: sale?.softClose.enabled ?? true,
    window: String(sale?.softClose.windowSeconds ?? 120),
    extension: String(sale?.softClose.extensionSeconds ?? 120),
    // Registration to bid (issue 28 §1): a new live sale asks for it unless staff turn it off.
    registration: sale?.registration.required ?? null,
    cardRequired: sale?.registration.cardRequired ?? false,
    ownIncrements: Boolean(sale?.increments),
    increments: incrementRowsFrom(sale?.increments ?? null),
  };
}

/**
 * A sale's every rule setting: schedule, stagger, premium, soft close and the increment table. Creates a draft
 * (published from the sale's page once it has lots) or, given `sale`, edits it: only title and description once
 * the sale has started (the server answers the rest 409). With `publish`, a draft whose start has passed is
 * rescheduled and published in one go (decision 074: publishing needs a start ahead).
 */
export function SaleSettingsDialog({
  sale,
  onClose,
  publish: andPublish = false,
}: {
  sale?: AdminSaleDetail;
  onClose: () => void;
  publish?: boolean;
}) {
  const { t } = useTranslation('admin');
  const { t: ts } = useTranslation('admin-settings');
  const navigate = useNavigate();
  const create = useCreateSale();
  const update = useUpdateSale(sale?.id ?? '');
  const publish = usePublishSale(sale?.id ?? '');
  const locked = sale ? !sale.editable : false;
  const [v, setV] = useState(() => initial(sale));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((s) => ({ ...s, [k]: e.target.value }));
  const field = (k: keyof typeof v, name: string, extra: object = {}) => (
    <TextField
      label={t(`sales.fields.${name}`)}
      value={v[k]}
      onChange={set(k)}
      error={Boolean(errors[name])}
      helperText={adminMessage(errors[name])}
      {...extra}
    />
  );
  const rule = (k: keyof typeof v, name: string, extra: object = {}) =>
    field(k, name, { disabled: locked, ...extra });

  const onError = (e: Error) => {
    if (e instanceof ApiError) setErrors(e.fieldErrors);
    notify.error(adminMessage(e.message));
  };

  // Untouched on a new sale: on for a live sale, off for a timed one (the server's default too).
  const registrationRequired = v.registration ?? v.type === 'live';
  const submit = () => {
    const increments = v.ownIncrements ? incrementTableFrom(v.increments) : null;
    if (increments && incrementTableProblem(increments)) return;
    const rules = {
      type: v.type,
      startsAt: new Date(v.startsAt).toISOString(),
      endsAt: new Date(v.endsAt).toISOString(),
      staggerSeconds: Number(v.stagger),
      buyersPremiumPct: v.premium.trim() === '' && !sale ? undefined : Number(v.premium),
      increments,
      softClose: { enabled: v.soft, windowSeconds: Number(v.window), extensionSeconds: Number(v.extension) },
      registration: { required: registrationRequired, cardRequired: registrationRequired && v.cardRequired },
    };
    const text = { title: v.title, description: v.description };
    if (sale) {
      update.mutate(locked ? text : { ...text, ...rules }, {
        onSuccess: () => {
          if (!andPublish) {
            notify.success(t('sales.saved'));
            onClose();
            return;
          }
          publish.mutate(true, {
            onSuccess: (res) => {
              notify.success(adminMessage(res.message));
              onClose();
            },
            onError,
          });
        },
        onError,
      });
      return;
    }
    create.mutate({ ...text, ...rules, draft: true } satisfies Partial<AdminAuctionCreate>, {
      onSuccess: (res) => {
        onClose();
        void navigate(paths.adminSale.href(res.data.id));
      },
      onError,
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {andPublish ? t('sales.rescheduleTitle') : sale ? t('sales.edit') : t('sales.new')}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 4, pt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {locked && (
            <Typography variant="body2" sx={{ gridColumn: '1 / -1', color: 'text.secondary' }}>
              {t('sales.lockedRules')}
            </Typography>
          )}
          {field('title', 'title', { autoFocus: true, required: true, sx: { gridColumn: '1 / -1' } })}
          {field('description', 'description', { multiline: true, minRows: 2, sx: { gridColumn: '1 / -1' } })}
          <TextField
            select
            label={t('sales.fields.type')}
            value={v.type}
            onChange={set('type')}
            disabled={locked}
          >
            <MenuItem value="timed">{t('sales.type.timed')}</MenuItem>
            <MenuItem value="live">{t('sales.type.live')}</MenuItem>
          </TextField>
          {rule('premium', 'buyersPremiumPct', {
            type: 'number',
            helperText:
              adminMessage(errors.buyersPremiumPct) || (sale ? undefined : ts('sale.premiumDefault')),
          })}
          {rule('startsAt', 'startsAt', {
            type: 'datetime-local',
            slotProps: { inputLabel: { shrink: true } },
          })}
          {rule('endsAt', 'endsAt', { type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } })}
          {rule('stagger', 'staggerSeconds', { type: 'number' })}
          <FormControlLabel
            control={
              <Switch
                checked={v.soft}
                disabled={locked}
                onChange={(e) => setV((s) => ({ ...s, soft: e.target.checked }))}
              />
            }
            label={t('sales.fields.softClose')}
          />
          {v.soft && rule('window', 'windowSeconds', { type: 'number' })}
          {v.soft && rule('extension', 'extensionSeconds', { type: 'number' })}
          <FormControlLabel
            sx={{ gridColumn: '1 / -1' }}
            control={
              <Switch
                checked={registrationRequired}
                disabled={locked}
                onChange={(e) => setV((s) => ({ ...s, registration: e.target.checked }))}
              />
            }
            label={t('sales.fields.registrationRequired')}
          />
          {registrationRequired && (
            <FormControlLabel
              sx={{ gridColumn: '1 / -1' }}
              control={
                <Switch
                  checked={v.cardRequired}
                  disabled={locked}
                  onChange={(e) => setV((s) => ({ ...s, cardRequired: e.target.checked }))}
                />
              }
              label={t('sales.fields.registrationCard')}
            />
          )}
          <IncrementTableEditor
            own={v.ownIncrements}
            rows={v.increments}
            disabled={locked}
            onChange={(own, rows) => setV((s) => ({ ...s, ownIncrements: own, increments: rows }))}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={create.isPending || update.isPending || publish.isPending}
        >
          {andPublish ? t('sales.saveAndPublish') : sale ? t('sales.save') : t('sales.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The sales list's "New sale". */
export const NewSaleDialog = ({ onClose }: { onClose: () => void }) => (
  <SaleSettingsDialog onClose={onClose} />
);

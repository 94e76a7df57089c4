import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useOrderAction, type OrderAction } from '../api/order.ts';
import { adminMessage } from '../lib/server-message.ts';

export interface ActionField {
  name: string;
  initial?: string;
  /** Dollars typed, cents sent. */
  money?: boolean;
  multiline?: boolean;
  /** A label already translated (else `orders.fields.<name>`). */
  label?: string;
}

/** A confirm dialog for one order action with its few fields; server field errors show under them. */
export function OrderActionDialog({
  orderId,
  action,
  title,
  fields,
  extra,
  intro,
  onClose,
}: {
  orderId: string;
  action: OrderAction;
  title: string;
  fields: ActionField[];
  extra?: Record<string, unknown>;
  /** What confirming does, said before the fields. */
  intro?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const mutation = useOrderAction(orderId);
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(fields.map((f) => [f.name, f.initial ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const body: Record<string, unknown> = { ...extra };
    for (const f of fields) {
      const v = values[f.name]!.trim();
      if (v !== '') body[f.name] = f.money ? Math.round(Number(v) * 100) : v;
    }
    mutation.mutate(
      { action, body },
      {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError) setErrors(e.fieldErrors);
          notify.error(adminMessage(e.message));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 4, pt: '8px !important' }}>
        {intro && <DialogContentText>{intro}</DialogContentText>}
        {fields.map((f, i) => (
          <TextField
            key={f.name}
            autoFocus={i === 0}
            label={f.label ?? t(`orders.fields.${f.name}`)}
            value={values[f.name]}
            multiline={f.multiline}
            minRows={f.multiline ? 2 : undefined}
            error={Boolean(errors[f.name])}
            helperText={adminMessage(errors[f.name])}
            slotProps={f.money ? { htmlInput: { inputMode: 'decimal' } } : undefined}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={mutation.isPending} onClick={submit}>
          {t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useOrderAction, type OrderAction } from '../api/order.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { actionOutcome, StaffActionDialog } from '../../shell/staff-action-dialog.tsx';

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
    mutation.mutate({ action, body }, actionOutcome(adminMessage, setErrors, onClose));
  };

  return (
    <StaffActionDialog
      title={title}
      intro={intro}
      pending={mutation.isPending}
      onConfirm={submit}
      onClose={onClose}
    >
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
    </StaffActionDialog>
  );
}

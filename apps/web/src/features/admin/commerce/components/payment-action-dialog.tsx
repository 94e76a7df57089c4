import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  recordBankTransferSchema,
  refundCreditSchema,
  writeOffSchema,
} from '@knotwork/shared/schemas/orders-staff';
import { paymentMessages } from '@knotwork/shared/schemas/payments';
import { formatUsd } from '@/lib/format.ts';
import { i18n } from '@/lib/i18n.ts';
import type { AdminOrderDetail } from '../api/order.ts';
import { newIdempotencyKey, usePaymentAction, type PaymentAction } from '../api/payments.ts';
import { actionOutcome, StaffActionDialog } from '../../shell/staff-action-dialog.tsx';

const messageIds = new Map(Object.entries(paymentMessages).map(([id, text]): [string, string] => [text, id]));

/** A payments message of the staff API in the page's language (admin:payments.server), else as it came. */
export function paymentMessage(text: string | undefined): string {
  if (!text) return '';
  const id = messageIds.get(text);
  return id ? i18n.t(`admin:payments.server.${id}`, { defaultValue: text }) : text;
}

const schemas = {
  record: recordBankTransferSchema,
  writeOff: writeOffSchema,
  refundCredit: refundCreditSchema,
};

/** Cents from what staff typed ("15", "15.5", "1,234.50"); NaN when it is not an amount. */
const toCents = (typed: string) => {
  const clean = typed.replace(/[\s,]/g, '');
  return clean === '' ? Number.NaN : Math.round(Number(clean) * 100);
};

function initialAmount(order: AdminOrderDetail, action: PaymentAction): number {
  const b = order.balance;
  if (action === 'record') return b?.balanceDue ?? order.openCheckout?.total ?? 0;
  if (action === 'writeOff') return Math.min(b?.balanceDue ?? 0, order.writeOffLimit);
  return b?.credit ?? 0;
}

/**
 * One money action (decision 072): record a transfer (amount, the bank's id), write off a difference or record a
 * credit refund (amount, reason). Checked with the shared zod schema before sending; the Idempotency-Key is made
 * when the dialog opens, so a double click or a retried request is recorded once. A refusal (4xx) shows its reason
 * as an error, never as a success.
 */
export function PaymentActionDialog({
  order,
  action,
  onClose,
}: {
  order: AdminOrderDetail;
  action: PaymentAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const mutation = usePaymentAction(order.id);
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState(String(initialAmount(order, action) / 100));
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const textField = action === 'record' ? 'transferId' : 'reason';
  const reference = order.balance?.reference ?? order.openCheckout?.reference ?? '';

  const submit = () => {
    const body: Record<string, unknown> = { amount: toCents(amount) };
    if (action === 'record') {
      Object.assign(body, { reference, currency: order.currency });
      if (text.trim() !== '') body.transferId = text;
    } else body.reason = text;
    const parsed = schemas[action].safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    mutation.mutate({ action, body: parsed.data, key }, actionOutcome(paymentMessage, setErrors, onClose));
  };

  const help = (name: string) => (errors[name] ? paymentMessage(errors[name]) : undefined);
  return (
    <StaffActionDialog
      title={t(`payments.actions.${action}`)}
      intro={t(`payments.intro.${action}`, {
        reference,
        due: formatUsd(order.balance?.balanceDue ?? 0),
        limit: formatUsd(order.writeOffLimit),
        credit: formatUsd(order.balance?.credit ?? 0),
      })}
      pending={mutation.isPending}
      onConfirm={submit}
      onClose={onClose}
    >
      {action === 'record' && (
        <TextField
          label={t('orders.fields.reference')}
          value={reference}
          slotProps={{ input: { readOnly: true } }}
        />
      )}
      <TextField
        autoFocus
        label={t('payments.fields.amount')}
        value={amount}
        error={Boolean(errors.amount)}
        helperText={help('amount')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextField
        label={t(`payments.fields.${textField}`)}
        value={text}
        multiline={textField === 'reason'}
        minRows={textField === 'reason' ? 2 : undefined}
        required={textField === 'reason'}
        error={Boolean(errors[textField])}
        helperText={
          help(textField) ?? (textField === 'transferId' ? t('payments.fields.transferIdHelp') : undefined)
        }
        onChange={(e) => setText(e.target.value)}
      />
    </StaffActionDialog>
  );
}

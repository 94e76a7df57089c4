import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PaymentBalance } from '@knotwork/shared/schemas/payments';
import { formatUsd } from '@/lib/format.ts';
import type { AdminOrderDetail } from '../api/order.ts';
import type { PaymentAction } from '../api/payments.ts';
import { useCan } from '../../shell/use-can.ts';
import { PaymentActionDialog } from './payment-action-dialog.tsx';

const when = (iso: string) => new Date(iso).toLocaleString();

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 3,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        data-testid={testId}
        sx={{ textAlign: 'end', fontWeight: strong ? 600 : undefined, whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** Which money actions the order's state allows (the server checks again). */
function actionsFor(order: AdminOrderDetail, balance: PaymentBalance | null): PaymentAction[] {
  const list: PaymentAction[] = [];
  const awaiting = order.status === 'awaiting_payment';
  if (awaiting && order.openCheckout?.method === 'bank_transfer') list.push('record');
  if (awaiting && balance && balance.received > 0 && balance.balanceDue > 0 && order.writeOffLimit > 0)
    list.push('writeOff');
  if (balance && balance.credit > 0) list.push('refundCredit');
  return list;
}

/**
 * The staff order page's money (decision 072): what the checkout asks, the transfers received (and refused, with
 * why), write-offs and credit refunds, the balance due or the credit, and the actions on them.
 */
export function OrderPaymentsPanel({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const [open, setOpen] = useState<PaymentAction | null>(null);
  const balance = order.balance;
  const actions = can('manage', 'payment') ? actionsFor(order, balance) : [];
  const empty = order.payments.length + order.refunds.length + order.adjustments.length === 0;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 } }} data-testid="order-payments">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 3 }}>
        {t('orders.payments')}
      </Typography>
      {balance && (
        <Box sx={{ mb: 4 }}>
          <Row
            label={t('payments.total', { reference: balance.reference })}
            value={formatUsd(balance.total)}
          />
          <Row
            label={t('payments.received')}
            value={formatUsd(balance.received)}
            testId="payments-received"
          />
          {balance.writtenOff > 0 && (
            <Row label={t('payments.writtenOff')} value={formatUsd(balance.writtenOff)} />
          )}
          {balance.creditRefunded > 0 && (
            <Row label={t('payments.creditRefunded')} value={formatUsd(balance.creditRefunded)} />
          )}
          {balance.credit > 0 ? (
            <Row
              label={t('payments.credit')}
              value={formatUsd(balance.credit)}
              strong
              testId="payments-credit"
            />
          ) : (
            <Row
              label={t('payments.balanceDue')}
              value={formatUsd(balance.balanceDue)}
              strong
              testId="payments-balance-due"
            />
          )}
        </Box>
      )}
      {empty ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('orders.noPayments')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('payments.listLabel')}>
          {order.payments.map((p) => (
            <Box component="li" key={p.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'center' }}>
                <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {t(`payments.provider.${p.provider}`)} ·{' '}
                  {p.providerRef.startsWith('key:') ? p.reference : p.providerRef}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                  {formatUsd(p.amount)}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {when(p.createdAt)}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  color={p.status === 'applied' ? 'success' : 'error'}
                  label={
                    p.status === 'applied'
                      ? t('payments.applied')
                      : t(`payments.refusal.${p.refusal ?? 'not_payable'}`)
                  }
                />
              </Box>
            </Box>
          ))}
          {order.adjustments.map((a) => (
            <Box component="li" key={a.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography variant="body2">{t(`payments.adjustment.${a.kind}`)}</Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                  {a.kind === 'credit_refund' ? '−' : ''}
                  {formatUsd(a.amount)}
                </Typography>
              </Box>
              <Typography
                variant="caption"
                component="p"
                sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
              >
                {when(a.createdAt)}
                {a.staffName ? ` · ${a.staffName}` : ''} · {a.reason}
              </Typography>
            </Box>
          ))}
          {order.refunds.map((r) => (
            <Box component="li" key={r.id}>
              <Row label={`${when(r.createdAt)} · ${r.creditNoteNumber}`} value={`−${formatUsd(r.amount)}`} />
            </Box>
          ))}
        </Box>
      )}
      {actions.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, mt: 4 }}>
          {actions.map((a) => (
            <Button key={a} variant={a === 'record' ? 'contained' : 'outlined'} onClick={() => setOpen(a)}>
              {t(`payments.actions.${a}`)}
            </Button>
          ))}
          {actions.includes('writeOff') && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('payments.writeOffLimit', { limit: formatUsd(order.writeOffLimit) })}
            </Typography>
          )}
        </Box>
      )}
      {open && <PaymentActionDialog order={order} action={open} onClose={() => setOpen(null)} />}
    </Paper>
  );
}

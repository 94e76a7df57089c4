import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { depositMessages } from '@knotwork/shared/schemas/deposits';
import { formatMoney } from '@/lib/format-money.ts';
import { notify } from '@/lib/toast.ts';
import { errorMessage, translateMessage } from '@/lib/error-message.ts';
import { useBidderDeposits, useDepositActions, type Deposit } from '../api/bidder-deposits.ts';
import { MoneyField } from '../../consignors/components/item-fields.tsx';
import { Fact } from '../../consignors/components/section.tsx';
import { dollarsToCents } from '../../consignors/lib/field-errors.ts';
import { useAdminSales } from '../../sales/api/sale-list.ts';
import { useCan } from '../../shell/use-can.ts';

const STATE_COLOR = {
  held: 'success',
  released: 'default',
  applied_to_order: 'info',
  refunded: 'default',
  failed: 'error',
} as const;

interface OrderChoice {
  id: string;
  rugTitle: string;
  status: string;
}

function DepositRow({
  deposit,
  orders,
  actions,
  canManage,
}: {
  deposit: Deposit;
  orders: OrderChoice[];
  actions: ReturnType<typeof useDepositActions>;
  canManage: boolean;
}) {
  const { t } = useTranslation('admin');
  const [orderId, setOrderId] = useState('');
  const unpaid = orders.filter((o) => o.status === 'awaiting_payment');
  const held = deposit.state === 'held';
  const busy = actions.release.isPending || actions.apply.isPending;
  const done = (res: { message: string }) => notify.success(translateMessage(res.message));
  const failed = (e: unknown) => notify.error(errorMessage(e));
  return (
    <Box
      component="li"
      sx={{ display: 'grid', gap: 1.5, py: 2, borderTop: 1, borderColor: 'divider' }}
      data-testid="admin-deposit"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{formatMoney(deposit.amountCents, deposit.currency)}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 12rem', minWidth: 0 }}>
          {t(`deposits.kind.${deposit.kind}`)} · {deposit.saleTitle ?? t('deposits.houseWide')} ·{' '}
          {new Date(deposit.createdAt).toLocaleString()}
          {deposit.reference ? ` · ${deposit.reference}` : ''}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={STATE_COLOR[deposit.state]}
          label={t(`deposits.state.${deposit.state}`)}
        />
      </Box>
      {held && canManage && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={() => actions.release.mutate(deposit.id, { onSuccess: done, onError: failed })}
          >
            {deposit.kind === 'card_hold' ? t('deposits.release') : t('deposits.refund')}
          </Button>
          {deposit.kind === 'bank_transfer' && unpaid.length > 0 && (
            <>
              <TextField
                select
                size="small"
                label={t('deposits.order')}
                value={orderId}
                onChange={(e) => setOrderId(e.target.value)}
                sx={{ minWidth: { xs: '100%', sm: 240 } }}
              >
                {unpaid.map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    {o.rugTitle}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                size="small"
                variant="contained"
                disabled={busy || orderId === ''}
                onClick={() =>
                  actions.apply.mutate(
                    { depositId: deposit.id, orderId },
                    { onSuccess: done, onError: failed },
                  )
                }
              >
                {t('deposits.apply')}
              </Button>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * A bidder's deposits on their page (decision 091): what is held and the limit it gives, each card hold and bank
 * transfer with its state; for accounts and admin, a bank transfer recorded as a deposit for all sales or for one
 * sale still to come (which, once that sale is over, waits in the bidders' list to be applied or sent back), release
 * (card) or sent back (bank), and a bank deposit applied to one of the bidder's unpaid orders.
 */
export function BidderDeposits({ id, orders }: { id: string; orders: OrderChoice[] }) {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const query = useBidderDeposits(id);
  const actions = useDepositActions(id);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  // 'all': a house-wide deposit (a select shows no text for an empty value).
  const [saleId, setSaleId] = useState('all');
  const [error, setError] = useState('');
  const canManage = can('manage', 'payment');
  // Sales a deposit can still be for: the ones not over.
  const sales = useAdminSales({ page: 1, pageSize: 100 }, canManage);
  const comingSales = (sales.data?.data ?? []).filter((s) => s.status === 'scheduled' || s.status === 'open');

  if (query.isPending) return <CircularProgress size={24} aria-label={t('deposits.loading')} />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  const data = query.data;

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="admin-deposits">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 5 }}>
        <Fact label={t('deposits.held')}>{formatMoney(data.heldCents, data.currency)}</Fact>
        <Fact label={t('deposits.gives', { multiple: data.multiple })}>
          {formatMoney(data.depositLimitCents, data.currency)}
        </Fact>
      </Box>
      {data.deposits.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('deposits.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.deposits.map((d) => (
            <DepositRow key={d.id} deposit={d} orders={orders} actions={actions} canManage={canManage} />
          ))}
        </Box>
      )}
      {canManage && (
        <Box
          component="form"
          sx={{ display: 'grid', gap: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            const cents = dollarsToCents(amount);
            if (cents === null || Number.isNaN(cents) || cents < 100)
              return setError(translateMessage(depositMessages.amountInvalid));
            actions.record.mutate(
              { amountCents: cents, reference, auctionId: saleId === 'all' ? null : saleId },
              {
                onSuccess: (res) => {
                  notify.success(translateMessage(res.message));
                  setAmount('');
                  setReference('');
                  setSaleId('all');
                  setError('');
                },
                onError: (err) => setError(errorMessage(err)),
              },
            );
          }}
        >
          <Typography variant="subtitle2" component="h3">
            {t('deposits.recordTitle')}
          </Typography>
          <MoneyField label={t('deposits.amount')} value={amount} onChange={setAmount} error={error} />
          <TextField
            label={t('deposits.reference')}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            required
          />
          <TextField
            select
            label={t('deposits.forSale')}
            value={saleId}
            onChange={(e) => setSaleId(e.target.value)}
            helperText={t('deposits.forSaleHelp')}
          >
            <MenuItem value="all">{t('deposits.allSales')}</MenuItem>
            {comingSales.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.title}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={actions.record.isPending || amount.trim() === '' || reference.trim() === ''}
            >
              {t('deposits.record')}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}

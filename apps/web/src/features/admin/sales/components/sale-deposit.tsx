import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { depositMessages } from '@knotwork/shared/schemas/deposits';
import { api } from '@/lib/api-client.ts';
import { errorMessage, translateMessage } from '@/lib/error-message.ts';
import { notify } from '@/lib/toast.ts';
import { MoneyField } from '../../consignors/components/item-fields.tsx';
import { centsToDollars, dollarsToCents } from '../../consignors/lib/field-errors.ts';
import { useCan } from '../../shell/use-can.ts';

const key = (saleId: string) => ['admin', 'sale', saleId, 'deposit'];

function DepositForm({ saleId, initial }: { saleId: string; initial: number | null }) {
  const { t } = useTranslation('admin');
  const manage = useCan().can('manage', 'sale');
  const client = useQueryClient();
  const [amount, setAmount] = useState(centsToDollars(initial));
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (depositCents: number | null) =>
      api<{ message: string; data: { depositCents: number | null } }>(`/admin/auctions/${saleId}/deposit`, {
        method: 'PUT',
        body: { depositCents },
      }),
    onSuccess: (res) => {
      client.setQueryData(key(saleId), res.data);
      notify.success(translateMessage(res.message));
      setError('');
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (amount.trim() === '') return save.mutate(null);
        const cents = dollarsToCents(amount);
        if (cents === null || Number.isNaN(cents) || cents < 100)
          return setError(translateMessage(depositMessages.amountInvalid));
        save.mutate(cents);
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <Box sx={{ flex: '1 1 16rem', maxWidth: 360 }}>
        <MoneyField
          label={t('deposits.saleField')}
          value={amount}
          onChange={setAmount}
          error={error}
          size="small"
        />
      </Box>
      {manage && (
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          {t('deposits.saleSave')}
        </Button>
      )}
    </Box>
  );
}

/** The deposit a bidder needs to bid in this sale (decision 091), beside the sale's facts; empty for none. */
export function SaleDeposit({ saleId }: { saleId: string }) {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: key(saleId),
    queryFn: ({ signal }) =>
      api<{ data: { depositCents: number | null } }>(`/admin/auctions/${saleId}/deposit`, { signal }).then(
        (r) => r.data,
      ),
  });
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 2 }}
      data-testid="sale-deposit"
    >
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('deposits.saleHelp')}
      </Typography>
      {query.isError && <Typography color="error">{errorMessage(query.error)}</Typography>}
      {query.data && (
        <DepositForm
          key={String(query.data.depositCents)}
          saleId={saleId}
          initial={query.data.depositCents}
        />
      )}
    </Paper>
  );
}

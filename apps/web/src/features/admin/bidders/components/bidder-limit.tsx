import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { adminBidderMessages } from '@knotwork/shared/schemas/bidders-staff';
import { useSetBidderLimit, type AdminBidderLimit } from '../api/bidder-limit.ts';
import { MoneyField } from '../../consignors/components/item-fields.tsx';
import { Fact } from '../../consignors/components/section.tsx';
import { centsToDollars, dollarsToCents } from '../../consignors/lib/field-errors.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';

/**
 * A bidder's bidding limit (decision 090): what it is, what they have committed against it and what is left, and
 * for staff who manage bidders a form to set or clear it. The server checks every bid against it.
 */
export function BidderLimit({ id, limit }: { id: string; limit: AdminBidderLimit }) {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const save = useSetBidderLimit(id);
  const [amount, setAmount] = useState(centsToDollars(limit.limitCents));
  const [note, setNote] = useState(limit.note);
  const [error, setError] = useState('');

  const submit = (limitCents: number | null) =>
    save.mutate(
      { limitCents, note },
      {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          setError('');
          if (limitCents === null) setAmount('');
        },
        onError: (e) => setError(adminMessage(e.message)),
      },
    );

  const facts: [string, string][] =
    limit.limitCents === null
      ? []
      : [
          [t('bidder.limitValue'), formatUsd(limit.limitCents)],
          [t('bidder.limitCommitted'), formatUsd(limit.exposureCents)],
          [t('bidder.limitLeft'), formatUsd(Math.max(0, limit.limitCents - limit.exposureCents))],
        ];

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {limit.limitCents === null ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('bidder.limitNone')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 5 }}>
          {facts.map(([label, value]) => (
            <Fact key={label} label={label}>
              {value}
            </Fact>
          ))}
        </Box>
      )}
      {limit.setAt && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('bidder.limitSetBy', { name: limit.setBy ?? '—', when: new Date(limit.setAt).toLocaleString() })}
          {limit.note ? ` · ${limit.note}` : ''}
        </Typography>
      )}
      {can('manage', 'bidder') && (
        <Box
          component="form"
          sx={{ display: 'grid', gap: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            const cents = dollarsToCents(amount);
            if (cents === null || Number.isNaN(cents))
              return setError(adminMessage(adminBidderMessages.limitInvalid));
            submit(cents);
          }}
        >
          <MoneyField label={t('bidder.limitField')} value={amount} onChange={setAmount} error={error} />
          <TextField label={t('bidder.limitNote')} value={note} onChange={(e) => setNote(e.target.value)} />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('bidder.limitHelp')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={save.isPending || amount.trim() === ''}>
              {t('bidder.limitSave')}
            </Button>
            {limit.limitCents !== null && (
              <Button variant="outlined" disabled={save.isPending} onClick={() => submit(null)}>
                {t('bidder.limitClear')}
              </Button>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}

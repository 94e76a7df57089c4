import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
import { ChargedInNote } from '@/components/currency/charged-in-note.tsx';
import { BiddingStandingNote } from '@/components/bidding-standing/bidding-standing-note.tsx';
import { centsToDollarInput, parseMaxBid, quickBidAmounts } from '../lib/bid-amounts.ts';

export interface BidFormProps {
  nextMinimum: number;
  leading: boolean;
  myMaxBid: number | null | undefined;
  /** Opens the confirmation for this amount (cents); the caller checks sign-in first. */
  onBid: (amount: number) => void;
  /** A field error from the server (e.g. BID_TOO_LOW's message), shown under the field. */
  serverError: string | null;
  /** A "bid again" link's amount (cents): fills the field and focuses it once. */
  prefill: number | null;
  disabled: boolean;
  /** Changes after each accepted bid: the field empties. */
  resetSignal: number;
}

/**
 * Quick bids (the next minimum and two steps above) and a maximum-bid field in whole dollars. Leading bidders
 * see no quick bids: raising their own maximum is the only thing a bid can do for them.
 */
export function BidForm({
  nextMinimum,
  leading,
  myMaxBid,
  onBid,
  serverError,
  prefill,
  disabled,
  resetSignal,
}: BidFormProps) {
  const { t } = useTranslation('bidding');
  const [value, setValue] = useState(() => (prefill !== null ? centsToDollarInput(prefill) : ''));
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (prefill === null) return;
    setValue(centsToDollarInput(prefill));
    input.current?.focus();
    input.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [prefill]);

  useEffect(() => {
    if (resetSignal === 0) return;
    setValue('');
    setProblem(null);
  }, [resetSignal]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMaxBid(value, nextMinimum, myMaxBid, leading);
    if ('problem' in parsed) {
      setProblem(
        t(`form.problem.${parsed.problem}`, {
          amount: formatUsd(parsed.problem === 'notAboveMax' ? (myMaxBid ?? 0) : nextMinimum),
        }),
      );
      return;
    }
    setProblem(null);
    onBid(parsed.cents);
  };

  const error = problem ?? serverError;
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="bid-form">
      <BiddingStandingNote compact />
      {!leading && (
        <Box
          role="group"
          aria-label={t('form.quickBids')}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2, mb: 4 }}
        >
          {quickBidAmounts(nextMinimum).map((amount, i) => (
            <Button
              key={amount}
              variant={i === 0 ? 'contained' : 'outlined'}
              color={i === 0 ? 'primary' : 'inherit'}
              disabled={disabled}
              onClick={() => onBid(amount)}
              data-testid="quick-bid"
              aria-label={t('form.quickBidLabel', { amount: formatUsd(amount) })}
              sx={{ px: 1, fontVariantNumeric: 'tabular-nums' }}
            >
              {formatUsd(amount)}
            </Button>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          inputRef={input}
          label={leading ? t('form.raiseLabel') : t('form.maxLabel')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(null);
          }}
          error={Boolean(error)}
          helperText={
            error ??
            (leading && myMaxBid != null
              ? t('form.raiseHelper', { amount: formatUsd(myMaxBid) })
              : t('form.helper', { amount: formatUsd(nextMinimum) }))
          }
          disabled={disabled}
          fullWidth
          size="small"
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'max-bid-input' },
          }}
        />
        <Button type="submit" variant="contained" disabled={disabled} sx={{ flexShrink: 0, minHeight: 40 }}>
          {leading ? t('form.raise') : t('form.placeBid')}
        </Button>
      </Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 2 }}>
        {t('form.proxyHint')}
      </Typography>
      <ChargedInNote />
    </Box>
  );
}

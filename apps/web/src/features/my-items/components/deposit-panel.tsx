import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '@knotwork/shared/schemas/deposits';
import { paths } from '@/config/paths.ts';
import { errorMessage, translateMessage } from '@/lib/error-message.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { radius } from '@/lib/theme.ts';
import { newIdempotencyKey, useMyDeposits, usePlaceCardHold } from '../api/my-deposits.ts';

const STATE_COLOR = {
  held: 'success',
  released: 'default',
  applied_to_order: 'info',
  refunded: 'default',
  failed: 'error',
} as const;

/** Whole currency units typed by the collector, in cents; null when it is not a whole amount of at least 1. */
function centsOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const units = Number(trimmed);
  return units >= 1 ? units * 100 : null;
}

function DepositLine({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation('my-items');
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', py: 1 }}
      data-testid="deposit-line"
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatMoney(deposit.amountCents, deposit.currency)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 8rem', minWidth: 0 }}>
        {t(`deposit.kind.${deposit.kind}`)} · {deposit.saleTitle ?? t('deposit.houseWide')}
      </Typography>
      <Chip size="small" color={STATE_COLOR[deposit.state]} label={t(`deposit.state.${deposit.state}`)} />
    </Stack>
  );
}

/**
 * "Pay a deposit to raise your limit" (issue 28 §2, decision 091), under the bidding limit note: the amount, the limit
 * it gives (the house's multiple), a hold on the saved card (nothing charged; released after the sales), and the
 * deposits held or ended. Without a saved card it leads to the profile; without card holds, to the house.
 */
export function DepositPanel() {
  const { t } = useTranslation('my-items');
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState<string | null>(null);
  const summary = useMyDeposits();
  const hold = usePlaceCardHold();
  const fieldId = useId();
  const data = summary.data;
  const cents = centsOf(amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cents === null || hold.isPending) return;
    setDone(null);
    hold.mutate(
      { amountCents: cents, idempotencyKey: key },
      {
        onSuccess: (answer) => {
          setDone(answer.message);
          setAmount('');
        },
        // A definite answer either way: the next attempt is a new one.
        onSettled: () => setKey(newIdempotencyKey()),
      },
    );
  };

  return (
    <Box sx={{ mt: 3 }}>
      {!open && (
        <Button variant="outlined" size="small" onClick={() => setOpen(true)} data-testid="deposit-open">
          {t('deposit.open')}
        </Button>
      )}
      {open && (
        <Box
          component="section"
          aria-labelledby={`${fieldId}-title`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: `${radius.card}px`, p: { xs: 4, sm: 5 } }}
          data-testid="deposit-panel"
        >
          <Typography id={`${fieldId}-title`} variant="subtitle1" component="h2" sx={{ mb: 2 }}>
            {t('deposit.title')}
          </Typography>
          {summary.isPending && <CircularProgress size={24} aria-label={t('deposit.loading')} />}
          {summary.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
                  {t('deposit.retry')}
                </Button>
              }
            >
              {errorMessage(summary.error)}
            </Alert>
          )}
          {data && (
            <Stack spacing={3}>
              <Typography variant="body2" color="text.secondary">
                {t('deposit.explain', { multiple: data.multiple })}
              </Typography>
              {!data.cardHolds ? (
                <Alert severity="info">{t('deposit.noCardHolds')}</Alert>
              ) : !data.savedCard ? (
                <Alert severity="info">
                  {t('deposit.noCard')}{' '}
                  <Link component={RouterLink} to={paths.profile.href()}>
                    {t('deposit.toProfile')}
                  </Link>
                </Alert>
              ) : (
                <Box component="form" noValidate onSubmit={submit}>
                  <Stack
                    spacing={3}
                    direction={{ xs: 'column', sm: 'row' }}
                    sx={{ alignItems: { sm: 'flex-start' } }}
                  >
                    <TextField
                      id={fieldId}
                      label={t('deposit.amount', { currency: data.currency })}
                      value={amount}
                      onChange={(e) => setAmount(e.target.value)}
                      size="small"
                      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'deposit-amount' } }}
                      error={amount !== '' && cents === null}
                      helperText={
                        amount !== '' && cents === null
                          ? t('deposit.amountInvalid')
                          : cents !== null
                            ? t('deposit.gives', { limit: formatMoney(cents * data.multiple, data.currency) })
                            : t('deposit.onCard', { card: data.savedCard })
                      }
                      sx={{ flex: { sm: '1 1 12rem' } }}
                    />
                    <Button
                      type="submit"
                      variant="contained"
                      disabled={cents === null || hold.isPending}
                      data-testid="deposit-submit"
                      sx={{ flexShrink: 0, minHeight: 40 }}
                    >
                      {hold.isPending
                        ? t('deposit.holding')
                        : cents !== null
                          ? t('deposit.submitAmount', { amount: formatMoney(cents, data.currency) })
                          : t('deposit.submit')}
                    </Button>
                  </Stack>
                </Box>
              )}
              <div aria-live="polite">
                {hold.isError && <Alert severity="error">{errorMessage(hold.error)}</Alert>}
                {done && !hold.isError && (
                  <Alert severity="success" data-testid="deposit-done">
                    {translateMessage(done)}
                  </Alert>
                )}
              </div>
              {data.deposits.length > 0 && (
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t('deposit.held', { amount: formatMoney(data.heldCents, data.currency) })}
                  </Typography>
                  {data.deposits.map((d) => (
                    <DepositLine key={d.id} deposit={d} />
                  ))}
                </Box>
              )}
            </Stack>
          )}
        </Box>
      )}
    </Box>
  );
}

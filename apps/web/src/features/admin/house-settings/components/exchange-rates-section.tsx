import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatMediumDateTime } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { currencyName } from '@/lib/currency/currency-name.ts';
import { rateMessage } from '@/lib/currency/rate-message.ts';
import { useAdminExchangeRates, useDeleteExchangeRate, useSetExchangeRate } from '../api/exchange-rates.ts';
import { useCan } from '../../shell/use-can.ts';

type Form = { currency: string; rate: string };

/** Sets one currency's rate; the same currency again replaces it. */
function RateForm({ base, value, onChange }: { base: string; value: Form; onChange: (v: Form) => void }) {
  const { t } = useTranslation('currency');
  const set = useSetExchangeRate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Box
      component="form"
      aria-label={t('admin.formLabel')}
      data-testid="exchange-rate-form"
      onSubmit={(e) => {
        e.preventDefault();
        set.mutate(
          { currency: value.currency.trim().toUpperCase(), rate: value.rate.trim() },
          {
            onSuccess: (res) => {
              notify.success(rateMessage(res.message));
              onChange({ currency: '', rate: '' });
              setErrors({});
            },
            onError: (err) => {
              if (err instanceof ApiError) setErrors(err.fieldErrors);
              notify.error(rateMessage(err.message));
            },
          },
        );
      }}
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' },
        alignItems: 'start',
      }}
    >
      <TextField
        size="small"
        required
        label={t('admin.currency')}
        value={value.currency}
        onChange={(e) => onChange({ ...value, currency: e.target.value })}
        error={Boolean(errors.currency)}
        helperText={rateMessage(errors.currency)}
        slotProps={{
          htmlInput: { maxLength: 3, autoCapitalize: 'characters', 'data-testid': 'rate-currency' },
        }}
      />
      <TextField
        size="small"
        required
        label={t('admin.rate', { base })}
        value={value.rate}
        onChange={(e) => onChange({ ...value, rate: e.target.value })}
        error={Boolean(errors.rate)}
        helperText={rateMessage(errors.rate)}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'rate-value' } }}
      />
      <Button type="submit" variant="contained" disabled={set.isPending}>
        {t('admin.save')}
      </Button>
    </Box>
  );
}

/**
 * The exchange rates of /admin/settings (issue 14 section 6, decision 063): the figures visitors' approximate
 * prices are worked out with. Accounts read them; admins set and delete them.
 */
export function ExchangeRatesSection() {
  const { t } = useTranslation('currency');
  const { can } = useCan();
  const manage = can('manage', 'settings');
  const rates = useAdminExchangeRates();
  const remove = useDeleteExchangeRate();
  const [form, setForm] = useState<Form>({ currency: '', rate: '' });
  const base = rates.data?.base ?? '';
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="exchange-rates-title"
      data-testid="exchange-rates-section"
      sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 4 }}
    >
      <Box>
        <Typography variant="h6" component="h2" id="exchange-rates-title">
          {t('admin.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('admin.intro', { base: base || '…' })}
        </Typography>
      </Box>
      {rates.isLoading ? (
        <Box
          role="status"
          aria-label={t('admin.loading')}
          sx={{ display: 'grid', placeItems: 'center', py: 8 }}
        >
          <CircularProgress size={24} aria-label={t('admin.loading')} />
        </Box>
      ) : rates.isError || !rates.data ? (
        <ErrorState
          message={t('admin.loadFailed')}
          retryLabel={t('admin.retry')}
          onRetry={() => void rates.refetch()}
        />
      ) : rates.data.rates.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('admin.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rates.data.rates.map((r) => (
            <Box
              component="li"
              key={r.currency}
              data-testid={`exchange-rate-${r.currency}`}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 3,
                rowGap: 1,
                py: 2,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="body2" sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Box component="span" sx={{ fontWeight: 600, mr: 2 }}>
                  {r.currency}
                </Box>
                {currencyName(r.currency)}
              </Typography>
              <Typography
                variant="body2"
                data-testid="exchange-rate-value"
                sx={{ fontVariantNumeric: 'tabular-nums' }}
                dir="ltr"
              >
                1 {rates.data.base} = {r.rate} {r.currency}
              </Typography>
              {r.demo ? (
                <Chip size="small" variant="outlined" label={t('admin.demo')} />
              ) : (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {r.updatedBy
                    ? t('admin.updatedBy', { date: formatMediumDateTime(r.updatedAt), name: r.updatedBy })
                    : t('admin.updated', { date: formatMediumDateTime(r.updatedAt) })}
                </Typography>
              )}
              {manage && (
                <Box sx={{ display: 'flex', ml: 'auto' }}>
                  <IconButton
                    aria-label={t('admin.edit', { currency: r.currency })}
                    onClick={() => setForm({ currency: r.currency, rate: r.rate })}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={t('admin.delete', { currency: r.currency })}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(r.currency, {
                        onSuccess: (res) => notify.success(rateMessage(res.message)),
                        onError: (err) => notify.error(rateMessage(err.message)),
                      })
                    }
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
      {manage && rates.data && <RateForm base={rates.data.base} value={form} onChange={setForm} />}
    </Paper>
  );
}

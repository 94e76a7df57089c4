import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { TAX_APPLIES_TO } from '@knotwork/shared/schemas/payments';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useDeleteTaxRate, useSetTaxRate, useTaxRates } from '../api/tax-rates.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';
import { SettingsCard } from './settings-section.tsx';

/** Sets a destination's rate; the same country (and state) again replaces it. */
function TaxRateForm() {
  const { t } = useTranslation('admin');
  const set = useSetTaxRate();
  const [v, setV] = useState({ country: '', state: '', rate: '', appliesTo: 'premium_and_shipping' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((s) => ({ ...s, [k]: e.target.value }));
  return (
    <Box
      component="form"
      aria-label={t('settings.setRate')}
      onSubmit={(e) => {
        e.preventDefault();
        set.mutate(
          {
            country: v.country,
            state: v.state.trim() || null,
            rateBp: Math.round(Number(v.rate) * 100),
            appliesTo: v.appliesTo as (typeof TAX_APPLIES_TO)[number],
          },
          {
            onSuccess: (res) => {
              notify.success(adminMessage(res.message));
              setV((s) => ({ ...s, country: '', state: '', rate: '' }));
              setErrors({});
            },
            onError: (e) => {
              if (e instanceof ApiError) setErrors(e.fieldErrors);
              notify.error(adminMessage(e.message));
            },
          },
        );
      }}
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr 2fr auto' },
        alignItems: 'start',
      }}
    >
      <TextField
        size="small"
        required
        label={t('settings.country')}
        value={v.country}
        onChange={change('country')}
        error={Boolean(errors.country)}
        helperText={adminMessage(errors.country)}
        slotProps={{ htmlInput: { maxLength: 2 } }}
      />
      <TextField size="small" label={t('settings.state')} value={v.state} onChange={change('state')} />
      <TextField
        size="small"
        required
        label={t('settings.rate')}
        value={v.rate}
        onChange={change('rate')}
        error={Boolean(errors.rateBp)}
        helperText={adminMessage(errors.rateBp)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        select
        size="small"
        label={t('settings.appliesTo')}
        value={v.appliesTo}
        onChange={change('appliesTo')}
      >
        {TAX_APPLIES_TO.map((a) => (
          <MenuItem key={a} value={a}>
            {t(`settings.applies.${a}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={set.isPending}>
        {t('settings.save')}
      </Button>
    </Box>
  );
}

/** Settings: the tax rates by destination (the API the checkout issue built); accounts read them, admins set them. */
export function TaxRatesSection() {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const rates = useTaxRates();
  const remove = useDeleteTaxRate();
  const manage = can('manage', 'settings');
  return (
    <SettingsCard id="settings-tax" title={t('settings.taxTitle')} intro={t('settings.taxIntro')}>
      {rates.isLoading ? (
        <Box
          role="status"
          aria-label={t('common.loading')}
          sx={{ display: 'grid', placeItems: 'center', py: 8 }}
        >
          <CircularProgress size={24} aria-label={t('common.loading')} />
        </Box>
      ) : rates.isError || !rates.data ? (
        <ErrorState
          message={t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void rates.refetch()}
        />
      ) : rates.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('settings.noRates')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rates.data.map((r) => (
            <Box
              component="li"
              key={r.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 3,
                py: 2,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="body2" sx={{ flex: 1 }}>
                {r.state ? `${r.country} · ${r.state}` : r.country}
              </Typography>
              <Typography variant="body2">{(r.rateBp / 100).toLocaleString()} %</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1, textAlign: 'end' }}>
                {t(`settings.applies.${r.appliesTo}`)}
              </Typography>
              {manage && (
                <IconButton
                  aria-label={t('settings.deleteRate', {
                    place: r.state ? `${r.country} ${r.state}` : r.country,
                  })}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(r.id, {
                      onSuccess: (res) => notify.success(adminMessage(res.message)),
                      onError: (e) => notify.error(adminMessage(e.message)),
                    })
                  }
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      {manage && <TaxRateForm />}
    </SettingsCard>
  );
}

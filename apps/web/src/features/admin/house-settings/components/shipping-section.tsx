import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSaveShipping, type ShippingSettings } from '../api/settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

const ZONES = ['domestic', 'europe', 'rest_of_world'] as const;
type Zone = (typeof ZONES)[number];

/** "FR, de it" -> ["FR", "DE", "IT"]: the server checks each code. */
const codes = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
const dollars = (cents: number) => String(cents / 100);
const cents = (text: string) =>
  text.trim() === '' ? Number.NaN : Math.round(Number(text.replace(',', '.')) * 100);

function ShippingForm({ initial }: { initial: ShippingSettings }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [v, setV] = useState({
    home: initial.domestic.countries.join(' '),
    europe: initial.europe.countries.join(' '),
    rates: Object.fromEntries(ZONES.map((z) => [z, dollars(initial[z].amount)])) as Record<Zone, string>,
  });
  const { save, errorAt, pending } = useSaveSetting(useSaveShipping());
  const readOnly = { readOnly: !manage };
  const rateField = (zone: Zone) => {
    const error = errorAt(`${zone}.amount`);
    return (
      <TextField
        size="small"
        label={t('shipping.rate')}
        value={v.rates[zone]}
        onChange={(e) => setV((s) => ({ ...s, rates: { ...s.rates, [zone]: e.target.value } }))}
        required
        error={Boolean(error)}
        helperText={error || undefined}
        slotProps={{ htmlInput: { inputMode: 'decimal', ...readOnly, 'data-zone': zone } }}
      />
    );
  };
  const homeError = errorAt('domestic.countries');
  const europeError = errorAt('europe.countries');
  return (
    <Box
      component="form"
      aria-label={t('shipping.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save({
          domestic: { countries: codes(v.home), amount: cents(v.rates.domestic) },
          europe: { countries: codes(v.europe), amount: cents(v.rates.europe) },
          rest_of_world: { amount: cents(v.rates.rest_of_world) },
        });
      }}
      sx={{ display: 'grid', gap: 4 }}
    >
      {ZONES.map((zone) => (
        <Box
          key={zone}
          component="fieldset"
          sx={{
            border: 0,
            m: 0,
            p: 0,
            pb: 4,
            borderBottom: 1,
            borderColor: 'divider',
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' },
            alignItems: 'start',
            minWidth: 0,
          }}
        >
          <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 600, p: 0, mb: 3 }}>
            {t(`shipping.zone.${zone}`)}
          </Typography>
          {zone === 'domestic' ? (
            <TextField
              size="small"
              label={t('shipping.homeCountry')}
              value={v.home}
              onChange={(e) => setV((s) => ({ ...s, home: e.target.value }))}
              required
              error={Boolean(homeError)}
              helperText={homeError || undefined}
              slotProps={{ htmlInput: { maxLength: 2, ...readOnly } }}
            />
          ) : zone === 'europe' ? (
            <TextField
              size="small"
              label={t('shipping.countries')}
              value={v.europe}
              onChange={(e) => setV((s) => ({ ...s, europe: e.target.value }))}
              multiline
              minRows={2}
              error={Boolean(europeError)}
              helperText={europeError || t('shipping.countriesHelp')}
              slotProps={{ htmlInput: readOnly }}
            />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: 'center' }}>
              {t('shipping.everyOther')}
            </Typography>
          )}
          {rateField(zone)}
        </Box>
      ))}
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: the three shipping zones, the countries in each and each one's flat courier rate. */
export function ShippingSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard id="settings-shipping" title={t('shipping.title')} intro={t('shipping.intro')}>
      {(s) => <ShippingForm key={JSON.stringify(s.shipping)} initial={s.shipping} />}
    </HouseSettingsCard>
  );
}

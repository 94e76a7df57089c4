import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { COUNTRIES_WITHOUT_POSTAL_CODE } from '@knotwork/shared/schemas/addresses';
import { postalKind, regionKind } from '@knotwork/shared/addresses/formats';
import { useCountries } from '@/features/addresses/api/get-countries.ts';
import { useStates } from '@/features/addresses/api/get-states.ts';
import { useCities } from '@/features/addresses/api/get-cities.ts';
import { CityField } from '@/features/addresses/components/city-field.tsx';
import { CountryField } from '@/features/addresses/components/country-field.tsx';
import { StateField } from '@/features/addresses/components/state-field.tsx';
import type { ConsignorAddressValues } from '../lib/consignor-form.ts';
import type { FieldErrors } from '../lib/field-errors.ts';
import { adminMessage } from '../../shell/server-message.ts';

/** Whether the chosen country lists regions the address must name (the address book's rule, decision 073). */
export function useRegionRequired(country: string) {
  const region = country ? regionKind(country) : null;
  const states = useStates(country || undefined);
  const list = states.data ?? [];
  return {
    region,
    states: list,
    required: Boolean(region) && list.length > 0,
    // The geo data lists regions for some countries whose addresses do not use them (the UK): their cities
    // are asked per region only, so no suggestions there.
    citiesAsk: !states.isPending && list.length === 0,
  };
}

/**
 * The consignor's postal address with the address book's fields: the country first, then the region only where
 * the country's addresses use one (a list then, and required), the city with the known places as suggestions.
 */
export function ConsignorAddressFields({
  value,
  onChange,
  errors,
}: {
  value: ConsignorAddressValues;
  onChange: (next: ConsignorAddressValues) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation('addresses');
  const { t: tc } = useTranslation('admin-consignors');
  const countries = useCountries(true);
  const { region, states, required: hasStates, citiesAsk } = useRegionRequired(value.country);
  const cities = useCities(
    value.country || undefined,
    value.state || undefined,
    Boolean(value.country) && (citiesAsk || (hasStates && Boolean(value.state))),
  );
  const set = (patch: Partial<ConsignorAddressValues>) => onChange({ ...value, ...patch });
  const err = (k: keyof ConsignorAddressValues) => adminMessage(errors[`address.${k}`]) || undefined;
  const postalOptional = Boolean(value.country) && COUNTRIES_WITHOUT_POSTAL_CODE.has(value.country);
  const text = (k: 'line1' | 'line2' | 'postalCode', label: string, autoComplete: string) => (
    <TextField
      label={label}
      value={value[k]}
      onChange={(e) => set({ [k]: e.target.value })}
      error={Boolean(err(k))}
      helperText={err(k)}
      autoComplete={autoComplete}
      fullWidth
      slotProps={{ htmlInput: { maxLength: k === 'postalCode' ? 12 : 120 } }}
    />
  );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 4, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 2 }}>
        {tc('form.address')}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ms: 2 }}>
          {tc('form.optional')}
        </Typography>
      </Typography>
      <CountryField
        countries={countries.data ?? []}
        loading={countries.isPending}
        value={value.country}
        onBlur={() => undefined}
        error={err('country') ?? (countries.isError ? t('form.countriesError') : undefined)}
        // A new country invalidates the region and the city chosen for the old one.
        onChange={(country) => set({ country, state: '', city: '' })}
      />
      {text('line1', t('form.line1'), 'address-line1')}
      {text('line2', t('form.line2'), 'address-line2')}
      {hasStates && (
        <StateField
          label={t(`form.region.${region ?? 'state'}`)}
          states={states}
          value={value.state}
          onBlur={() => undefined}
          error={err('state')}
          onChange={(state) => set({ state })}
        />
      )}
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <CityField
          suggestions={cities.data ?? []}
          value={value.city}
          onBlur={() => undefined}
          onChange={(city) => set({ city })}
          error={err('city')}
        />
        {text(
          'postalCode',
          postalOptional ? t('form.postalCodeOptional') : t(`form.postal.${postalKind(value.country)}`),
          'postal-code',
        )}
      </Box>
    </Box>
  );
}

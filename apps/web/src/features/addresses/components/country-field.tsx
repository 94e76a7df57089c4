import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Country } from '@knotwork/shared/schemas/geo';

/** A searchable country list (by name or code), flag first; the value is the ISO code. */
export function CountryField({
  countries,
  loading,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: {
  countries: Country[];
  loading: boolean;
  value: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('addresses');
  const selected = countries.find((c) => c.code === value) ?? null;
  return (
    <Autocomplete
      options={countries}
      value={selected}
      loading={loading}
      onChange={(_, c) => onChange(c?.code ?? '')}
      onBlur={onBlur}
      autoHighlight
      fullWidth
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={(options, { inputValue }) => {
        const q = inputValue.trim().toLowerCase();
        if (!q) return options;
        const starts = options.filter(
          (c) => c.name.toLowerCase().startsWith(q) || c.code.toLowerCase() === q,
        );
        const contains = options.filter((c) => !starts.includes(c) && c.name.toLowerCase().includes(q));
        return [...starts, ...contains];
      }}
      renderOption={({ key, ...props }, c) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 3 }}>
          <span aria-hidden>{c.flag}</span>
          <span style={{ flex: 1 }}>{c.name}</span>
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
            {c.phoneCode}
          </Box>
        </Box>
      )}
      loadingText={t('form.loadingCountries')}
      noOptionsText={t('form.noCountry')}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          inputRef={inputRef}
          label={t('form.country')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { ...params.inputProps, autoComplete: 'country-name' } }}
        />
      )}
    />
  );
}

import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Some states list thousands of places: show the best 50 matches, those starting with the text first. */
const filterCities = createFilterOptions<string>({ matchFrom: 'start', limit: 50 });

/** Free text, with the known places of the country (and state) as suggestions. */
export function CityField({
  suggestions,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: {
  suggestions: string[];
  value: string;
  onChange: (city: string) => void;
  onBlur: () => void;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('addresses');
  return (
    <Autocomplete
      freeSolo
      fullWidth
      options={suggestions}
      filterOptions={filterCities}
      inputValue={value}
      onInputChange={(_, text) => onChange(text)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          inputRef={inputRef}
          label={t('form.city')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { ...params.inputProps, autoComplete: 'address-level2', maxLength: 80 } }}
        />
      )}
    />
  );
}

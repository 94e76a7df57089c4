import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { State } from '@knotwork/shared/schemas/geo';

/** The country's subdivisions, searchable; the value is the subdivision code. */
export function StateField({
  label,
  states,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: {
  /** What the country calls it (State, Province, Prefecture...). */
  label?: string;
  states: State[];
  value: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('addresses');
  const selected = states.find((s) => s.code === value) ?? null;
  return (
    <Autocomplete
      options={states}
      value={selected}
      onChange={(_, s) => onChange(s?.code ?? '')}
      onBlur={onBlur}
      autoHighlight
      fullWidth
      getOptionLabel={(s) => s.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      noOptionsText={t('form.noState')}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          inputRef={inputRef}
          label={label ?? t('form.state')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { ...params.inputProps, autoComplete: 'address-level1' } }}
        />
      )}
    />
  );
}

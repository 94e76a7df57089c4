import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formatLength } from '@/lib/units.ts';
import type { LengthInput } from '../lib/use-length-input.ts';

/** Feet and inches kept left to right inside a sentence of any direction (12'6" must not read 6'12 in Arabic). */
export const isolate = (text: string) => `\u2066${text}\u2069`;

/**
 * One length typed in the visitor's unit: "450" in centimetres, "12' 6\"" (or 12ft 6in, 12.5) in feet and inches.
 * The message under it says what is wrong once the buyer has left the field.
 */
export function LengthField({
  label,
  input,
  disabled = false,
}: {
  label: string;
  /** The field's state, from useLengthInput. */
  input: LengthInput;
  disabled?: boolean;
}) {
  const { t } = useTranslation('room-plan');
  const { value, setValue, touched, setTouched, reading, unit, limits } = input;
  const error = touched && !reading.ok;
  let helper = unit === 'cm' ? t('room.hintCm') : t('room.hintFtIn');
  if (error && !reading.ok)
    helper = t(`errors.${reading.error}`, {
      example: unit === 'cm' ? '450' : isolate(`12' 6"`),
      min: isolate(formatLength(limits.min, unit)),
      max: isolate(formatLength(limits.max, unit)),
    });
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => setTouched(true)}
      error={error}
      helperText={helper}
      size="small"
      fullWidth
      autoComplete="off"
      disabled={disabled}
      slotProps={{
        htmlInput: {
          inputMode: unit === 'cm' ? 'decimal' : 'text',
          dir: 'ltr',
          spellCheck: false,
        },
      }}
    />
  );
}

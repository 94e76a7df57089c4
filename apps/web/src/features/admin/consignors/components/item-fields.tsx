import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import type { ItemValues } from '../lib/consignment-form.ts';
import type { FieldErrors } from '../lib/field-errors.ts';
import { adminMessage } from '../../shell/server-message.ts';

type AmountFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  size?: 'small' | 'medium';
};

/** A number typed in a unit shown beside it ($ before, % after): left to right in every language. */
export function AmountField({
  label,
  value,
  onChange,
  error,
  placeholder,
  size,
  unit,
}: AmountFieldProps & { unit: { text: string; position: 'start' | 'end' } }) {
  const adornment = <InputAdornment position={unit.position}>{unit.text}</InputAdornment>;
  return (
    <TextField
      label={label}
      value={value}
      size={size}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr' },
        input: unit.position === 'start' ? { startAdornment: adornment } : { endAdornment: adornment },
        inputLabel: placeholder ? { shrink: true } : undefined,
      }}
      fullWidth
    />
  );
}

/** A money field as the back office types amounts: whole dollars (cents allowed), sent as cents. */
export function MoneyField(props: AmountFieldProps) {
  return <AmountField {...props} unit={{ text: '$', position: 'start' }} />;
}

/** The rugs of a new receipt: each with its low and high estimates and reserve; removable before saving. */
export function ItemFields({
  items,
  onChange,
  errors,
}: {
  items: ItemValues[];
  onChange: (items: ItemValues[]) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation('admin-consignors');
  const set = (i: number, patch: Partial<ItemValues>) =>
    onChange(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  const err = (i: number, k: string) => adminMessage(errors[`items.${i}.${k}`]) || undefined;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3 }}>
      {items.map((item, i) => (
        <Box
          component="li"
          key={item.rugId}
          aria-label={item.title}
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: '1fr 1fr',
              md: 'minmax(0, 2fr) repeat(3, minmax(110px, 1fr)) auto',
            },
            alignItems: 'start',
            p: 3,
            border: 1,
            borderColor: 'divider',
            borderRadius: '10px',
          }}
        >
          <Box sx={{ gridColumn: '1 / 2', gridRow: 1, minWidth: 0, alignSelf: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {i + 1}. {item.title}
            </Typography>
            {err(i, 'rugId') && (
              <Typography variant="caption" sx={{ color: 'error.main' }}>
                {err(i, 'rugId')}
              </Typography>
            )}
          </Box>
          <Box
            sx={{
              gridColumn: { xs: '2 / 3', md: '5 / 6' },
              gridRow: 1,
              justifySelf: 'end',
              alignSelf: 'center',
            }}
          >
            <IconButton
              aria-label={t('items.removeOne', { title: item.title })}
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            >
              <DeleteOutline />
            </IconButton>
          </Box>
          {(['estimateLow', 'estimateHigh', 'reserve'] as const).map((k, n) => (
            <Box
              key={k}
              sx={{
                gridColumn: { xs: k === 'reserve' ? '1 / -1' : 'auto', md: `${n + 2} / ${n + 3}` },
                gridRow: { md: 1 },
              }}
            >
              <MoneyField
                size="small"
                label={t(`items.${k}`)}
                value={item[k]}
                onChange={(value) => set(i, { [k]: value })}
                error={err(i, k)}
                placeholder={k === 'reserve' ? t('items.noReserve') : undefined}
              />
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

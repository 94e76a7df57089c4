import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { ComponentProps } from 'react';
import { AmountField, MoneyField } from './item-fields.tsx';

/** A rate typed in percent (the terms hold basis points). */
export function PercentField(props: Omit<ComponentProps<typeof AmountField>, 'unit'>) {
  return <AmountField {...props} unit={{ text: '%', position: 'end' }} />;
}

export interface Band {
  from: string;
  rate: string;
}

/** At most this many bands: a house's scale has three or four. */
const MAX_BANDS = 10;

/**
 * A sliding scale of marginal commission bands (decision 085), as typed: each band's start in dollars and its rate
 * in percent. One editor for a receipt's override and for the house's default terms; each passes its own words and
 * its own error paths (`error(i, 'fromCents' | 'rateBps')`).
 */
export function CommissionBands({
  bands,
  onChange,
  error,
  listError,
  words,
}: {
  bands: Band[];
  onChange: (bands: Band[]) => void;
  error: (i: number, key: 'fromCents' | 'rateBps') => string | undefined;
  listError?: string;
  words: { help: string; from: string; rate: string; add: string; remove: (n: number) => string };
}) {
  const setBand = (i: number, patch: Partial<Band>) =>
    onChange(bands.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography component="legend" variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {words.help}
      </Typography>
      {bands.map((b, i) => (
        <Box
          key={i}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto' }}
        >
          <MoneyField
            size="small"
            label={words.from}
            value={b.from}
            onChange={(from) => setBand(i, { from })}
            error={error(i, 'fromCents')}
          />
          <PercentField
            size="small"
            label={words.rate}
            value={b.rate}
            onChange={(rate) => setBand(i, { rate })}
            error={error(i, 'rateBps')}
          />
          <IconButton
            aria-label={words.remove(i + 1)}
            disabled={bands.length === 1}
            onClick={() => onChange(bands.filter((_, j) => j !== i))}
          >
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      {listError && (
        <Typography variant="caption" sx={{ color: 'error.main' }}>
          {listError}
        </Typography>
      )}
      <Box>
        <Button
          size="small"
          startIcon={<Add />}
          disabled={bands.length >= MAX_BANDS}
          onClick={() => onChange([...bands, { from: '', rate: '' }])}
        >
          {words.add}
        </Button>
      </Box>
    </Box>
  );
}

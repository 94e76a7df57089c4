import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

type Bound = number | undefined;

/**
 * A "from - to" pair of number fields. The values apply when the visitor leaves a field or presses Enter (not on
 * every keystroke: "1" on the way to "1500" is not a filter anyone meant). Bounds arrive and leave in the
 * visitor's unit; the caller converts.
 */
export function RangeFields({
  labels,
  unit,
  prefix,
  value,
  placeholder,
  step = 1,
  onCommit,
}: {
  labels: { min: string; max: string };
  unit?: string;
  prefix?: string;
  value: [Bound, Bound];
  placeholder?: [Bound, Bound];
  step?: number;
  onCommit: (value: [Bound, Bound]) => void;
}) {
  const [text, setText] = useState<[string, string]>(() => [toText(value[0]), toText(value[1])]);

  // The URL changed underneath (Back, a chip removed, "Clear all"): show what now applies.
  useEffect(() => {
    setText([toText(value[0]), toText(value[1])]);
  }, [value[0], value[1]]); // eslint-disable-line react-hooks/exhaustive-deps

  const commit = () => {
    let [lo, hi] = [toNumber(text[0]), toNumber(text[1])];
    // "From 300 to 200" is a slip of the hand, not an empty selection.
    if (lo !== undefined && hi !== undefined && lo > hi) [lo, hi] = [hi, lo];
    if (lo === value[0] && hi === value[1]) return;
    onCommit([lo, hi]);
  };

  const field = (i: 0 | 1) => (
    <TextField
      size="small"
      label={i === 0 ? labels.min : labels.max}
      value={text[i]}
      type="number"
      placeholder={placeholder?.[i] !== undefined ? String(placeholder[i]) : undefined}
      onChange={(e) => setText((t) => (i === 0 ? [e.target.value, t[1]] : [t[0], e.target.value]))}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      slotProps={{
        htmlInput: { min: 0, step, inputMode: 'decimal' },
        input: {
          startAdornment: prefix ? <InputAdornment position="start">{prefix}</InputAdornment> : undefined,
          endAdornment: unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined,
        },
        inputLabel: { shrink: true },
      }}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', pt: 1.5 }}>
      {field(0)}
      <Box aria-hidden sx={{ color: 'text.secondary' }}>
        –
      </Box>
      {field(1)}
    </Box>
  );
}

function toText(n: Bound): string {
  return n === undefined ? '' : String(n);
}

function toNumber(s: string): Bound {
  const trimmed = s.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

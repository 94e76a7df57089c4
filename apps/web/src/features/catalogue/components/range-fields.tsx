import { useEffect, useId, useState } from 'react';
import { OutlinedField } from '@/components/ui/outlined-field.tsx';

type Bound = number | undefined;

/**
 * A "from - to" pair of number fields. The values apply when the visitor leaves a field or presses Enter (not on
 * every keystroke: "1" on the way to "1500" is not a filter anyone meant). Bounds arrive and leave in the
 * visitor's unit; the caller converts. Plain inputs in MUI's outline (components/ui/outlined-field.tsx): the
 * desktop filter panel is part of the listing's first paint (docs/decisions/068-native-listing-controls.md).
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
  const baseId = useId();
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

  const field = (i: 0 | 1) => {
    const id = `${baseId}-${i}`;
    return (
      <OutlinedField
        label={i === 0 ? labels.min : labels.max}
        htmlFor={id}
        className="kw-range__field"
        start={prefix}
        end={unit}
      >
        <input
          id={id}
          className="kw-field__control"
          type="number"
          min={0}
          step={step}
          inputMode="decimal"
          value={text[i]}
          placeholder={placeholder?.[i] !== undefined ? String(placeholder[i]) : undefined}
          onChange={(e) => setText((t) => (i === 0 ? [e.target.value, t[1]] : [t[0], e.target.value]))}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
      </OutlinedField>
    );
  };

  return (
    <div className="kw-range">
      {field(0)}
      <span aria-hidden className="kw-range__dash">
        –
      </span>
      {field(1)}
    </div>
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

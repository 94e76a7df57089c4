import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RUG_SORT_LABELS, RUG_SORTS, type RugSort } from '@knotwork/shared/constants/catalogue';
import { OutlinedField } from '@/components/ui/outlined-field.tsx';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';
import { useEarlyChoice } from '@/lib/use-early-choice.ts';

/**
 * The order of the list. "Best match" is offered only with a search (it ranks by the text). A native select: it
 * is part of the first paint and answers a tap before any script of its own arrives, and phones show their own
 * picker (docs/decisions/068-native-listing-controls.md).
 */
export function SortSelect({
  value,
  hasQuery,
  onChange,
}: {
  value: RugSort;
  hasQuery: boolean;
  onChange: (sort: RugSort) => void;
}) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const sorts = RUG_SORTS.filter((s) => s !== 'relevance' || hasQuery);
  const shown = sorts.includes(value) ? value : 'newest';
  // An order picked on the server-rendered page before this code ran.
  const ref = useEarlyChoice<HTMLSelectElement>((select) => {
    if (select.value !== shown) onChange(select.value as RugSort);
  });
  return (
    <OutlinedField label={t('sort.label')} htmlFor={id} className="kw-sort">
      <select
        ref={ref}
        id={id}
        // No restoring by the browser on a return to the page: only the visitor's own early choice counts.
        autoComplete="off"
        className="kw-field__control"
        value={shown}
        onChange={(e) => onChange(e.target.value as RugSort)}
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {t(`sort.options.${s}`, { defaultValue: RUG_SORT_LABELS[s] })}
          </option>
        ))}
      </select>
      <PlainIcon name="arrowDropDown" className="kw-field__arrow" />
    </OutlinedField>
  );
}

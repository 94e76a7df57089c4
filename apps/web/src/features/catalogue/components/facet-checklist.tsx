import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format.ts';
import { useEarlyChoice } from '@/lib/use-early-choice.ts';

export interface FacetOption {
  value: string;
  label: string;
  /** Rugs this value would list with the rest of the filter (absent while counts load). */
  count?: number;
  /** Secondary text after the label, e.g. the country of a weaving centre. */
  hint?: string;
  checked: boolean;
  /** Drawn before the label (a colour swatch). */
  icon?: ReactNode;
}

/**
 * A group of checkboxes, each with its count. Values that would list nothing are muted (still readable, still
 * clickable); long lists show the first `initialVisible` and a "show all" toggle. Native checkboxes
 * (styles/filter-panel.css): a tick before the page's scripts finish loading is not lost
 * (docs/decisions/068-native-listing-controls.md).
 */
export function FacetChecklist({
  legend,
  options,
  onToggle,
  initialVisible = 8,
}: {
  legend: string;
  options: FacetOption[];
  onToggle: (value: string, checked: boolean) => void;
  initialVisible?: number;
}) {
  const { t } = useTranslation('catalogue');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  // Selected values always show, even when they fall below the fold of a long list.
  const visible = expanded ? options : options.filter((o, i) => i < initialVisible || o.checked);
  const hidden = options.length - visible.length;
  // Boxes ticked on the server-rendered page before this code ran (the inputs follow `visible`'s order).
  const ref = useEarlyChoice<HTMLDivElement>((list) => {
    const boxes = list.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    visible.forEach((o, i) => {
      const box = boxes[i];
      if (box && box.checked !== o.checked) onToggle(o.value, box.checked);
    });
  });

  return (
    <div ref={ref} id={listId} aria-label={legend} role="group" className="kw-checklist">
      {visible.map((o) => {
        const empty = o.count === 0 && !o.checked;
        return (
          <label key={o.value} className={empty ? 'kw-check kw-check--empty' : 'kw-check'}>
            <input
              type="checkbox"
              // No restoring by the browser on a return to the page: only the visitor's own early tick counts.
              autoComplete="off"
              className="kw-check__box"
              checked={o.checked}
              onChange={(e) => onToggle(o.value, e.target.checked)}
            />
            {o.icon}
            <span className="kw-check__label">
              {o.label}
              {o.hint && <span className="kw-check__hint">{o.hint}</span>}
            </span>
            {o.count !== undefined && <span className="kw-check__count">{formatNumber(o.count)}</span>}
          </label>
        );
      })}
      {(hidden > 0 || expanded) && options.length > initialVisible && (
        <button
          type="button"
          className="kw-chips__clear kw-checklist__more"
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
          aria-controls={listId}
        >
          {expanded ? t('filters.showFewer') : t('filters.showAll', { count: options.length })}
        </button>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { ActiveCriterion } from '../lib/active-filters.ts';

// Material's "cancel" icon, the cross MUI draws on a deletable chip.
const CANCEL =
  'M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2m5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12z';

/**
 * What narrows the list, each removable on its own, and "Clear all". Plain buttons (styles/filter-chips.css):
 * they are in the first paint of a filtered listing (docs/decisions/067-plain-listing-controls.md).
 */
export function ActiveFilterChips({
  criteria,
  onRemove,
  onClearAll,
}: {
  criteria: ActiveCriterion[];
  onRemove: (c: ActiveCriterion) => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation('catalogue');
  if (criteria.length === 0) return null;
  return (
    <ul aria-label={t('chips.label')} className="kw-chips">
      {criteria.map((c) => (
        <li key={c.id}>
          {/* The whole chip removes its filter (a small cross alone is a hard target on a phone). */}
          <button
            type="button"
            className="kw-chip"
            onClick={() => onRemove(c)}
            aria-label={t('chips.remove', { label: c.label })}
          >
            <span>{c.label}</span>
            <svg viewBox="0 0 24 24" aria-hidden focusable="false">
              <path d={CANCEL} />
            </svg>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="kw-chips__clear" onClick={onClearAll}>
          {t('chips.clearAll')}
        </button>
      </li>
    </ul>
  );
}

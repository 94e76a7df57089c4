import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RUG_QUERY_MAX } from '@knotwork/shared/constants/catalogue';

const DEBOUNCE_MS = 350;
// Material's search and close icons.
const SEARCH =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14';
const CLOSE =
  'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/**
 * The text search. Typing applies after a short pause; the first change of a typing burst pushes a history entry
 * and the rest replace it, so Back undoes a whole search rather than one letter at a time. A plain input
 * (styles/search-field.css): MUI's TextField brought its select, menu and modal code into the listing's first
 * paint (docs/decisions/067-plain-listing-controls.md).
 */
export function SearchField({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (q: string, options: { replace: boolean }) => void;
}) {
  const { t } = useTranslation('catalogue');
  const [text, setText] = useState(value);
  const pushed = useRef(false);
  const lastSent = useRef(value);

  // Back/Forward or a removed chip changed the query: show it (unless it is what we just sent).
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
      pushed.current = false;
    }
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (q === lastSent.current.trim()) return;
    const timer = setTimeout(() => {
      lastSent.current = q;
      onSearch(q, { replace: pushed.current });
      pushed.current = true;
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <div className="kw-search">
      <svg viewBox="0 0 24 24" aria-hidden focusable="false">
        <path d={SEARCH} />
      </svg>
      <input
        className="kw-field__control kw-search__input"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, RUG_QUERY_MAX))}
        onBlur={() => {
          pushed.current = false;
        }}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        maxLength={RUG_QUERY_MAX}
        enterKeyHint="search"
      />
      {text && (
        <button
          type="button"
          className="kw-search__clear"
          aria-label={t('search.clear')}
          onClick={() => setText('')}
        >
          <svg viewBox="0 0 24 24" aria-hidden focusable="false">
            <path d={CLOSE} />
          </svg>
        </button>
      )}
    </div>
  );
}

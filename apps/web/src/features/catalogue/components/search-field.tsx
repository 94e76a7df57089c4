import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RUG_QUERY_MAX } from '@knotwork/shared/constants/catalogue';
import { iconPaths } from '@/components/ui/plain-icon.tsx';

const DEBOUNCE_MS = 350;
// Material's search and close icons, shared with the header's search (every page already carries them).
const SEARCH = iconPaths.search;
const CLOSE = iconPaths.close;

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

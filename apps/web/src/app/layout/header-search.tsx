import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';

/**
 * The listing's longest text search, RUG_QUERY_MAX of packages/shared/src/constants/catalogue.ts (a unit test keeps
 * them equal): importing that module would add the catalogue's vocabularies to every page's entry script.
 */
export const HEADER_QUERY_MAX = 100;

/** Where a header search goes: the listing's text search (`q`), or the whole catalogue for an empty one. */
export const headerSearchHref = (text: string) => {
  const q = text.trim().slice(0, HEADER_QUERY_MAX);
  return q ? paths.rugListings.href({ q }) : paths.rugListing.href();
};

/**
 * The header's way into the catalogue (issue 24.5): a "Rugs" link and a search box that opens the listing's text
 * search. Wide screens show both in the bar; narrower ones an icon that opens the box (with the link) under the bar.
 * Plain elements and CSS (styles/header-search.css), decision 067: every page's first paint carries it.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  return (
    <div className="kw-header-search" data-open={open}>
      <button
        type="button"
        className="kw-icon-button kw-header-search__toggle"
        aria-label={t('header.openSearch')}
        aria-expanded={open}
        aria-controls="header-search"
        onClick={() => setOpen((o) => !o)}
      >
        <PlainIcon name={open ? 'close' : 'search'} />
      </button>
      <form
        id="header-search"
        role="search"
        className="kw-header-search__panel"
        onSubmit={(e) => {
          e.preventDefault();
          setOpen(false);
          input.current?.blur();
          void navigate(headerSearchHref(text));
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        <Link to={paths.rugListing.href()} className="kw-header-search__rugs" onClick={() => setOpen(false)}>
          {t('header.rugs')}
        </Link>
        <div className="kw-header-search__box">
          <input
            ref={input}
            type="search"
            name="q"
            className="kw-header-search__input"
            value={text}
            maxLength={HEADER_QUERY_MAX}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('header.searchPlaceholder')}
            aria-label={t('header.searchLabel')}
            enterKeyHint="search"
            autoComplete="off"
          />
          <button
            type="submit"
            className="kw-icon-button kw-header-search__submit"
            aria-label={t('header.search')}
          >
            <PlainIcon name="search" />
          </button>
        </div>
      </form>
    </div>
  );
}

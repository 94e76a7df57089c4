import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format.ts';
import { pageItems } from '@/lib/page-items.ts';

// Material's chevrons; the stylesheet mirrors them in a right-to-left page.
const CHEVRON_BACK = 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z';
const CHEVRON_FORWARD = 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z';

/**
 * Numbered page links (styles/page-links.css): real links, so a page can be opened in a new tab, is followed by
 * crawlers and works before the scripts have run; a plain click stays in the app through `onNavigate`. Plain
 * elements rather than MUI's Pagination, which brought its button machinery into the listing's first paint
 * (issue 9, docs/decisions/067-plain-listing-controls.md).
 */
export function PageLinks({
  count,
  page,
  siblings,
  label,
  hrefFor,
  onNavigate,
}: {
  count: number;
  page: number;
  /** Pages shown either side of the current one. */
  siblings: number;
  /** The navigation's accessible name. */
  label: string;
  hrefFor: (page: number) => string;
  onNavigate: (page: number) => void;
}) {
  const { t } = useTranslation();
  const follow = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle button) follows the link itself.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(target);
  };
  const step = (target: number, name: string, path: string, className: string) =>
    target < 1 || target > count ? (
      <span className={`kw-pages__link ${className}`} aria-disabled="true" aria-label={name} role="link">
        <svg viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={path} />
        </svg>
      </span>
    ) : (
      <a
        className={`kw-pages__link ${className}`}
        href={hrefFor(target)}
        aria-label={name}
        onClick={follow(target)}
      >
        <svg viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={path} />
        </svg>
      </a>
    );

  return (
    <nav className="kw-pages" aria-label={label}>
      <ul>
        <li>{step(page - 1, t('pagination.previous'), CHEVRON_BACK, 'kw-pages__step')}</li>
        {pageItems(count, page, siblings).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <a
                className="kw-pages__link"
                href={hrefFor(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={
                  item === page
                    ? t('pagination.current', { page: item })
                    : t('pagination.goTo', { page: item })
                }
                onClick={follow(item)}
              >
                {formatNumber(item)}
              </a>
            </li>
          ) : (
            <li key={item} className="kw-pages__gap" aria-hidden>
              …
            </li>
          ),
        )}
        <li>{step(page + 1, t('pagination.next'), CHEVRON_FORWARD, 'kw-pages__step')}</li>
      </ul>
    </nav>
  );
}

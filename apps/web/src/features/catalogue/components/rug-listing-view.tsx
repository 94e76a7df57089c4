import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RugSort } from '@knotwork/shared/constants/catalogue';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageLinks } from '@/components/ui/page-links.tsx';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';
import { lazyMui } from '@/lib/mui-loader.tsx';
import { useSizeUnit } from '@/lib/units.ts';
import { screen, useMediaQuery } from '@/lib/use-media-query.ts';
import { useRugs } from '../api/get-rugs.ts';
import { useRugFacets } from '../api/get-rug-facets.ts';
import { useHeaderOffset } from '../hooks/use-header-offset.ts';
import { useListingFilter } from '../hooks/use-listing-filter.ts';
import { useLikeRug } from '../hooks/use-like-rug.ts';
import { activeCriteria, clearedFilter, withChange, type ActiveCriterion } from '../lib/active-filters.ts';
import { filterHref, type ListingFilter } from '../lib/filter-url.ts';
import { formatNumber } from '@/lib/format.ts';
import { vocabularyLabel } from '@/lib/vocabulary-label.ts';
import { ActiveFilterChips } from './active-filter-chips.tsx';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button.tsx';
import { ListingHeader } from './listing-header.tsx';
import { RugGrid, RugGridSkeleton } from './rug-grid.tsx';
import { SearchField } from './search-field.tsx';
import { SizeUnitToggle } from '@/components/ui/size-unit-toggle.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { SortSelect } from './sort-select.tsx';

// The whole page is plain elements and CSS (styles/listing.css), without MUI (decision 070). The filter panel and
// the sort menu are native controls, part of the route's own code: a click on them before more code arrives is not
// lost (docs/decisions/068-native-listing-controls.md). The phone's drawer brings MUI's modal machinery and loads
// just after the first paint (a tap on Filters before it has arrived opens it when it does: the open state lives
// here).
const FiltersDrawer = lazyMui(() =>
  import('./filters-drawer.tsx').then((m) => ({ default: m.FiltersDrawer })),
);
// Shown only when something went wrong or nothing matched; they bring MUI's Alert and Button.
const ErrorState = lazyMui(() =>
  import('@/components/ui/error-state.tsx').then((m) => ({ default: m.ErrorState })),
);
const ListingLoadError = lazyMui(() =>
  import('./listing-load-error.tsx').then((m) => ({ default: m.ListingLoadError })),
);
const EmptyResults = lazyMui(() => import('./empty-results.tsx').then((m) => ({ default: m.EmptyResults })));
const Alert = lazyMui(() => import('@mui/material/Alert'));

/**
 * /rug-listing and /rug-listings?data=...: the catalogue with its filters. The URL is the only filter state, so
 * both routes render this one component (React keeps it mounted when the first filter moves the visitor from one
 * to the other, and an open drawer stays open).
 */
export function RugListingView() {
  const { t } = useTranslation('catalogue');
  const desktop = useMediaQuery(screen.up('md'));
  const { unit } = useSizeUnit();
  const { filter, invalid, updateFilter, currentUrl } = useListingFilter();
  const rugs = useRugs(filter);
  const facets = useRugFacets(filter);
  const like = useLikeRug(currentUrl);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);
  const headerOffset = useHeaderOffset();

  const criteria = useMemo(
    () =>
      activeCriteria(filter, {
        facets: facets.data,
        unit,
        names: { width: t('filters.width'), length: t('filters.length'), price: t('filters.price') },
        vocabulary: (group, value, fallback) => vocabularyLabel(t, group, value, fallback),
      }),
    [filter, facets.data, unit, t],
  );

  const clearAll = useCallback(() => updateFilter(clearedFilter), [updateFilter]);
  const removeCriterion = useCallback((c: ActiveCriterion) => updateFilter(c.remove), [updateFilter]);
  const applySuggestion = useCallback((next: ListingFilter) => updateFilter(() => next), [updateFilter]);
  const search = useCallback(
    (q: string, { replace }: { replace: boolean }) =>
      updateFilter(
        (latest) =>
          withChange(latest, {
            q: q || undefined,
            sort: !q && latest.sort === 'relevance' ? undefined : latest.sort,
          }),
        { replace },
      ),
    [updateFilter],
  );
  const sortBy = (sort: RugSort) => updateFilter((latest) => withChange(latest, { sort }));
  const goToPage = (page: number) => {
    updateFilter((latest) => ({ ...latest, page }));
    // To the top of the results, not of the page: the header and the filters above them stay where they were.
    resultsRef.current?.scrollIntoView({
      behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
      block: 'start',
    });
  };

  const onlyCollection =
    criteria.length === 1 && criteria[0]!.group === 'collections' ? criteria[0]!.label : undefined;
  const title =
    onlyCollection ??
    (filter.q && criteria.length === 1 ? t('title.search', { q: filter.q }) : t('title.all'));
  const data = rugs.data;
  const total = data?.meta.total ?? facets.data?.total;
  const sort = filter.sort ?? data?.filter.sort ?? (filter.q ? 'relevance' : 'newest');
  const pastTheEnd = data && data.data.length === 0 && data.meta.total > 0;

  const panel = <FilterPanel filter={filter} facets={facets.data} onChange={updateFilter} />;

  let body;
  if (rugs.isPending) body = <RugGridSkeleton count={6} />;
  else if (rugs.isError && !data)
    body = (
      <Suspense fallback={null}>
        <ListingLoadError error={rugs.error} onRetry={() => void rugs.refetch()} />
      </Suspense>
    );
  else if (pastTheEnd)
    body = (
      <div className="kw-listing__past-the-end-box">
        <p className="kw-listing__past-the-end">{t('empty.pastTheEnd')}</p>
        <button type="button" className="kw-button kw-button--outlined" onClick={() => goToPage(1)}>
          {t('empty.firstPage')}
        </button>
      </div>
    );
  else if (data && data.data.length === 0)
    body = (
      <Suspense fallback={null}>
        <EmptyResults criteria={criteria} onApply={applySuggestion} onClearAll={clearAll} />
      </Suspense>
    );
  else if (data)
    body = (
      <div className="kw-listing__results" data-stale={rugs.isPlaceholderData}>
        {rugs.isError && (
          <div className="kw-listing__refresh-error">
            <Suspense fallback={null}>
              <ErrorState
                message={t('error.refresh')}
                retryLabel={t('error.retry')}
                onRetry={() => void rugs.refetch()}
              />
            </Suspense>
          </div>
        )}
        <RugGrid rugs={data.data} clockOffsetMs={data.clockOffsetMs} onLike={like} />
      </div>
    );

  return (
    <>
      <ListingHeader
        overline={t('header.overline')}
        title={title}
        intro={onlyCollection ? t('header.introCollection') : t('header.intro')}
      />
      <PageContainer className="kw-listing">
        <div className="kw-listing__columns">
          {desktop && (
            <aside
              aria-labelledby="listing-filters-title"
              className="kw-listing__panel"
              style={{ top: headerOffset + 16, maxHeight: `calc(100vh - ${headerOffset + 32}px)` }}
            >
              <div className="kw-listing__panel-head">
                <h2 id="listing-filters-title" className="kw-listing__panel-title">
                  {t('filters.title')}
                </h2>
                {criteria.length > 0 && (
                  <button type="button" className="kw-chips__clear" onClick={clearAll}>
                    {t('chips.clearAll')}
                  </button>
                )}
              </div>
              {panel}
            </aside>
          )}

          <section
            ref={resultsRef}
            aria-labelledby="listing-results-title"
            aria-busy={rugs.isFetching}
            className="kw-listing__main"
            style={{ scrollMarginTop: `${headerOffset + 16}px` }}
          >
            <h2 id="listing-results-title" className="kw-visually-hidden">
              {t('results.heading')}
            </h2>
            <SearchField value={filter.q ?? ''} onSearch={search} />
            <div className="kw-listing__toolbar">
              <p role="status" className="kw-listing__count">
                {total === undefined
                  ? ''
                  : t('results.count', { count: total, formatted: formatNumber(total) })}
              </p>
              {!desktop && (
                <span className="kw-listing__filters">
                  <button
                    type="button"
                    className="kw-button kw-button--outlined"
                    onClick={() => setDrawerOpen(true)}
                    aria-label={
                      criteria.length
                        ? t('filters.openWithCount', { count: criteria.length })
                        : t('filters.title')
                    }
                  >
                    <PlainIcon name="tune" />
                    {t('filters.title')}
                  </button>
                  <span className="kw-badge kw-badge--corner" hidden={criteria.length === 0} aria-hidden>
                    {criteria.length}
                  </span>
                </span>
              )}
              <div className="kw-listing__sort">
                <SortSelect value={sort} hasQuery={Boolean(filter.q)} onChange={sortBy} />
              </div>
              <div className="kw-listing__unit">
                <SizeUnitToggle />
              </div>
            </div>

            {invalid && (
              <Suspense fallback={null}>
                <Alert severity="warning" variant="outlined" sx={{ mb: 5, bgcolor: 'background.paper' }}>
                  {t('invalidLink')}
                </Alert>
              </Suspense>
            )}
            {criteria.length > 0 && (
              <div className="kw-listing__criteria">
                <ActiveFilterChips criteria={criteria} onRemove={removeCriterion} onClearAll={clearAll} />
                <div className="kw-listing__save-search">
                  <SaveSearchButton
                    filter={filter}
                    suggestedName={criteria
                      .map((c) => c.label)
                      .join(', ')
                      .slice(0, 80)}
                    returnTo={currentUrl}
                  />
                </div>
              </div>
            )}

            {body}

            {data && data.meta.totalPages > 1 && !pastTheEnd && (
              <div className="kw-listing__pages">
                <PageLinks
                  count={data.meta.totalPages}
                  page={Math.min(filter.page, data.meta.totalPages)}
                  siblings={desktop ? 1 : 0}
                  label={t('results.pagination')}
                  hrefFor={(page) => filterHref({ ...filter, page })}
                  onNavigate={goToPage}
                />
              </div>
            )}
          </section>
        </div>
      </PageContainer>

      {!desktop && (
        <Suspense fallback={null}>
          <FiltersDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            total={total}
            onClearAll={clearAll}
            activeCount={criteria.length}
          >
            {panel}
          </FiltersDrawer>
        </Suspense>
      )}
    </>
  );
}

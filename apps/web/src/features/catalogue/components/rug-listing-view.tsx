import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { RugSort } from '@knotwork/shared/constants/catalogue';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageLinks } from '@/components/ui/page-links.tsx';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';
import { useSizeUnit } from '@/lib/units.ts';
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

// The filter panel and the sort menu are plain elements and native controls, part of the route's own code: a click
// on them before more code arrives is not lost (docs/decisions/068-native-listing-controls.md). The phone's drawer
// brings MUI's modal machinery and loads just after the first paint (a tap on Filters before it has arrived opens it
// when it does: the open state lives here).
const FiltersDrawer = lazy(() => import('./filters-drawer.tsx').then((m) => ({ default: m.FiltersDrawer })));
// Shown only when something went wrong or nothing matched; they bring MUI's Alert and Button.
const ErrorState = lazy(() =>
  import('@/components/ui/error-state.tsx').then((m) => ({ default: m.ErrorState })),
);
const ListingLoadError = lazy(() =>
  import('./listing-load-error.tsx').then((m) => ({ default: m.ListingLoadError })),
);
const EmptyResults = lazy(() => import('./empty-results.tsx').then((m) => ({ default: m.EmptyResults })));
const Alert = lazy(() => import('@mui/material/Alert'));

const PANEL_WIDTH = 280;

/**
 * /rug-listing and /rug-listings?data=...: the catalogue with its filters. The URL is the only filter state, so
 * both routes render this one component (React keeps it mounted when the first filter moves the visitor from one
 * to the other, and an open drawer stays open).
 */
export function RugListingView() {
  const { t } = useTranslation('catalogue');
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
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
      <Box sx={{ textAlign: 'center', py: 14 }}>
        <p className="kw-listing__past-the-end">{t('empty.pastTheEnd')}</p>
        <button type="button" className="kw-button kw-button--outlined" onClick={() => goToPage(1)}>
          {t('empty.firstPage')}
        </button>
      </Box>
    );
  else if (data && data.data.length === 0)
    body = (
      <Suspense fallback={null}>
        <EmptyResults criteria={criteria} onApply={applySuggestion} onClearAll={clearAll} />
      </Suspense>
    );
  else if (data)
    body = (
      <Box sx={{ opacity: rugs.isPlaceholderData ? 0.55 : 1, transition: 'opacity 200ms' }}>
        {rugs.isError && (
          <Box sx={{ mb: 6 }}>
            <Suspense fallback={null}>
              <ErrorState
                message={t('error.refresh')}
                retryLabel={t('error.retry')}
                onRetry={() => void rugs.refetch()}
              />
            </Suspense>
          </Box>
        )}
        <RugGrid rugs={data.data} clockOffsetMs={data.clockOffsetMs} onLike={like} />
      </Box>
    );

  return (
    <>
      <ListingHeader
        overline={t('header.overline')}
        title={title}
        intro={onlyCollection ? t('header.introCollection') : t('header.intro')}
      />
      <PageContainer sx={{ py: { xs: 8, md: 12 } }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: `${PANEL_WIDTH}px minmax(0, 1fr)` },
            columnGap: { md: 10, lg: 14 },
          }}
        >
          {desktop && (
            <Box
              component="aside"
              aria-labelledby="listing-filters-title"
              sx={{
                position: 'sticky',
                top: headerOffset + 16,
                alignSelf: 'start',
                maxHeight: `calc(100vh - ${headerOffset + 32}px)`,
                overflowY: 'auto',
                pr: 3,
                scrollbarWidth: 'thin',
              }}
            >
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'baseline',
                  justifyContent: 'space-between',
                  pb: 2,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <h2 id="listing-filters-title" className="kw-listing__panel-title">
                  {t('filters.title')}
                </h2>
                {criteria.length > 0 && (
                  <button type="button" className="kw-chips__clear" onClick={clearAll}>
                    {t('chips.clearAll')}
                  </button>
                )}
              </Box>
              {panel}
            </Box>
          )}

          <Box
            component="section"
            ref={resultsRef}
            aria-labelledby="listing-results-title"
            aria-busy={rugs.isFetching}
            sx={{ scrollMarginTop: `${headerOffset + 16}px`, minWidth: 0 }}
          >
            <h2 id="listing-results-title" className="kw-visually-hidden">
              {t('results.heading')}
            </h2>
            <SearchField value={filter.q ?? ''} onSearch={search} />
            <Box
              sx={{
                display: 'grid',
                gridTemplateAreas: { xs: '"filters sort" "count unit"', md: '"count sort unit"' },
                gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', md: '1fr auto auto' },
                alignItems: 'center',
                columnGap: 3,
                rowGap: 5,
                mt: 5,
                mb: 5,
              }}
            >
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
              <Box sx={{ gridArea: 'sort', display: 'flex', justifyContent: 'flex-end', minWidth: 0 }}>
                <SortSelect value={sort} hasQuery={Boolean(filter.q)} onChange={sortBy} />
              </Box>
              <Box sx={{ gridArea: 'unit', display: 'flex', justifyContent: 'flex-end' }}>
                <SizeUnitToggle />
              </Box>
            </Box>

            {invalid && (
              <Suspense fallback={null}>
                <Alert severity="warning" variant="outlined" sx={{ mb: 5, bgcolor: 'background.paper' }}>
                  {t('invalidLink')}
                </Alert>
              </Suspense>
            )}
            {criteria.length > 0 && (
              <Box sx={{ mb: 7 }}>
                <ActiveFilterChips criteria={criteria} onRemove={removeCriterion} onClearAll={clearAll} />
                <Box sx={{ mt: 3 }}>
                  <SaveSearchButton
                    filter={filter}
                    suggestedName={criteria
                      .map((c) => c.label)
                      .join(', ')
                      .slice(0, 80)}
                    returnTo={currentUrl}
                  />
                </Box>
              </Box>
            )}

            {body}

            {data && data.meta.totalPages > 1 && !pastTheEnd && (
              <Box sx={{ display: 'flex', justifyContent: 'center', mt: { xs: 12, md: 16 } }}>
                <PageLinks
                  count={data.meta.totalPages}
                  page={Math.min(filter.page, data.meta.totalPages)}
                  siblings={desktop ? 1 : 0}
                  label={t('results.pagination')}
                  hrefFor={(page) => filterHref({ ...filter, page })}
                  onNavigate={goToPage}
                />
              </Box>
            )}
          </Box>
        </Box>
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

import {
  AGE_CLASS_LABELS,
  AVAILABILITY_LABELS,
  RUG_COLOUR_LABELS,
  RUG_MATERIAL_LABELS,
  RUG_SHAPE_LABELS,
  RUG_STYLE_LABELS,
} from '@knotwork/shared/constants/catalogue';
import type { FacetValue, RugFacets } from '@knotwork/shared/schemas/catalogue';
import type { RugFilter } from '@knotwork/shared/schemas/rug-filter';
import type { FilterContext } from './filter-sql.ts';
import {
  FIXED_FACETS,
  FIXED_FACET_VALUES,
  type FacetRepository,
  type FixedCounts,
  type FixedFacet,
} from './facet-repository.ts';

const LABELS: Record<FixedFacet, Record<string, string>> = {
  styles: RUG_STYLE_LABELS,
  ageClasses: AGE_CLASS_LABELS,
  shapes: RUG_SHAPE_LABELS,
  materials: RUG_MATERIAL_LABELS,
  colours: RUG_COLOUR_LABELS,
  availability: AVAILABILITY_LABELS,
};

/**
 * Facet counts for a filter: each facet counted under the whole filter except its own selection. Facets without a
 * selection share one scan under the whole filter; each selected facet needs a scan of its own.
 */
export async function computeFacets(
  repo: FacetRepository,
  filter: RugFilter,
  ctx: FilterContext,
  total: () => Promise<number>,
): Promise<RugFacets> {
  const selected = FIXED_FACETS.filter((f) => (filter[f]?.length ?? 0) > 0);
  const unselected = FIXED_FACETS.filter((f) => !selected.includes(f));
  const [shared, ownScans, origins, collections, ranges, count] = await Promise.all([
    repo.fixedCounts(filter, ctx, unselected, []),
    Promise.all(selected.map((f) => repo.fixedCounts(filter, ctx, [f], [f]))),
    repo.originCounts(filter, ctx),
    repo.collectionCounts(filter, ctx),
    repo.ranges(filter, ctx),
    total(),
  ]);
  // Each selected facet's own scan overrides its counts in the shared one.
  const counts: FixedCounts = { ...shared };
  for (const scan of ownScans) Object.assign(counts, scan);
  const fixed = (facet: FixedFacet): FacetValue[] => {
    const chosen = new Set<string>(filter[facet] ?? []);
    return FIXED_FACET_VALUES[facet].map((value) => ({
      value,
      label: LABELS[facet][value] ?? value,
      count: counts[facet]?.[value] ?? 0,
      selected: chosen.has(value),
    }));
  };
  const chosenOrigins = new Set((filter.origins ?? []).map((o) => o.toLowerCase()));
  const chosenCollections = new Set((filter.collections ?? []).map((c) => c.toLowerCase()));
  return {
    collections: collections.map((c) => ({
      value: c.slug,
      label: c.title,
      count: c.count,
      selected: chosenCollections.has(c.slug.toLowerCase()) || chosenCollections.has(c.title.toLowerCase()),
    })),
    origins: origins.map((o) => ({
      value: o.region,
      label: o.region,
      country: o.country,
      count: o.count,
      selected: chosenOrigins.has(o.region.toLowerCase()) || chosenOrigins.has(o.country.toLowerCase()),
    })),
    styles: fixed('styles'),
    ageClasses: fixed('ageClasses'),
    shapes: fixed('shapes'),
    materials: fixed('materials'),
    colours: fixed('colours'),
    availability: fixed('availability'),
    ranges,
    total: count,
  };
}

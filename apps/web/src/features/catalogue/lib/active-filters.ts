import {
  AGE_CLASS_LABELS,
  AVAILABILITY_LABELS,
  RUG_COLOUR_LABELS,
  RUG_MATERIAL_LABELS,
  RUG_SHAPE_LABELS,
  RUG_STYLE_LABELS,
  vocabularyKey,
} from '@knotwork/shared/constants/catalogue';
import type { RugFacets } from '@knotwork/shared/schemas/catalogue';
import { formatLength, type SizeUnit } from '@/lib/units.ts';
import { formatUsd } from '@/lib/format.ts';
import type { ListingFilter } from './filter-url.ts';
import type { VocabularyGroup } from '@/lib/vocabulary-label.ts';

/** One thing that narrows the list, as a chip shows it, with the filter that results from removing it. */
export interface ActiveCriterion {
  id: string;
  /** Which filter group it belongs to (for the chip's accessible label). */
  group:
    | 'q'
    | 'collections'
    | 'origins'
    | 'styles'
    | 'ageClasses'
    | 'shapes'
    | 'materials'
    | 'colours'
    | 'width'
    | 'length'
    | 'price'
    | 'availability';
  label: string;
  /** The rendered filter without this criterion (to count what removing it would bring back). */
  without: ListingFilter;
  /** Removes this criterion from whatever the filter is when the visitor acts. */
  remove: (latest: ListingFilter) => ListingFilter;
}

type ListKey =
  'collections' | 'origins' | 'styles' | 'ageClasses' | 'shapes' | 'materials' | 'colours' | 'availability';

/** English labels, the fallback when no translation is passed (and for values the files do not know). */
const VOCABULARY_LABELS: Partial<Record<ListKey, Record<string, string>>> = {
  styles: RUG_STYLE_LABELS,
  ageClasses: AGE_CLASS_LABELS,
  shapes: RUG_SHAPE_LABELS,
  materials: RUG_MATERIAL_LABELS,
  colours: RUG_COLOUR_LABELS,
  availability: AVAILABILITY_LABELS,
};

/** Any filter change starts again at page 1 (page 7 of a different selection means nothing). */
export function withChange(filter: ListingFilter, change: Partial<ListingFilter>): ListingFilter {
  return { ...filter, ...change, page: 'page' in change ? (change.page ?? 1) : 1 };
}

/** Does a value in the URL (a title, slug or label in any case) stand for this facet entry? */
export function sameValue(a: string, b: string): boolean {
  return vocabularyKey(a) === vocabularyKey(b);
}

/** A collection in the URL may be its title (the footer links) or its slug: show the title either way. */
function collectionLabel(value: string, facets?: RugFacets): string {
  return (
    facets?.collections.find((c) => sameValue(c.value, value) || sameValue(c.label, value))?.label ?? value
  );
}

function range(min: number | undefined, max: number | undefined, fmt: (n: number) => string): string {
  if (min !== undefined && max !== undefined) return `${fmt(min)} – ${fmt(max)}`;
  if (min !== undefined) return `≥ ${fmt(min)}`;
  return `≤ ${fmt(max!)}`;
}

/**
 * Every active criterion, in the panel's order. `names` are the translated group names for range chips;
 * `vocabulary` translates a fixed-vocabulary value (a style, a colour) given its English label as fallback.
 */
export function activeCriteria(
  filter: ListingFilter,
  options: {
    facets?: RugFacets;
    unit: SizeUnit;
    names: { width: string; length: string; price: string };
    vocabulary?: (group: VocabularyGroup, value: string, fallback: string) => string;
  },
): ActiveCriterion[] {
  const out: ActiveCriterion[] = [];
  const clear = (change: Partial<ListingFilter>) => ({
    without: withChange(filter, change),
    remove: (f: ListingFilter) => withChange(f, change),
  });
  if (filter.q) out.push({ id: 'q', group: 'q', label: `“${filter.q}”`, ...clear({ q: undefined }) });

  const lists: ListKey[] = [
    'availability',
    'collections',
    'origins',
    'styles',
    'ageClasses',
    'shapes',
    'materials',
    'colours',
  ];
  for (const key of lists) {
    const values = filter[key] ?? [];
    for (const value of values) {
      const english = VOCABULARY_LABELS[key]?.[value];
      const label =
        key === 'collections'
          ? collectionLabel(value, options.facets)
          : english !== undefined && key !== 'origins' && options.vocabulary
            ? options.vocabulary(key, value, english)
            : (english ?? value);
      out.push({
        id: `${key}:${value}`,
        group: key,
        label,
        without: withChange(filter, { [key]: values.filter((v) => v !== value) }),
        remove: (f) =>
          withChange(f, {
            [key]: (f[key] ?? []).filter((v) => v !== value),
          }),
      });
    }
  }

  const len = (cm: number) => formatLength(cm, options.unit);
  if (filter.widthMin !== undefined || filter.widthMax !== undefined) {
    out.push({
      id: 'width',
      group: 'width',
      label: `${options.names.width} ${range(filter.widthMin, filter.widthMax, len)}`,
      ...clear({ widthMin: undefined, widthMax: undefined }),
    });
  }
  if (filter.lengthMin !== undefined || filter.lengthMax !== undefined) {
    out.push({
      id: 'length',
      group: 'length',
      label: `${options.names.length} ${range(filter.lengthMin, filter.lengthMax, len)}`,
      ...clear({ lengthMin: undefined, lengthMax: undefined }),
    });
  }
  if (filter.priceMin !== undefined || filter.priceMax !== undefined) {
    out.push({
      id: 'price',
      group: 'price',
      label: `${options.names.price} ${range(filter.priceMin, filter.priceMax, formatUsd)}`,
      ...clear({ priceMin: undefined, priceMax: undefined }),
    });
  }
  return out;
}

/** The filter with every criterion removed but the visitor's sort kept. */
export function clearedFilter(filter: ListingFilter): ListingFilter {
  return { page: 1, pageSize: filter.pageSize, sort: filter.sort === 'relevance' ? undefined : filter.sort };
}

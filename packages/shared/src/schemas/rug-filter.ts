import { z } from 'zod';
import { textField } from './text.ts';
import {
  AGE_CLASSES,
  AVAILABILITIES,
  PRICE_MAX_CENTS,
  RUG_COLOURS,
  RUG_FILTER_LIST_MAX,
  RUG_MATERIALS,
  RUG_PAGE_MAX,
  RUG_PAGE_SIZE_DEFAULT,
  RUG_PAGE_SIZE_MAX,
  RUG_QUERY_MAX,
  RUG_SHAPES,
  RUG_SIZE_MAX_CM,
  RUG_SORTS,
  RUG_STYLES,
  vocabularyKey,
} from '../constants/catalogue.ts';

export const rugFilterMessages = {
  badJson: 'The filter is not valid JSON',
  notAnObject: 'The filter must be a JSON object',
  invalid: 'The filter is not valid',
} as const;

/** An enum that also accepts its values' labels, in any case ("Central Asian", "BUY-NOW"). */
function vocabulary<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  const byKey = new Map(values.map((v) => [vocabularyKey(v), v]));
  return z.preprocess(
    (v) => (typeof v === 'string' ? (byKey.get(vocabularyKey(v)) ?? v) : v),
    z.enum(values, {
      error: (issue) => `Unknown ${what}: ${JSON.stringify(issue.input)} (one of ${values.join(', ')})`,
    }),
  );
}

/** A list that also accepts a single value; duplicates are dropped. */
function list<T extends z.ZodType>(item: T, what: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' || typeof v === 'number' ? [v] : v),
    z
      .array(item, { error: `${what} must be a list` })
      .max(RUG_FILTER_LIST_MAX, `At most ${RUG_FILTER_LIST_MAX} ${what} can be chosen`)
      .transform((a) => [...new Set(a)] as z.output<T>[]),
  );
}

/** A whole number; numeric strings are read too (plain query parameters arrive as strings). */
function whole(what: string, min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
    z
      .number({ error: `${what} must be a number` })
      .int(`${what} must be a whole number`)
      .min(min, `${what} must be at least ${min}`)
      .max(max, `${what} must be at most ${max}`),
  );
}

const text = (what: string, max: number) =>
  textField({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} must not be empty`)
    .max(max, `${what} must be at most ${max} characters`);

/**
 * The one rug filter: the web keeps it in its URL (/rug-listings?data=<url-encoded JSON>) and GET /rug
 * takes the same JSON. Sizes are centimetres, prices cents. Unknown keys are ignored.
 */
export const rugFilterSchema = z
  .object({
    /** Full-text search over title (weighted highest), origin, then description; the last word matches as a prefix. */
    q: text('Search', RUG_QUERY_MAX).optional(),
    /** Collection titles or slugs, matched case-insensitively. */
    collections: list(text('Collection', 100), 'collections').optional(),
    /** Weaving centres/regions (Heriz, Oushak) or countries (Iran, Turkey), matched case-insensitively. */
    origins: list(text('Origin', 100), 'origins').optional(),
    styles: list(vocabulary(RUG_STYLES, 'style'), 'styles').optional(),
    ageClasses: list(vocabulary(AGE_CLASSES, 'age class'), 'age classes').optional(),
    shapes: list(vocabulary(RUG_SHAPES, 'shape'), 'shapes').optional(),
    /** Matches pile or foundation. */
    materials: list(vocabulary(RUG_MATERIALS, 'material'), 'materials').optional(),
    /** A rug matches when it carries any of the colours. */
    colours: list(vocabulary(RUG_COLOURS, 'colour'), 'colours').optional(),
    widthMin: whole('widthMin', 0, RUG_SIZE_MAX_CM).optional(),
    widthMax: whole('widthMax', 0, RUG_SIZE_MAX_CM).optional(),
    lengthMin: whole('lengthMin', 0, RUG_SIZE_MAX_CM).optional(),
    lengthMax: whole('lengthMax', 0, RUG_SIZE_MAX_CM).optional(),
    /** On the rug's price: its open/upcoming lot's current (or opening) bid, else its fixed price, else its low estimate. */
    priceMin: whole('priceMin', 0, PRICE_MAX_CENTS).optional(),
    priceMax: whole('priceMax', 0, PRICE_MAX_CENTS).optional(),
    availability: list(vocabulary(AVAILABILITIES, 'availability'), 'availabilities').optional(),
    /** Default: relevance with a search, else newest. */
    sort: vocabulary(RUG_SORTS, 'sort').optional(),
    page: whole('page', 1, RUG_PAGE_MAX).default(1),
    pageSize: whole('pageSize', 1, RUG_PAGE_SIZE_MAX).default(RUG_PAGE_SIZE_DEFAULT),
  })
  .superRefine((f, ctx) => {
    for (const [lo, hi] of [
      ['widthMin', 'widthMax'],
      ['lengthMin', 'lengthMax'],
      ['priceMin', 'priceMax'],
    ] as const) {
      const a = f[lo];
      const b = f[hi];
      if (a !== undefined && b !== undefined && a > b) {
        ctx.addIssue({ code: 'custom', path: [hi], message: `${hi} must be at least ${lo}` });
      }
    }
  })
  .meta({ id: 'RugFilter' });

export type RugFilterInput = z.input<typeof rugFilterSchema>;
export type RugFilter = z.output<typeof rugFilterSchema>;

/** The facet-bearing keys: each facet's counts ignore the facet's own selection. */
export const RUG_FACET_KEYS = [
  'collections',
  'origins',
  'styles',
  'ageClasses',
  'shapes',
  'materials',
  'colours',
  'availability',
] as const;
export type RugFacetKey = (typeof RUG_FACET_KEYS)[number];

/** Builds the web URL value: `/rug-listings?data=${encodeRugFilter(f)}`. */
export function encodeRugFilter(filter: RugFilterInput): string {
  return encodeURIComponent(JSON.stringify(filter));
}

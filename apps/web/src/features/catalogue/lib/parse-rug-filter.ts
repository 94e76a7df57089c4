import type { RugFilter } from '@knotwork/shared/schemas/rug-filter';
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
} from '@knotwork/shared/constants/catalogue';

/**
 * The listing's URL filter read without zod (issue 9): the shared `rugFilterSchema` would bring zod, about 25 KB
 * gzip, into the listing's first paint only to read its own URL. This is the same rule written by hand: it accepts
 * exactly what the schema accepts and returns the same value (apps/web/test/features/parse-rug-filter.test.ts runs
 * both on the same inputs). Messages are not needed here: the listing only says the link was unreadable. The server
 * still validates with the schema.
 */

/** A failed field: the whole filter is refused, as the schema's `safeParse` would. */
const BAD = Symbol('bad');
type Read<T> = T | typeof BAD;

function text(value: unknown, max: number): Read<string> {
  if (typeof value !== 'string' || value.includes('\u0000')) return BAD;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= max ? trimmed : BAD;
}

function vocabulary<T extends string>(values: readonly T[]): (value: unknown) => Read<T> {
  const byKey = new Map(values.map((v) => [vocabularyKey(v), v]));
  return (value) => {
    const canonical = typeof value === 'string' ? (byKey.get(vocabularyKey(value)) ?? value) : value;
    return values.includes(canonical as T) ? (canonical as T) : BAD;
  };
}

/** A single value counts as a list of one; duplicates are dropped (after each item is read). */
function list<T>(value: unknown, item: (v: unknown) => Read<T>): Read<T[]> {
  const items = typeof value === 'string' || typeof value === 'number' ? [value] : value;
  if (!Array.isArray(items) || items.length > RUG_FILTER_LIST_MAX) return BAD;
  const out: T[] = [];
  for (const raw of items) {
    const read = item(raw);
    if (read === BAD) return BAD;
    out.push(read);
  }
  return [...new Set(out)];
}

/** A whole number in range; numeric strings are read as the schema reads them (`Number`). */
function whole(value: unknown, min: number, max: number): Read<number> {
  const n =
    typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max ? n : BAD;
}

const readers = {
  q: (v: unknown) => text(v, RUG_QUERY_MAX),
  collections: (v: unknown) => list(v, (i) => text(i, 100)),
  origins: (v: unknown) => list(v, (i) => text(i, 100)),
  styles: (v: unknown) => list(v, vocabulary(RUG_STYLES)),
  ageClasses: (v: unknown) => list(v, vocabulary(AGE_CLASSES)),
  shapes: (v: unknown) => list(v, vocabulary(RUG_SHAPES)),
  materials: (v: unknown) => list(v, vocabulary(RUG_MATERIALS)),
  colours: (v: unknown) => list(v, vocabulary(RUG_COLOURS)),
  widthMin: (v: unknown) => whole(v, 0, RUG_SIZE_MAX_CM),
  widthMax: (v: unknown) => whole(v, 0, RUG_SIZE_MAX_CM),
  lengthMin: (v: unknown) => whole(v, 0, RUG_SIZE_MAX_CM),
  lengthMax: (v: unknown) => whole(v, 0, RUG_SIZE_MAX_CM),
  priceMin: (v: unknown) => whole(v, 0, PRICE_MAX_CENTS),
  priceMax: (v: unknown) => whole(v, 0, PRICE_MAX_CENTS),
  availability: (v: unknown) => list(v, vocabulary(AVAILABILITIES)),
  sort: vocabulary(RUG_SORTS),
  page: (v: unknown) => whole(v, 1, RUG_PAGE_MAX),
  pageSize: (v: unknown) => whole(v, 1, RUG_PAGE_SIZE_MAX),
} satisfies { [K in keyof RugFilter]-?: (v: unknown) => Read<NonNullable<RugFilter[K]>> };

/** The rug filter read from a JSON object, or null when the schema would refuse it. Unknown keys are ignored. */
export function parseRugFilter(input: Record<string, unknown>): RugFilter | null {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(readers) as (keyof typeof readers)[]) {
    const value = input[key];
    if (value === undefined) continue;
    const read = readers[key](value);
    if (read === BAD) return null;
    out[key] = read;
  }
  out.page ??= 1;
  out.pageSize ??= RUG_PAGE_SIZE_DEFAULT;
  const filter = out as RugFilter;
  for (const [lo, hi] of [
    ['widthMin', 'widthMax'],
    ['lengthMin', 'lengthMax'],
    ['priceMin', 'priceMax'],
  ] as const) {
    const a = filter[lo];
    const b = filter[hi];
    if (a !== undefined && b !== undefined && a > b) return null;
  }
  return filter;
}

import {
  REALISED_SORTS,
  type RealisedQueryInput,
  type RealisedSort,
} from '@knotwork/shared/schemas/realised';
import { AGE_CLASSES, RUG_STYLES } from '@knotwork/shared/constants/catalogue';

/** Size bands by width, the way a buyer thinks of a rug (scatter, room, oversize), as widthMin/widthMax in cm. */
export const SIZE_BANDS = {
  small: { widthMax: 149 },
  medium: { widthMin: 150, widthMax: 249 },
  room: { widthMin: 250, widthMax: 349 },
  oversize: { widthMin: 350 },
} as const;
export type SizeBand = keyof typeof SIZE_BANDS;
export const SIZE_BAND_KEYS = Object.keys(SIZE_BANDS) as SizeBand[];

/** The page's filter as it lives in the URL (/realised-prices?origin=Heriz&style=persian&size=room&page=2). */
export interface RealisedFilter {
  q: string;
  origin: string;
  style: string;
  ageClass: string;
  size: SizeBand | '';
  sort: RealisedSort;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | '' =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : '';

export function filterFromParams(params: URLSearchParams): RealisedFilter {
  return {
    q: params.get('q') ?? '',
    origin: params.get('origin') ?? '',
    style: oneOf(RUG_STYLES, params.get('style')),
    ageClass: oneOf(AGE_CLASSES, params.get('ageClass')),
    size: oneOf(SIZE_BAND_KEYS, params.get('size')),
    sort: oneOf(REALISED_SORTS, params.get('sort')) || 'soldDesc',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** Only what differs from the defaults goes into the URL. */
export function paramsFromFilter(f: RealisedFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.q.trim()) out.q = f.q.trim();
  if (f.origin.trim()) out.origin = f.origin.trim();
  if (f.style) out.style = f.style;
  if (f.ageClass) out.ageClass = f.ageClass;
  if (f.size) out.size = f.size;
  if (f.sort !== 'soldDesc') out.sort = f.sort;
  if (f.page > 1) out.page = String(f.page);
  return out;
}

export const REALISED_PAGE_SIZE = 24;

/** The API query for a filter. */
export function queryFromFilter(f: RealisedFilter): RealisedQueryInput {
  return {
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
    ...(f.origin.trim() ? { origin: f.origin.trim() } : {}),
    ...(f.style ? { style: f.style } : {}),
    ...(f.ageClass ? { ageClass: f.ageClass } : {}),
    ...(f.size ? SIZE_BANDS[f.size] : {}),
    sort: f.sort,
    page: f.page,
    pageSize: REALISED_PAGE_SIZE,
  };
}

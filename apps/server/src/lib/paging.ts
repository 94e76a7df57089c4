import type { SQL } from 'drizzle-orm';
import type { PagedMeta } from '@knotwork/shared/schemas/common';
import type { Db } from '../db/client.ts';
import { num, rows } from '../db/raw.ts';

/** A 1-based page of a list, as every paged query carries it. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The rows a page skips: the one place the 1-based page becomes an SQL offset. */
export const pageOffset = ({ page, pageSize }: PageQuery): number => (page - 1) * pageSize;

/** The `meta` of a paged answer: the page asked for, the total and the number of pages it makes. */
export const pageMeta = ({ page, pageSize }: PageQuery, total: number): PagedMeta => ({
  page,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

/**
 * A page's total from its rows' `count(*) over ()` column. Past the last page no row carries it, so only then
 * `countAll` runs its own count.
 */
export async function windowTotal(
  found: readonly { total: string | number }[],
  countAll: () => Promise<number>,
): Promise<number> {
  return found.length > 0 ? num(found[0]!.total) : countAll();
}

/** The `n` of a `select count(…) as n` query. */
export async function countOf(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: string | number }>(db, query);
  return num(row?.n ?? 0);
}

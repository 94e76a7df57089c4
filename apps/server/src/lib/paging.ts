import type { PagedMeta } from '@knotwork/shared/schemas/common';

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

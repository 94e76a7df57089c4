/** One place in a row of page links: a page number, or a gap standing for the pages left out. */
export type PageItem = number | 'gap-start' | 'gap-end';

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * The page numbers a pager shows for page `page` of `count`: the first and last pages, `siblings` pages either
 * side of the current one, and a gap where pages are left out. MUI's pagination rule (boundary count 1), kept so
 * the listing's plain page links (components/ui/page-links.tsx) show the same numbers its Pagination did: the row
 * keeps one length while the current page moves, so the links under a thumb do not jump.
 */
export function pageItems(count: number, page: number, siblings: number): PageItem[] {
  const boundary = 1;
  const startPages = range(1, Math.min(boundary, count));
  const endPages = range(Math.max(count - boundary + 1, boundary + 1), count);
  const siblingsStart = Math.max(
    Math.min(page - siblings, count - boundary - siblings * 2 - 1),
    boundary + 2,
  );
  const siblingsEnd = Math.min(
    Math.max(page + siblings, boundary + siblings * 2 + 2),
    endPages.length > 0 ? endPages[0]! - 2 : count - 1,
  );
  const items: PageItem[] = [...startPages];
  if (siblingsStart > boundary + 2) items.push('gap-start');
  else if (boundary + 1 < count - boundary) items.push(boundary + 1);
  items.push(...range(siblingsStart, siblingsEnd));
  if (siblingsEnd < count - boundary - 1) items.push('gap-end');
  else if (count - boundary > boundary) items.push(count - boundary);
  items.push(...endPages);
  return items;
}

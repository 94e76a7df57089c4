import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import usePagination from '@mui/material/usePagination';
import { describe, expect, it } from 'vitest';
import { pageItems, type PageItem } from '@/lib/page-items.ts';

/** What MUI's Pagination shows for the same page (the listing used it before its plain page links). */
function muiItems(count: number, page: number, siblingCount: number): PageItem[] {
  let items: PageItem[] = [];
  function Probe() {
    items = usePagination({ count, page, siblingCount })
      .items.filter((item) => item.type !== 'previous' && item.type !== 'next')
      .map((item) =>
        item.type === 'start-ellipsis' ? 'gap-start' : item.type === 'end-ellipsis' ? 'gap-end' : item.page!,
      );
    return null;
  }
  renderToString(createElement(Probe));
  return items;
}

describe('page links', () => {
  it('shows the same pages as MUI pagination for every page of 1 to 40 pages, 0 to 2 siblings', () => {
    for (let count = 1; count <= 40; count++)
      for (let page = 1; page <= count; page++)
        for (let siblings = 0; siblings <= 2; siblings++)
          expect(pageItems(count, page, siblings), `${page} of ${count}, ${siblings} siblings`).toEqual(
            muiItems(count, page, siblings),
          );
  });

  it('always holds the first, the current and the last page, each once, in order', () => {
    for (let count = 1; count <= 60; count++)
      for (let page = 1; page <= count; page++) {
        const pages = pageItems(count, page, 1).filter((item): item is number => typeof item === 'number');
        expect(pages).toContain(1);
        expect(pages).toContain(page);
        expect(pages).toContain(count);
        expect([...pages].sort((a, b) => a - b)).toEqual(pages);
        expect(new Set(pages).size).toBe(pages.length);
      }
  });

  it('keeps one length while the current page moves through a long list', () => {
    const lengths = new Set(Array.from({ length: 50 }, (_, i) => pageItems(50, i + 1, 1).length));
    expect([...lengths]).toEqual([7]);
  });
});

import { describe, expect, it } from 'vitest';
import { createRouteChunks } from '../../src/modules/page-meta/route-chunks.ts';

/** A Vite manifest in miniature: the entry, two lazy routes and the chunks they share. */
const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react-1.js'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_cards-1.js': {
    file: 'assets/cards-1.js',
    imports: ['_react-1.js', 'index.html'],
    css: ['assets/cards-1.css'],
  },
  'src/features/catalogue/routes/rug-listing-page.tsx': {
    file: 'assets/rug-listing-page-1.js',
    isDynamicEntry: true,
    imports: ['_listing-view-1.js'],
  },
  '_listing-view-1.js': { file: 'assets/listing-view-1.js', imports: ['_cards-1.js', '_react-1.js'] },
  'src/app/routes/rug-detail-route.tsx': {
    file: 'assets/rug-detail-1.js',
    isDynamicEntry: true,
    imports: ['_cards-1.js'],
  },
  // The MUI theme layer, which every page but the listing renders in (apps/web's lib/mui-scope.tsx).
  'src/lib/mui-scope.tsx': {
    file: 'assets/mui-scope-1.js',
    isDynamicEntry: true,
    imports: ['_mui-1.js', '_react-1.js'],
  },
  '_mui-1.js': { file: 'assets/mui-1.js' },
};
const TEMPLATE = `<html><head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body></body></html>`;

describe('route chunks preloaded with the HTML', () => {
  const chunks = createRouteChunks(manifest);

  it("adds the listing route's chunks, and only those index.html does not load already", () => {
    const html = chunks.inject('/rug-listing', TEMPLATE);
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual([
      '/assets/react-1.js',
      '/assets/rug-listing-page-1.js',
      '/assets/listing-view-1.js',
      '/assets/cards-1.js',
    ]);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/cards-1.css">');
    expect(html.indexOf('rug-listing-page-1.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('adds the MUI theme layer for a page drawn with MUI, and not for the listing, which has none', () => {
    const rug = chunks.inject('/rug-listing/heriz-serapi', TEMPLATE);
    expect(rug).toContain('href="/assets/mui-scope-1.js"');
    expect(rug).toContain('href="/assets/mui-1.js"');
    expect(rug.match(/react-1\.js/g)).toHaveLength(1); // index.html's own preload, not a second one
    for (const path of ['/rug-listing', '/rug-listings']) {
      const listing = chunks.inject(path, TEMPLATE);
      expect(listing).toContain('href="/assets/rug-listing-page-1.js"');
      expect(listing).not.toContain('mui-scope-1.js');
      expect(listing).not.toContain('mui-1.js');
    }
  });

  it('knows a rug page by both of its paths', () => {
    for (const path of ['/rug-listing/heriz-serapi', '/rugs-details-live/heriz-serapi']) {
      expect(chunks.inject(path, TEMPLATE)).toContain('href="/assets/rug-detail-1.js"');
    }
  });

  it('leaves other paths, nested paths and a missing manifest alone', () => {
    expect(chunks.inject('/faq', TEMPLATE)).toBe(TEMPLATE);
    expect(chunks.inject('/rug-listing/a/b', TEMPLATE)).toBe(TEMPLATE);
    expect(createRouteChunks(undefined).inject('/rug-listing', TEMPLATE)).toBe(TEMPLATE);
  });
});

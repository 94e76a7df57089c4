import { pathPattern, webPaths } from '@knotwork/shared/constants/web-paths';

/** One entry of Vite's build manifest (apps/web/dist/.vite/manifest.json): a chunk, what it imports, its CSS. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The web app's lazy route modules for the paths whose speed matters most (issue 9), as in apps/web's router.tsx.
 * The paths are the web's own (packages/shared/src/constants/web-paths.ts), so a renamed page keeps its preload.
 * A renamed module simply loses its preload: the page still loads its chunk itself, one round trip later. Pages
 * drawn with MUI load its theme layer too (apps/web's lib/mui-scope.tsx, decision 070); the listing does not.
 */
const ROUTES: Array<{ match: RegExp; module: string; mui?: false }> = [
  {
    match: pathPattern([webPaths.home.path, webPaths.homeAlias.path], { trailingSlash: false }),
    module: 'src/app/routes/home-route.tsx',
  },
  // /rug-listing and /rug-listings: one page.
  {
    match: pathPattern([webPaths.rugListing.path, webPaths.rugListings.path]),
    module: 'src/features/catalogue/routes/rug-listing-page.tsx',
    mui: false,
  },
  {
    match: pathPattern([webPaths.rug.path, webPaths.rugLive.path]),
    module: 'src/app/routes/rug-detail-route.tsx',
  },
  {
    match: pathPattern([webPaths.upcomingAuctions.path]),
    module: 'src/features/sales/routes/upcoming-auctions-page.tsx',
  },
  {
    match: pathPattern([webPaths.upcomingAuction.path]),
    module: 'src/features/sales/routes/upcoming-auction-page.tsx',
  },
];

const MUI_SCOPE = 'src/lib/mui-scope.tsx';

/**
 * `<link rel="modulepreload">` (and stylesheets) for the route chunk of the requested page, written into index.html:
 * the browser fetches them alongside the entry script instead of after it has run, saving a round trip on a slow
 * phone network before the page can render. Only what index.html does not load already.
 */
export function createRouteChunks(manifest: ViteManifest | undefined) {
  const closure = (key: string, seen: Set<string>, out: { js: string[]; css: string[] }) => {
    const chunk = manifest?.[key];
    if (!chunk || seen.has(key)) return out;
    seen.add(key);
    out.js.push(chunk.file);
    out.css.push(...(chunk.css ?? []));
    for (const dep of chunk.imports ?? []) closure(dep, seen, out);
    return out;
  };
  const entryKey = Object.keys(manifest ?? {}).find((k) => manifest![k]!.isEntry);
  const initial = entryKey ? closure(entryKey, new Set(), { js: [], css: [] }) : { js: [], css: [] };
  const loaded = new Set([...initial.js, ...initial.css]);

  const tags = new Map<string, string>();
  for (const { module, mui } of ROUTES) {
    if (!manifest?.[module] || tags.has(module)) continue;
    const own = closure(module, new Set(), { js: [], css: [] });
    if (mui !== false) closure(MUI_SCOPE, new Set(), own);
    const lines = [
      ...[...new Set(own.js)]
        .filter((f) => !loaded.has(f))
        .map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`),
      ...[...new Set(own.css)]
        .filter((f) => !loaded.has(f))
        .map((f) => `    <link rel="stylesheet" crossorigin href="/${f}">`),
    ];
    tags.set(module, lines.join('\n'));
  }

  return {
    /** index.html with the preloads of the route that serves `pathname` (no query string); unchanged otherwise. */
    inject(pathname: string, html: string): string {
      const route = ROUTES.find((r) => r.match.test(pathname));
      const lines = route && tags.get(route.module);
      const headEnd = html.search(/<\/head>/i);
      if (!lines || headEnd < 0) return html;
      return `${html.slice(0, headEnd).replace(/\s*$/, '\n')}${lines}\n  ${html.slice(headEnd)}`;
    },
  };
}

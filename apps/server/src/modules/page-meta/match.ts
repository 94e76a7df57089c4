import { pathPrefix, webPaths } from '@knotwork/shared/constants/web-paths';

/** The pages whose shared links get their own head: a rug (plain and live view), a sale, a blog article. */
export type MetaPage = { kind: 'rug' | 'auction' | 'blog'; id: string };

// The web's own routes (packages/shared/src/constants/web-paths.ts): a renamed page keeps its head.
const ROUTES: Array<{ prefix: string; kind: MetaPage['kind'] }> = [
  { prefix: pathPrefix(webPaths.rug.path), kind: 'rug' },
  { prefix: pathPrefix(webPaths.rugLive.path), kind: 'rug' },
  { prefix: pathPrefix(webPaths.upcomingAuction.path), kind: 'auction' },
  { prefix: pathPrefix(webPaths.blogPost.path), kind: 'blog' },
];

/** Ids and slugs are short; anything longer is not one of ours and is not looked up. */
const MAX_ID_LENGTH = 200;

/** Which page a request path (without the query string) is, or null for every other path. */
export function matchMetaPage(pathname: string): MetaPage | null {
  for (const { prefix, kind } of ROUTES) {
    if (!pathname.startsWith(prefix)) continue;
    const rest = pathname.slice(prefix.length).replace(/\/$/, '');
    if (!rest || rest.includes('/')) return null;
    let id: string;
    try {
      id = decodeURIComponent(rest).trim();
    } catch {
      return null;
    }
    if (!id || id.length > MAX_ID_LENGTH) return null;
    return { kind, id };
  }
  return null;
}

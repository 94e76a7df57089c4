/**
 * The screen width a server render assumes (docs/decisions/057-server-rendering.md): a phone's or a desktop's,
 * from the request's User-Agent. MUI's useMediaQuery answers its width queries from it on the server; the browser
 * hydrates only when its own screen falls on the same side of the `md` breakpoint (ssr-state.ts).
 */
export const SSR_WIDTH = { phone: 412, desktop: 1280 } as const;

/** The `md` breakpoint's query as the theme writes it (breakpoints.down('md')). */
export const SMALL_SCREEN_QUERY = '(max-width:899.95px)';

/** Evaluates the min-width / max-width parts of a media query at `width`; any other feature counts as not matching. */
export function matchWidth(query: string, width: number): { matches: boolean } {
  const parts = query.replace(/^@media\s*/, '').split(/\s+and\s+/);
  const matches = parts.every((part) => {
    const m = /\((min|max)-width:\s*([\d.]+)px\)/.exec(part);
    if (!m) return false;
    const px = Number(m[2]);
    return m[1] === 'min' ? width >= px : width <= px;
  });
  return { matches };
}

import { Suspense, type ReactNode } from 'react';

/**
 * Server-rendered content that React hydrates in a pass of its own. A Suspense boundary met while hydrating is
 * left as the server drew it and hydrated afterwards, at low priority, with its own commit; a click inside it
 * hydrates it first (selective hydration). A long page cut into a few slices hydrates as several short tasks
 * instead of one commit of the whole tree, which on a phone was one task of 100-400 ms (issue 24 section 10:
 * Lighthouse counts every task over 50 ms against the page).
 *
 * The fallback is never seen on a server-rendered page (the server's content stays until the slice hydrates).
 * On a page rendered in the browser the children render at once; only a child that suspends after hydration,
 * outside a transition, would show the fallback, so slices wrap plain content, not lazy code.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

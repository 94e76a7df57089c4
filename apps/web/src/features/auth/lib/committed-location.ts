/**
 * Resolves once React has committed a navigation to a path. The router renders navigations in a
 * transition, while a store change (sign-in, sign-out) renders at once: changing the session right
 * after `await navigate()` can still reach the old page's guard, which then redirects elsewhere
 * (/verify-otp sends a signed-in user to /, a signed-in-only page sends a signed-out one to /login).
 * useSessionBootstrap publishes each committed path from the root layout.
 */
let committed: string | null = null;
const waiters = new Set<{ path: string; resolve: () => void }>();

export function publishCommittedPath(pathname: string) {
  committed = pathname;
  for (const waiter of waiters) {
    if (waiter.path !== pathname) continue;
    waiters.delete(waiter);
    waiter.resolve();
  }
}

/** Waits for `to` (its path part) to be on screen; gives up after `timeoutMs` so nothing hangs. */
export function committedPath(to: string, timeoutMs = 3000): Promise<void> {
  const path = to.split(/[?#]/)[0] || '/';
  if (committed === path) return Promise.resolve();
  return new Promise((resolve) => {
    const waiter = { path, resolve };
    waiters.add(waiter);
    setTimeout(() => {
      waiters.delete(waiter);
      resolve();
    }, timeoutMs);
  });
}

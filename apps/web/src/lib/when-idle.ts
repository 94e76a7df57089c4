/**
 * Runs `run` once the browser is idle after the first paint (at the latest after 3 s), or after 1.5 s where
 * requestIdleCallback is missing (Safari): for code a page may need soon but not for its first paint.
 */
export const whenIdle = (run: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 1500);
};

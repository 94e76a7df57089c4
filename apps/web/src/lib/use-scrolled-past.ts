import { useCallback, useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('scroll', changed, { passive: true });
  return () => window.removeEventListener('scroll', changed);
};

/** Whether the page is scrolled further down than `threshold` pixels (MUI's useScrollTrigger without hysteresis). */
export function useScrolledPast(threshold: number): boolean {
  const snapshot = useCallback(() => window.scrollY > threshold, [threshold]);
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

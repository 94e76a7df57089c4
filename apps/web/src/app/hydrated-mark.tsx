import { useEffect } from 'react';

/**
 * Sets `data-hydrated` on <html> once the page's first render has committed in the browser: hydrated when the
 * server rendered it, rendered when it did not. A server-rendered page shows before its scripts run, and a press
 * before then does nothing; the browser tests wait for this mark before they act (e2e/helpers/harness.ts).
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

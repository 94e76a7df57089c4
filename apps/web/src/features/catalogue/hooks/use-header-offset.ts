import { useEffect, useState } from 'react';
import { layout } from '@knotwork/shared/constants/layout';

/**
 * The height of the sticky site header, which is 90px alone (SPEC.md 9) or taller with the horizontal menu row
 * under it. The sticky filter panel and the "scroll to the results" target sit just below it, whatever the layout.
 */
export function useHeaderOffset(): number {
  const [height, setHeight] = useState<number>(layout.headerHeight);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('header.MuiAppBar-root');
    if (!header) return;
    const measure = () => setHeight(Math.round(header.getBoundingClientRect().height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

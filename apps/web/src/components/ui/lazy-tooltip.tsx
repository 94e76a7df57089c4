import { useEffect, useState, type ComponentType, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';
import { inMuiScope, loadMuiScope } from '@/lib/mui-loader.tsx';
import { whenIdle } from '@/lib/when-idle.ts';

// MUI's Tooltip brings Popper.js and its transitions (about 12 KB gzip). The header's and the cards' tooltips are
// hints for mouse users (every control they wrap has its own accessible name), so they load once the browser is
// idle after the first paint instead of in a phone's first download, with the MUI theme it is drawn in.
type TooltipComponent = ComponentType<TooltipProps>;
let loaded: TooltipComponent | null = null;
let loading: Promise<TooltipComponent> | null = null;

function loadTooltip(): Promise<TooltipComponent> {
  loading ??= Promise.all([import('@mui/material/Tooltip'), loadMuiScope()]).then(
    ([m, scope]) => (loaded = inMuiScope(scope, m.default as TooltipComponent)),
  );
  return loading;
}

/**
 * A tooltip that is not part of the first download. Until MUI's Tooltip has loaded (at the first idle moment) the
 * child renders on its own; every tooltip then switches at once, before a person is likely to reach one.
 */
export function LazyTooltip({
  children,
  ...props
}: Omit<TooltipProps, 'children'> & { children: ReactElement }) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loaded);
  useEffect(() => {
    if (Tooltip) return;
    let live = true;
    whenIdle(() => void loadTooltip().then((component) => live && setTooltip(() => component)));
    return () => {
      live = false;
    };
  }, [Tooltip]);
  return Tooltip ? <Tooltip {...props}>{children}</Tooltip> : children;
}

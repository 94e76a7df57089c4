import { lazy, type ComponentProps, type ComponentType, type JSX, type LazyExoticComponent } from 'react';
import type * as ScopeModule from './mui-scope.tsx';
import { useSettingsStore } from './settings.ts';

type Scope = typeof ScopeModule;
let loading: Promise<Scope> | undefined;

/**
 * The MUI theme layer (lib/mui-scope.tsx: MUI's theme, styles engine and cache), loaded once, by the first part
 * that draws with MUI. A right-to-left visit also waits for the right-to-left styles, so that part is mirrored
 * from its first frame.
 */
export function loadMuiScope(): Promise<Scope> {
  loading ??= import('./mui-scope.tsx').then(async (scope) => {
    if (useSettingsStore.getState().settings.direction === 'rtl')
      await scope.loadRtlCache().catch(() => undefined);
    return scope;
  });
  return loading;
}

// What React.lazy accepts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any> | ((props: any) => JSX.Element);

/** A component that renders `Component` inside the MUI scope; `scope` must have loaded. */
export function inMuiScope<T extends AnyComponent>(scope: Scope, Component: T): T {
  const { MuiScope } = scope;
  const Inner = Component as ComponentType<ComponentProps<T>>;
  const Scoped = (props: ComponentProps<T>) => (
    <MuiScope>
      <Inner {...props} />
    </MuiScope>
  );
  Scoped.displayName = `InMuiScope(${Inner.displayName ?? Inner.name ?? 'Component'})`;
  return Scoped as unknown as T;
}

/** React.lazy for a part drawn with MUI: its code and the MUI scope load together, and it renders inside the scope. */
export function lazyMui<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(async () => {
    const [module, scope] = await Promise.all([load(), loadMuiScope()]);
    return { default: inMuiScope(scope, module.default) };
  });
}

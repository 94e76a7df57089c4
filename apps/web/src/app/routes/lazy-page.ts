import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@knotwork/shared/constants/limits';
import { inMuiScope, loadMuiScope } from '@/lib/mui-loader.tsx';

/** A route module that could not be fetched: offline, a deploy replaced the chunk, or 120 s went by (SPEC.md 8). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Loading failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Turns `() => import('./page.tsx')` into a loader of the page's component (route-page.tsx) whose import fails with
 * a ChunkLoadError after CHUNK_LOAD_TIMEOUT_MS instead of hanging. The page renders inside the MUI scope, loaded
 * with it, unless it is drawn without MUI (`mui: false`, decision 070).
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  { mui = true }: { mui?: boolean } = {},
) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      if (!mui) return (await Promise.race([load(), timeout])).default;
      const [mod, scope] = await Promise.race([Promise.all([load(), loadMuiScope()]), timeout]);
      return inMuiScope(scope, mod.default);
    } catch (error) {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
    } finally {
      clearTimeout(timer);
    }
  };
}

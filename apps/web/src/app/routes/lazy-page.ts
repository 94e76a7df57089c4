import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@knotwork/shared/constants/limits';

/** A route module that could not be fetched: offline, a deploy replaced the chunk, or 120 s went by (SPEC.md 8). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Loading failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Turns `() => import('./page.tsx')` into a react-router `lazy` function whose import fails with a
 * ChunkLoadError after CHUNK_LOAD_TIMEOUT_MS instead of hanging.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const mod = await Promise.race([load(), timeout]);
      return { Component: mod.default };
    } catch (error) {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
    } finally {
      clearTimeout(timer);
    }
  };
}

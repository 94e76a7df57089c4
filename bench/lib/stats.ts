/** Percentile over sorted samples (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface Summary {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export function summarise(samplesMs: number[], elapsedMs: number, errors: number): Summary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    count: sorted.length,
    perSecond: (sorted.length / elapsedMs) * 1000,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
  };
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

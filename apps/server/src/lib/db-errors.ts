/** PostgreSQL's unique_violation, with the constraint it hit (node-postgres and PGlite both carry both). */
export function uniqueViolation(err: unknown): string | null {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const { code, constraint } = (e ?? {}) as { code?: string; constraint?: string };
  return code === '23505' ? (constraint ?? '') : null;
}

/** What a probe came to within its deadline: its value, its error, or nothing in time. */
export type Outcome<T> = { kind: 'ok'; value: T } | { kind: 'error'; error: unknown } | { kind: 'late' };

/** Settles `work` against a deadline (decision 080); the work itself goes on, bounded by its own timeouts. */
export async function withDeadline<T>(work: Promise<T>, ms: number): Promise<Outcome<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'late' }), ms);
  });
  try {
    return await Promise.race([
      work.then(
        (value): Outcome<T> => ({ kind: 'ok', value }),
        (error: unknown): Outcome<T> => ({ kind: 'error', error }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Per-lot serialisation inside one process, with batching. Bids on one lot must take the lot's row lock one at a
 * time anyway; queueing them here keeps all but one off the connection pool (one connection per hot lot waits on
 * the lock, not twenty), and whatever queued up while a transaction ran goes into the next one together: one
 * lock, one write statement and one commit (one WAL flush) for the whole batch. That is group commit done by the
 * application, and it is what lets one hot lot take more bids per second than the disk can flush commits.
 */
export interface KeyedBatcher<T, R> {
  submit(key: string, item: T): Promise<R>;
  /** Keys with work queued or running (for tests and metrics). */
  readonly active: number;
}

export function createKeyedBatcher<T, R>(
  run: (key: string, items: T[]) => Promise<R[]>,
  options: { maxBatch: number },
): KeyedBatcher<T, R> {
  interface Waiting {
    item: T;
    resolve: (r: R) => void;
    reject: (e: unknown) => void;
  }
  const queues = new Map<string, Waiting[]>();

  async function drain(key: string, queue: Waiting[]) {
    while (queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      try {
        const results = await run(
          key,
          batch.map((w) => w.item),
        );
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    queues.delete(key);
  }

  return {
    submit(key, item) {
      return new Promise<R>((resolve, reject) => {
        const existing = queues.get(key);
        if (existing) {
          existing.push({ item, resolve, reject });
          return;
        }
        const queue: Waiting[] = [{ item, resolve, reject }];
        queues.set(key, queue);
        void drain(key, queue);
      });
    },
    get active() {
      return queues.size;
    },
  };
}

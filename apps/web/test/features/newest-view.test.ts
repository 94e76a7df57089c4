import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { keepNewestView } from '@/features/live-sales/lib/newest-view.ts';

const view = (seq: number, status: string) => ({ seq, status, lots: [{ id: 'a' }] });

describe('a live sale view fetched while an event arrives', () => {
  it('keeps the event when the answer was read before it (lower seq)', async () => {
    const client = new QueryClient();
    const key = ['live-sales', 'room', 's1'];
    let answer!: (v: ReturnType<typeof view>) => void;
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => new Promise<ReturnType<typeof view>>((resolve) => (answer = resolve)),
      structuralSharing: keepNewestView,
    });
    const unsubscribe = observer.subscribe(() => {});
    // The socket's event (seq 2) lands while the refetch is on its way; then the answer read at seq 1 arrives.
    client.setQueryData(key, view(2, 'asking'));
    answer(view(1, 'not opened'));
    await expect.poll(() => client.getQueryState(key)?.fetchStatus).toBe('idle');
    expect(client.getQueryData(key)).toEqual(view(2, 'asking'));
    unsubscribe();
  });

  it('takes a fetched view that is as new or newer, sharing what did not change', () => {
    const old = view(3, 'asking');
    const same = keepNewestView(old, view(3, 'asking'));
    expect(same).toBe(old);
    const newer = keepNewestView(old, view(4, 'sold')) as ReturnType<typeof view>;
    expect(newer.status).toBe('sold');
    expect(newer.lots).toBe(old.lots);
    expect(keepNewestView(undefined, view(1, 'x'))).toEqual(view(1, 'x'));
  });
});

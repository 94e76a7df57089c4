import { replaceEqualDeep } from '@tanstack/react-query';

/**
 * TanStack Query's `structuralSharing` for a live sale's view: a fetched view never replaces a newer one. The room
 * refetches its view when its socket joins the sale's channel; an event that arrives while that request is on its
 * way is applied first, and the answer, read on the server before the event, used to overwrite it. A page that
 * hydrated late (a slow phone) then showed "has not opened" while the clerk was already asking (seen in the
 * live-sale browser test under load). Every change bumps `seq`, so the higher one is the newer.
 */
export function keepNewestView(old: unknown, fetched: unknown): unknown {
  const oldSeq = seqOf(old);
  const fetchedSeq = seqOf(fetched);
  if (oldSeq !== undefined && fetchedSeq !== undefined && oldSeq > fetchedSeq) return old;
  return replaceEqualDeep(old, fetched);
}

/** TanStack Query types `structuralSharing`'s values as unknown. */
function seqOf(view: unknown): number | undefined {
  return typeof view === 'object' && view !== null && 'seq' in view && typeof view.seq === 'number'
    ? view.seq
    : undefined;
}

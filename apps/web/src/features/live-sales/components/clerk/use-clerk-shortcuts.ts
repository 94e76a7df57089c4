import { useEffect } from 'react';
import type { LiveClerkAction } from '@knotwork/shared/schemas/live-sales';
import type { ClerkView } from '../../api/clerk.ts';

/** Keyboard shortcuts of the console: one key per action, shown on its button. */
export const CLERK_KEYS = {
  floor: 'f',
  fairWarning: 'w',
  sold: 's',
  pass: 'p',
  undo: 'u',
  pause: ' ',
  open: 'n',
} as const;

/** One key per action, ignored while typing in a field (Enter in the paddle field takes the floor bid). */
export function useClerkShortcuts({
  view,
  onBlock,
  run,
  floorBid,
}: {
  view: ClerkView;
  onBlock: boolean;
  run: (action: LiveClerkAction) => void;
  floorBid: () => void;
}) {
  const lot = view.current;
  const next = view.upcoming[0];
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === CLERK_KEYS.open && !onBlock && next) run({ type: 'open', lotId: next.lotId });
      else if (!lot || !onBlock) return;
      else if (key === CLERK_KEYS.floor) floorBid();
      else if (key === CLERK_KEYS.fairWarning) run({ type: 'fairWarning' });
      else if (key === CLERK_KEYS.sold && lot.reserveMet !== false)
        run({ type: 'sold', bidCount: lot.bids.length });
      else if (key === CLERK_KEYS.pass) run({ type: 'pass' });
      else if (key === CLERK_KEYS.undo) run({ type: 'undo' });
      else if (key === CLERK_KEYS.pause) run({ type: lot.status === 'paused' ? 'resume' : 'pause' });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [floorBid, lot, next, onBlock, run]);
}

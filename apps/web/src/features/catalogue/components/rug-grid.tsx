import { useDeferredValue } from 'react';
import type { RugSummary } from '@knotwork/shared/schemas/catalogue';
import { RugCard, RugCardSkeleton } from '@/components/ui/rug-card.tsx';
import { screen, useMediaQuery } from '@/lib/use-media-query.ts';
import { useRugLiked } from '../api/toggle-rug-like.ts';

/** The most cards a row holds (styles/listing.css, `.kw-rug-grid`). */
const FIRST_ROW = 3;
/** Matches the grid's columns beside the 280px filter panel, so the browser fetches the right picture width. */
const CARD_SIZES =
  '(min-width: 1440px) 330px, (min-width: 1200px) 26vw, (min-width: 900px) 34vw, (min-width: 600px) 46vw, 92vw';

function LikeableRugCard({
  rug,
  clockOffsetMs,
  eager,
  onLike,
}: {
  rug: RugSummary;
  clockOffsetMs: number;
  eager: boolean;
  onLike: (rugId: string, liked: boolean) => void;
}) {
  const liked = useRugLiked(rug.id, rug.liked);
  return (
    <RugCard
      rug={rug}
      clockOffsetMs={clockOffsetMs}
      eager={eager}
      sizes={CARD_SIZES}
      liked={liked}
      onToggleLike={() => onLike(rug.id, liked)}
    />
  );
}

/** The cards of one page; the first row loads its pictures at once (it is what the visitor sees first). */
export function RugGrid({
  rugs,
  clockOffsetMs,
  onLike,
}: {
  rugs: RugSummary[];
  clockOffsetMs: number;
  onLike: (rugId: string, liked: boolean) => void;
}) {
  // A phone shows one card per row: only its picture is above the fold. The next two would share the slow link
  // with it at high priority (Lighthouse's LCP on the listing); they load lazily like the rest.
  const phone = useMediaQuery(screen.down('sm'));
  const eagerCount = phone ? 1 : FIRST_ROW;
  // The first row renders at once (in the server's HTML); the other cards follow in a background render that React
  // splits into short slices, so a phone's main thread is never blocked for the whole page of cards (Lighthouse
  // TBT, issue 9). On a phone the first row is one card: the server's HTML then holds one picture, and the next
  // ones (lazy, but near enough to the screen that the browser fetches them at once) no longer share the slow link
  // with the first before it has painted.
  const shown = useDeferredValue(rugs.length, Math.min(rugs.length, eagerCount));
  return (
    <ul className="kw-rug-grid kw-rug-grid--list">
      {rugs.slice(0, shown).map((rug, i) => (
        <li key={rug.id}>
          <LikeableRugCard rug={rug} clockOffsetMs={clockOffsetMs} eager={i < eagerCount} onLike={onLike} />
        </li>
      ))}
    </ul>
  );
}

export function RugGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="kw-rug-grid">
      {Array.from({ length: count }, (_, i) => (
        <RugCardSkeleton key={i} />
      ))}
    </div>
  );
}

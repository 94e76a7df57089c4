import { useEffect, useRef } from 'react';
import { subscribeLot, subscribeUser, type LotEvent, type UserEvent } from './live-socket.ts';

export type LiveChannelTarget = { lotId: string; since?: number } | 'user' | null | undefined;

/**
 * Live events of a lot (`{ lotId }`) or of the signed-in user (`'user'`) for as long as the component is mounted;
 * `null` subscribes to nothing. The handler may change on every render without resubscribing.
 *
 *   useLiveChannel({ lotId }, (e) => { if (e.event === 'lot.updated') setLot(e.data.lot) });
 */
export function useLiveChannel(
  target: { lotId: string; since?: number },
  handler: (event: LotEvent) => void,
): void;
export function useLiveChannel(target: 'user', handler: (event: UserEvent) => void): void;
export function useLiveChannel(target: null | undefined, handler: (event: never) => void): void;
export function useLiveChannel(target: LiveChannelTarget, handler: (event: never) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const lotId = target && target !== 'user' ? target.lotId : null;
  const since = target && target !== 'user' ? target.since : undefined;
  const user = target === 'user';
  useEffect(() => {
    const call = (e: LotEvent | UserEvent) => (latest.current as (e: LotEvent | UserEvent) => void)(e);
    if (user) return subscribeUser(call);
    if (!lotId) return undefined;
    // `since` matters for the first subscribe only; later changes must not resubscribe (it is read once).
    return subscribeLot(lotId, call, since === undefined ? {} : { since });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lotId, user]);
}

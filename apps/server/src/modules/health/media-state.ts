import type { MediaStorage } from '../../media/storage/index.ts';
import { withDeadline } from './deadline.ts';

export interface MediaState {
  media: 'up' | 'down';
  reason?: string;
}

/**
 * The media store's health, bounded and cached (decision 080): a bucket is asked at most once per `ttlMs`
 * however often the probes come, and a probe never waits longer than `deadlineMs` for it (a check still under
 * way when the deadline passes goes on and its answer is kept for the next probe).
 */
export function createMediaProbe(storage: MediaStorage, options: { deadlineMs: number; ttlMs?: number }) {
  const ttlMs = options.ttlMs ?? 15_000;
  let last: (MediaState & { at: number }) | undefined;
  let inflight: Promise<MediaState> | undefined;
  const check = () =>
    storage.check().then(
      (): MediaState => ({ media: 'up' }),
      (): MediaState => ({
        media: 'down',
        reason: `the media store ${storage.where} does not answer: uploads answer 503`,
      }),
    );
  return async function mediaState(): Promise<MediaState> {
    if (last && Date.now() - last.at < ttlMs) return last;
    inflight ??= check()
      .then((state) => {
        last = { ...state, at: Date.now() };
        return state;
      })
      .finally(() => (inflight = undefined));
    const outcome = await withDeadline(inflight, options.deadlineMs);
    if (outcome.kind === 'ok') return outcome.value;
    return {
      media: 'down',
      reason: `the media store ${storage.where} did not answer within ${options.deadlineMs} ms: uploads may answer 503`,
    };
  };
}

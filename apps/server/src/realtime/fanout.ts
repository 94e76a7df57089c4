import type { Channel, ServerEvent } from '@knotwork/shared/realtime/events';
import { eventSeq } from '@knotwork/shared/realtime/protocol';
import { textFrame } from './frame.ts';
import type { EncodedEvent, LiveClient } from './live-client.ts';
import type { ChannelIndex } from './subscriptions.ts';
import { recordFanout } from '../plugins/metrics-registry.ts';

/** Serialises an event once into the exact `event` frame every subscriber receives. */
export function encodeEvent(event: ServerEvent): EncodedEvent {
  const payload = Buffer.from(
    JSON.stringify({ type: 'event', event: event.event, channel: event.channel, data: event.data }),
  );
  return { payload, frame: textFrame(payload), seq: eventSeq(event.data) };
}

/**
 * The process's single bus listener. Events are grouped per channel until the end of the current turn of the
 * event loop (a bid publishes a history line and the lot's new state back to back), then each group is encoded
 * once, joined into one buffer of complete frames, and written to every subscriber in a single write: one
 * serialisation per event and one syscall per socket per batch, whatever the number of watchers. Channels nobody
 * here watches cost one Map miss.
 */
export function createFanout(index: ChannelIndex<LiveClient>) {
  let delivered = 0;
  let pending = new Map<Channel, ServerEvent[]>();
  let scheduled = false;
  let firstAt = 0;

  function flush() {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    for (const [channel, events] of batch) {
      const subscribers = index.subscribers(channel);
      if (!subscribers || subscribers.size === 0) continue;
      const encoded = events.map(encodeEvent);
      const joined = encoded.length === 1 ? encoded[0]!.frame : Buffer.concat(encoded.map((e) => e.frame));
      for (const client of subscribers) client.deliver(channel, encoded, joined);
      delivered += subscribers.size * encoded.length;
    }
    recordFanout((performance.now() - firstAt) / 1000);
  }

  return {
    listener(event: ServerEvent): void {
      if (!index.subscribers(event.channel)) return;
      let list = pending.get(event.channel);
      if (!list) pending.set(event.channel, (list = []));
      list.push(event);
      if (!scheduled) {
        scheduled = true;
        firstAt = performance.now();
        setImmediate(flush);
      }
    },
    get delivered() {
      return delivered;
    },
  };
}

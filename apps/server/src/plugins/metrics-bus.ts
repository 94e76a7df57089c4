import type { EventBus } from '../realtime/bus.ts';
import { recordLiveEvent } from './metrics-registry.ts';

/** The bus with every publish counted (knotwork_live_events_published_total); everything else unchanged. */
export function withPublishMetrics(bus: EventBus): EventBus {
  return {
    ...bus,
    publish(channel, event, data) {
      recordLiveEvent(event);
      return bus.publish(channel, event, data);
    },
  };
}

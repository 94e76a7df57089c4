import type { Channel } from '@knotwork/shared/realtime/events';

/**
 * Who listens on which channel, indexed by channel so one event costs a single Map lookup and a walk over exactly
 * its subscribers, whatever the number of sockets on the process.
 */
export class ChannelIndex<T> {
  private readonly byChannel = new Map<Channel, Set<T>>();

  add(channel: Channel, member: T): void {
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(member);
  }

  remove(channel: Channel, member: T): void {
    const set = this.byChannel.get(channel);
    if (!set) return;
    set.delete(member);
    // Empty sets are dropped so a long-running process does not keep one entry per lot it ever served.
    if (set.size === 0) this.byChannel.delete(channel);
  }

  subscribers(channel: Channel): ReadonlySet<T> | undefined {
    return this.byChannel.get(channel);
  }

  get channelCount(): number {
    return this.byChannel.size;
  }
}

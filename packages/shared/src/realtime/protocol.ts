import { z } from 'zod';
import type { Channel, ServerEvent, ServerEventName } from './events.ts';
import { LIVE_MAX_SUBSCRIPTIONS } from './constants.ts';
import { UUID_PATTERN, UUID_SOURCE } from '../constants/ids.ts';

/**
 * The live socket protocol (one WebSocket per browser tab at LIVE_PATH), JSON text frames both ways.
 *
 * Client -> server: `auth` (join `user:<id>`), `subscribe` (optionally with the last seq seen per lot, to replay
 * what was missed), `unsubscribe`, `ping`. Server -> client: `event` (a ServerEvent), `subscribed`, `error`, `pong`.
 * The sequence on (re)connect: `auth` (if signed in), then `subscribe` with `since` per lot; the server answers
 * `subscribed`, then per lot the missed history lines and a fresh lot.updated, then live events.
 */
// The constants live in a zod-free module so the web app's socket can read them without loading zod.
export {
  LIVE_PATH,
  LIVE_MAX_SUBSCRIPTIONS,
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_HEARTBEAT_MS,
  LIVE_CLOSE_NORMAL,
  LIVE_CLOSE_GOING_AWAY,
  LIVE_CLOSE_SLOW_CONSUMER,
  LIVE_CLOSE_RESYNC,
} from './constants.ts';
export const lotChannelPattern = new RegExp(`^lot:(${UUID_SOURCE})$`, 'i');
export const userChannelPattern = new RegExp(`^user:(${UUID_SOURCE})$`, 'i');

export const chatChannelPattern = /^chat:[0-9a-f]{64}$/i;
export const staffChatChannelPattern = /^staff:chat$/i;
export const staffDashboardChannelPattern = /^staff:dashboard$/i;
export const liveSaleChannelPattern = new RegExp(`^live:(${UUID_SOURCE})$`, 'i');

export const channelSchema = z
  .string()
  .max(80)
  .refine(
    (c) =>
      lotChannelPattern.test(c) ||
      userChannelPattern.test(c) ||
      chatChannelPattern.test(c) ||
      staffChatChannelPattern.test(c) ||
      staffDashboardChannelPattern.test(c) ||
      liveSaleChannelPattern.test(c),
    { message: 'Unknown channel' },
  )
  .transform((c) => c.toLowerCase() as Channel);

const channelsSchema = z.array(channelSchema).min(1).max(LIVE_MAX_SUBSCRIPTIONS);

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }).strict(),
  z
    .object({
      type: z.literal('subscribe'),
      channels: channelsSchema,
      /** Last lot seq the client has applied, per lot id: the server first sends what came after it. */
      since: z
        .record(
          z
            .string()
            .regex(UUID_PATTERN)
            .transform((id) => id.toLowerCase()),
          z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        )
        .optional(),
    })
    .strict(),
  z.object({ type: z.literal('unsubscribe'), channels: channelsSchema }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
/** What a client writes (before the server's transforms: channel strings are plain strings). */
export type ClientMessageInput = z.input<typeof clientMessageSchema>;

/** Why the server refused a message; `message` is for people, `code` for code. */
export type LiveErrorCode =
  | 'bad_message'
  | 'message_too_large'
  | 'auth_failed'
  | 'forbidden_channel'
  | 'too_many_subscriptions'
  | 'replay_failed';

export type ServerMessage =
  | ({ type: 'event' } & ServerEvent)
  | { type: 'subscribed'; channels: Channel[] }
  | { type: 'unsubscribed'; channels: Channel[] }
  | { type: 'error'; code: LiveErrorCode; message: string; channels?: Channel[] }
  | { type: 'pong'; serverNow: number };

/** An `event` frame for one event name, for typed handlers on the client. */
export type EventMessage<K extends ServerEventName = ServerEventName> = { type: 'event' } & ServerEvent<K>;

/** Every `event` frame as a union discriminated by `event`, so `switch (m.event)` narrows `m.data`. */
export type AnyEventMessage = { [K in ServerEventName]: EventMessage<K> }[ServerEventName];

/** The lot seq an event carries (lot.position and user events have none). */
export function eventSeq(data: unknown): number | null {
  const seq = (data as { seq?: unknown } | null)?.seq;
  return typeof seq === 'number' ? seq : null;
}

import type { AnyRole } from '../abilities/staff.ts';
import type { HistoryLine } from '../bidding/history-line.ts';
import type { Lot } from '../schemas/catalogue.ts';
import type { LiveSaleView } from '../schemas/live-sales.ts';

/**
 * Every event the server pushes to browsers over the live socket (/api/v1/live), typed once for both sides
 * (immich's ClientEventMap idea). Channels: `lot:<lotId>` (anyone may subscribe) and `user:<userId>` (only that
 * signed-in user). Lot events carry the lot's per-lot sequence number so a client can detect and replay gaps.
 */
export type LotChannel = `lot:${string}`;
export type UserChannel = `user:${string}`;
/** A visitor's chat conversation: the key is handed out only to the holder of the conversation's token. */
export type ChatChannel = `chat:${string}`;
/** Every chat conversation, for staff sockets only. */
export type StaffChatChannel = 'staff:chat';
/** A live sale (issue 12): the auctioneer's status, the current lot, its bid lines. Anyone may subscribe. */
export type LiveSaleChannel = `live:${string}`;
/** The back office's dashboard: a nudge to refetch its figures, for staff who read the dashboard (decision 064). */
export type StaffDashboardChannel = 'staff:dashboard';
/** Between server processes only: no socket can subscribe to it (the protocol's channel patterns refuse it). */
export type InternalChannel = 'internal';
/** Between server processes only: staff changed the site's content (no socket may subscribe to it). */
export type ContentChannel = 'site:content';
export type Channel =
  | LotChannel
  | UserChannel
  | ChatChannel
  | StaffChatChannel
  | LiveSaleChannel
  | StaffDashboardChannel
  | InternalChannel
  | ContentChannel;

export interface ServerEventMap {
  /** The lot's public state changed (price, bid count, end time, status). `lot` is the public lot payload. */
  'lot.updated': { lotId: string; seq: number; lot: Lot };
  /** A line of the public bid history (pseudonymous), in seq order. */
  'lot.bid': { lotId: string; seq: number; entry: HistoryLine };
  /**
   * Staff voided a bid and the history was recomputed: every line below `seq` is superseded (drop it); the
   * recomputed lines follow as `lot.bid` events above `seq`, pseudonyms renumbered.
   */
  'lot.history_reset': { lotId: string; seq: number };
  /** The lot closed (sold/unsold) or was withdrawn. */
  'lot.closed': { lotId: string; seq: number; lot: Lot };
  /** Private to one user: their standing on a lot changed (outbid, leading, max raised). */
  'lot.position': { lotId: string; leading: boolean; myMaxBid: number | null };
  /** Private to one user: a notification was created; carries the new unread count. */
  'notification.created': { notification: Record<string, unknown>; unreadCount: number };
  /**
   * Between server processes only, never written to a socket: these sessions were revoked (logout, password
   * reset, e-mail change), so every process signs their sockets out of the user channel at once.
   */
  'session.revoked': { sessionIds: string[] };
  /**
   * Between server processes only, never written to a socket: staff changed this user's role (decision 079), so
   * every process forgets the user's cached sessions (the next request reads the role) and takes the user's sockets
   * off every channel the new role does not allow.
   */
  'user.role_changed': { userId: string; role: AnyRole };
  /**
   * Between server processes only: staff changed a post, page, FAQ, testimonial, career or the home page's choices,
   * so every process drops what it cached of them (the page-meta heads) and visitors see the change at once.
   */
  'content.changed': { kind: string };
  /** A chat message (customer's or staff's), on the conversation's customer channel and on `staff:chat`. */
  'chat.message': { conversationId: string; message: Record<string, unknown> };
  /** Staff only: a conversation's status, assignee or unread count changed (the inbox refreshes its row). */
  'chat.conversation': { conversationId: string };
  /**
   * A live sale changed (a clerk action or an online bid): the sale's whole public view at `seq`. Each event
   * carries the full state, so a client that missed some simply takes the newest (events at or below the seq it
   * holds are stale and dropped); a reconnecting client refetches the view over REST.
   */
  'live.state': { auctionId: string; seq: number; view: LiveSaleView };
  /**
   * Staff only (`staff:dashboard`): a figure of the dashboard may have changed (a bid, a closed lot, an order's
   * payment, a message); at most one every few seconds per process. The page refetches GET /admin/dashboard.
   */
  'dashboard.changed': { at: number };
  /** Between server processes only (`internal`): the house's settings changed; every process drops its copy. */
  'settings.changed': { key: string };
}

export type ServerEventName = keyof ServerEventMap;
export interface ServerEvent<K extends ServerEventName = ServerEventName> {
  event: K;
  channel: Channel;
  data: ServerEventMap[K];
}

export const lotChannel = (lotId: string): LotChannel => `lot:${lotId}`;
export const userChannel = (userId: string): UserChannel => `user:${userId}`;
export const STAFF_CHAT_CHANNEL: StaffChatChannel = 'staff:chat';
export const STAFF_DASHBOARD_CHANNEL: StaffDashboardChannel = 'staff:dashboard';
export const INTERNAL_CHANNEL: InternalChannel = 'internal';
export const liveSaleChannel = (auctionId: string): LiveSaleChannel => `live:${auctionId}`;
export const CONTENT_CHANNEL: ContentChannel = 'site:content';

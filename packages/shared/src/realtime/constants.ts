/** The live socket's path, limits and close codes (protocol.ts describes the protocol). */
export const LIVE_PATH = '/api/v1/live';

/** Channels one socket may hold at once (a lot list page watches at most a few dozen lots). */
export const LIVE_MAX_SUBSCRIPTIONS = 200;
/** Largest client message the server reads (a full subscribe with `since` for 200 lots is about 20 KB). */
export const LIVE_MAX_MESSAGE_BYTES = 32 * 1024;
/** The server pings every socket this often and drops those that did not answer the previous ping. */
export const LIVE_HEARTBEAT_MS = 30_000;

/** Close codes the server uses; the client reconnects (and replays) after any of them except LIVE_CLOSE_NORMAL. */
export const LIVE_CLOSE_NORMAL = 1000;
export const LIVE_CLOSE_GOING_AWAY = 1001;
/** The socket fell too far behind (or missed events while slow); reconnect and replay with `since`. */
export const LIVE_CLOSE_SLOW_CONSUMER = 4008;
/**
 * The process lost its event bus (Redis) for a while and is back: the socket may have missed events from other
 * processes; reconnect and replay with `since`.
 */
export const LIVE_CLOSE_RESYNC = 4009;

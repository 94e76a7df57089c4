import { can, type AnyRole } from '@knotwork/shared/abilities/staff';
import type { Channel } from '@knotwork/shared/realtime/events';
import { STAFF_CHAT_CHANNEL, STAFF_DASHBOARD_CHANNEL, userChannel } from '@knotwork/shared/realtime/events';
import {
  LIVE_MAX_SUBSCRIPTIONS,
  lotChannelPattern,
  userChannelPattern,
  type ClientMessage,
} from '@knotwork/shared/realtime/protocol';
import type { AuthContext } from '../modules/auth/tokens.ts';
import type { LiveClient } from './live-client.ts';
import { lastReplayedSeq, REPLAY_LIMIT, type LiveReplay } from './replay.ts';
import type { ChannelIndex } from './subscriptions.ts';

export interface MessageDeps {
  index: ChannelIndex<LiveClient>;
  verifyToken(token: string): Promise<AuthContext | null>;
  /**
   * Counts the revocations and role changes this process has heard: a token check that a change overtook may have
   * read the session before it, so it is checked again.
   */
  accessChanges(): number;
  /** Read at call time: the bidding core may install its hook after the socket layer is registered. */
  replay(): LiveReplay | undefined;
  logError(err: unknown, msg: string): void;
}

/** Handles one validated client message for one socket. Never throws for anything the client sent. */
export async function handleMessage(
  client: LiveClient,
  message: ClientMessage,
  deps: MessageDeps,
): Promise<void> {
  switch (message.type) {
    case 'ping':
      client.reply({ type: 'pong', serverNow: Date.now() });
      return;
    case 'auth':
      return authenticate(client, message.token, deps);
    case 'subscribe':
      return subscribe(client, message.channels, message.since ?? {}, deps);
    case 'unsubscribe': {
      for (const channel of message.channels) leave(client, channel, deps);
      client.reply({ type: 'unsubscribed', channels: message.channels });
      return;
    }
  }
}

function join(client: LiveClient, channel: Channel, deps: MessageDeps) {
  client.channels.add(channel);
  deps.index.add(channel, client);
}

function leave(client: LiveClient, channel: Channel, deps: MessageDeps) {
  client.channels.delete(channel);
  deps.index.remove(channel, client);
  client.endReplay(channel, null);
}

/** A socket that is no longer staff (signed out, another account) stops hearing every conversation. */
function leaveStaff(client: LiveClient, deps: MessageDeps) {
  client.staff = false;
  if (client.channels.has(STAFF_CHAT_CHANNEL)) leave(client, STAFF_CHAT_CHANNEL, deps);
}

/** Nor the dashboard's nudges (a specialist reads the dashboard but not the messages: checked apart). */
function leaveDashboard(client: LiveClient, deps: MessageDeps) {
  client.dashboard = false;
  if (client.channels.has(STAFF_DASHBOARD_CHANNEL)) leave(client, STAFF_DASHBOARD_CHANNEL, deps);
}

/** Removes a closed socket from every channel. */
export function detach(client: LiveClient, deps: Pick<MessageDeps, 'index'>) {
  for (const channel of client.channels) deps.index.remove(channel, client);
  client.channels.clear();
}

const SESSION_EXPIRED = {
  type: 'error',
  code: 'auth_failed',
  message: 'Your session has expired. Please sign in again.',
} as const;

/**
 * Sockets signed in with a session that was just revoked leave their user channel at once (the socket stays for its
 * lot channels, as a visitor's): a token revoked at logout must not go on receiving the user's private events.
 * Every socket is looked at, not only those on the user channel: one may have left it and kept the staff channels.
 */
export function signOutRevoked(
  clients: Iterable<LiveClient>,
  sessionIds: readonly string[],
  deps: MessageDeps,
) {
  const revoked = new Set(sessionIds);
  for (const client of clients) {
    if (!client.sessionId || !revoked.has(client.sessionId) || !client.userId) continue;
    leave(client, userChannel(client.userId.toLowerCase()), deps);
    leaveStaff(client, deps);
    leaveDashboard(client, deps);
    client.userId = null;
    client.sessionId = null;
    client.reply(SESSION_EXPIRED);
  }
}

/**
 * Staff gave the user another role (decision 079): their sockets leave every staff channel the new role does not
 * allow, at once, and are told which (`unsubscribed`); they stay signed in, on their user and lot channels. A role
 * heard here only ever takes rights away: one that grants more is picked up at the socket's next `auth`, which
 * reads the role afresh. So two changes heard out of order can never leave a socket with more than the database
 * gives.
 */
export function applyRoleChange(
  clients: Iterable<LiveClient>,
  userId: string,
  role: AnyRole,
  deps: MessageDeps,
) {
  const user = userId.toLowerCase();
  for (const client of clients) {
    if (client.userId?.toLowerCase() !== user) continue;
    const left: Channel[] = [];
    if (!can(role, 'read', 'chat')) {
      if (client.channels.has(STAFF_CHAT_CHANNEL)) left.push(STAFF_CHAT_CHANNEL);
      leaveStaff(client, deps);
    }
    if (!can(role, 'read', 'dashboard')) {
      if (client.channels.has(STAFF_DASHBOARD_CHANNEL)) left.push(STAFF_DASHBOARD_CHANNEL);
      leaveDashboard(client, deps);
    }
    if (left.length > 0) client.reply({ type: 'unsubscribed', channels: left });
  }
}

/**
 * A valid token joins the socket to its user's channel (and leaves a previous user's one); an invalid one drops
 * any user channel the socket held, so a socket never keeps privileges its current token does not grant.
 */
async function authenticate(client: LiveClient, token: string, deps: MessageDeps) {
  const check = () =>
    deps.verifyToken(token).catch((err: unknown) => {
      deps.logError(err, 'live socket token check failed');
      return null;
    });
  // A revocation or a role change heard while the check ran may postdate what it read (the cache refuses to keep
  // such a read, but this answer already has it): check again, a few times at most.
  let auth: AuthContext | null = null;
  for (let tries = 0; tries < 3; tries++) {
    const seen = deps.accessChanges();
    auth = await check();
    if (deps.accessChanges() === seen) break;
  }
  const previous = client.userId;
  if (previous && previous !== auth?.userId) {
    leave(client, userChannel(previous), deps);
    client.userId = null;
    client.sessionId = null;
  }
  if (!auth || !can(auth.role, 'read', 'chat')) leaveStaff(client, deps);
  if (!auth || !can(auth.role, 'read', 'dashboard')) leaveDashboard(client, deps);
  if (!auth) {
    client.reply(SESSION_EXPIRED);
    return;
  }
  client.userId = auth.userId;
  client.sessionId = auth.sessionId;
  client.staff = can(auth.role, 'read', 'chat');
  client.dashboard = can(auth.role, 'read', 'dashboard');
  const channel = userChannel(auth.userId.toLowerCase());
  join(client, channel, deps);
  client.reply({ type: 'subscribed', channels: [channel] });
}

/**
 * All or nothing: a message naming another user's channel, or one that would take the socket past the
 * subscription cap, changes nothing. Lots listed in `since` are replayed before their live events.
 */
async function subscribe(
  client: LiveClient,
  channels: Channel[],
  since: Record<string, number>,
  deps: MessageDeps,
) {
  const unique = [...new Set(channels)];
  const forbidden = unique.filter((c) => {
    if (c === STAFF_CHAT_CHANNEL) return !client.staff;
    if (c === STAFF_DASHBOARD_CHANNEL) return !client.dashboard;
    const user = userChannelPattern.exec(c)?.[1];
    return user !== undefined && user !== client.userId?.toLowerCase();
  });
  if (forbidden.length > 0) {
    client.reply({
      type: 'error',
      code: 'forbidden_channel',
      message: "You cannot subscribe to another user's channel.",
      channels: forbidden,
    });
    return;
  }
  const added = unique.filter((c) => !client.channels.has(c));
  if (client.channels.size + added.length > LIVE_MAX_SUBSCRIPTIONS) {
    client.reply({
      type: 'error',
      code: 'too_many_subscriptions',
      message: `A connection can follow at most ${LIVE_MAX_SUBSCRIPTIONS} channels.`,
      channels: added,
    });
    return;
  }

  const hook = deps.replay();
  const toReplay: { channel: Channel; lotId: string; sinceSeq: number }[] = [];
  for (const channel of unique) {
    const lotId = lotChannelPattern.exec(channel)?.[1];
    const sinceSeq = lotId === undefined ? undefined : since[lotId];
    // Buffer before joining: from the moment the socket is in the index, live events for the lot are held back.
    if (hook && lotId !== undefined && sinceSeq !== undefined) {
      client.beginReplay(channel);
      toReplay.push({ channel, lotId, sinceSeq });
    }
    join(client, channel, deps);
  }
  client.reply({ type: 'subscribed', channels: unique });

  for (const { channel, lotId, sinceSeq } of toReplay) {
    if (!client.open) return;
    try {
      const result = await hook!(lotId, sinceSeq, REPLAY_LIMIT);
      if (!result) {
        client.endReplay(channel, null);
        continue;
      }
      for (const e of result.events) client.reply({ type: 'event', event: e.event, channel, data: e.data });
      client.reply({ type: 'event', event: 'lot.updated', channel, data: result.updated });
      client.endReplay(channel, lastReplayedSeq(result));
    } catch (err) {
      deps.logError(err, 'live replay failed');
      client.reply({
        type: 'error',
        code: 'replay_failed',
        message: 'Could not load the latest bids.',
        channels: [channel],
      });
      client.endReplay(channel, null);
    }
  }
}

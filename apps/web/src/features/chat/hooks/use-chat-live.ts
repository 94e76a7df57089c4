import { useEffect, useRef } from 'react';
import type { AnyEventMessage } from '@knotwork/shared/realtime/protocol';
import type { ChatMessage } from '@knotwork/shared/schemas/chat';
import { liveSocket, subscribeChannel, subscribeUser } from '@/lib/live-socket.ts';

/**
 * Chat events for the caller: on a visitor's conversation channel, on the signed-in user's channel, or on the
 * staff channel. `onReconnect` runs when the socket is open again after a drop: chat events are not replayed,
 * so the caller refetches.
 */
export function useChatLive(
  source: { channel: string } | { user: true } | null,
  onMessage: (conversationId: string, message: ChatMessage) => void,
  options: { onConversation?: (conversationId: string) => void; onReconnect?: () => void } = {},
) {
  const handlers = useRef({ onMessage, ...options });
  handlers.current = { onMessage, ...options };
  const key = source === null ? null : 'channel' in source ? source.channel : 'user';

  useEffect(() => {
    if (key === null) return;
    const handle = (e: AnyEventMessage | { event: string; data: unknown }) => {
      if (e.event === 'chat.message') {
        const data = e.data as { conversationId: string; message: ChatMessage };
        handlers.current.onMessage(data.conversationId, data.message);
      } else if (e.event === 'chat.conversation') {
        handlers.current.onConversation?.((e.data as { conversationId: string }).conversationId);
      }
    };
    const off = key === 'user' ? subscribeUser(handle) : subscribeChannel(key, handle);
    let wasOpen = liveSocket().status === 'open';
    const offStatus = liveSocket().onStatus((s) => {
      if (s === 'open' && !wasOpen) handlers.current.onReconnect?.();
      wasOpen = s === 'open';
    });
    return () => {
      off();
      offStatus();
    };
  }, [key]);
}

/** Adds a message to a list unless it is there already (the sender gets its own message back live). */
export function withMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((m) => m.id === message.id)) return messages;
  return [...messages, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

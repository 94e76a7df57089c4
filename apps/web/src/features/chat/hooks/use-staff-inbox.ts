import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STAFF_CHAT_CHANNEL } from '@knotwork/shared/realtime/events';
import { CHAT_HEARTBEAT_MS, type AdminChatDetail } from '@knotwork/shared/schemas/chat';
import { chatKeys, staffHeartbeat } from '../api/chat-api.ts';
import { useChatLive, withMessage } from './use-chat-live.ts';

/**
 * The inbox's live side: this staff member's presence heartbeat (so the widget says someone is online, decision
 * 050) and every conversation's events on the staff channel, applied to the open thread and the list.
 */
export function useStaffInboxLive(selectedId: string | null) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const beat = () => staffHeartbeat().catch(() => undefined);
    void beat();
    const timer = setInterval(() => void beat(), CHAT_HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, []);

  const refreshList = () =>
    void queryClient.invalidateQueries({
      queryKey: ['chat', 'inbox'],
      exact: false,
      predicate: (q) => q.queryKey[2] !== 'detail',
    });
  useChatLive(
    { channel: STAFF_CHAT_CHANNEL },
    (conversationId, message) => {
      if (conversationId === selectedId) {
        queryClient.setQueryData<AdminChatDetail>(chatKeys.inboxDetail(conversationId), (c) =>
          c ? { ...c, messages: withMessage(c.messages, message) } : c,
        );
        // Reading the conversation again marks the customer's new message read for every staff member.
        if (message.author === 'customer')
          void queryClient.invalidateQueries({ queryKey: chatKeys.inboxDetail(conversationId) });
      }
      refreshList();
    },
    {
      onConversation: (conversationId) => {
        refreshList();
        if (conversationId === selectedId)
          void queryClient.invalidateQueries({ queryKey: chatKeys.inboxDetail(conversationId) });
      },
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: ['chat', 'inbox'] }),
    },
  );
}

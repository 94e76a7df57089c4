import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_HEARTBEAT_MS, type ChatConversation } from '@knotwork/shared/schemas/chat';
import { chatKeys, getConversation, markAway, markSeen, postMessage } from '../api/chat-api.ts';
import { useChatLive, withMessage } from './use-chat-live.ts';

/**
 * One conversation as the customer sees it: fetched, kept live (their channel), and marked seen every 30 s while
 * it is on screen, so staff replies stay in the chat instead of going out by e-mail (decision 050).
 */
export function useConversation(id: string, token: string | null, signedIn: boolean) {
  const queryClient = useQueryClient();
  const key = chatKeys.conversation(id);
  const query = useQuery({ queryKey: key, queryFn: () => getConversation(id, token), retry: 1 });
  const channel = query.data?.channel;

  useChatLive(
    signedIn ? { user: true } : channel ? { channel } : null,
    (conversationId, message) => {
      if (conversationId !== id) return;
      queryClient.setQueryData<ChatConversation>(key, (c) =>
        c ? { ...c, messages: withMessage(c.messages, message) } : c,
      );
    },
    { onReconnect: () => void queryClient.invalidateQueries({ queryKey: key }) },
  );

  const ready = query.isSuccess;
  useEffect(() => {
    if (!ready) return;
    const beat = () =>
      markSeen(id, token)
        .then((availability) => queryClient.setQueryData(chatKeys.availability, availability))
        .catch(() => undefined);
    void beat();
    const timer = setInterval(() => void beat(), CHAT_HEARTBEAT_MS);
    const away = () => markAway(id, token);
    window.addEventListener('pagehide', away);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', away);
      away();
    };
  }, [id, token, ready, queryClient]);

  const send = useMutation({
    mutationFn: (body: string) => postMessage(id, token, body),
    onSuccess: (message) =>
      queryClient.setQueryData<ChatConversation>(key, (c) =>
        c ? { ...c, messages: withMessage(c.messages, message) } : c,
      ),
  });
  return { query, send };
}

import type { ConversationPage, Message, MessagePage } from '@pinhole/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type Folder = 'inbox' | 'requests';

const keys = {
  conversations: (folder: Folder) => ['messages', 'conversations', folder] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
};

export function getConversations(folder: Folder, signal?: AbortSignal): Promise<ConversationPage> {
  return apiRequest('conversations', { query: { folder }, signal });
}

export function getMessages(
  conversationId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return apiRequest('conversationMessages', {
    params: { id: conversationId },
    query: { cursor },
    signal,
  });
}

export function sendMessage(conversationId: string, text: string): Promise<Message> {
  return apiRequest('sendMessage', { params: { id: conversationId }, body: { text } });
}

export function markRead(conversationId: string): Promise<void> {
  return apiRequest('markConversationRead', { params: { id: conversationId } });
}

/** The folder's conversations, most recent first; read afresh when the inbox opens. */
export function useConversations(folder: Folder) {
  return useQuery({
    queryKey: keys.conversations(folder),
    queryFn: ({ signal }) => getConversations(folder, signal),
    staleTime: 0,
  });
}

/** A thread's messages, newest first, older pages as the reader scrolls up. */
export function useThread(conversationId: string) {
  return useInfiniteQuery({
    queryKey: keys.thread(conversationId),
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    staleTime: 0,
  });
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendMessage(conversationId, text),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.thread(conversationId) }),
        queryClient.invalidateQueries({ queryKey: ['messages', 'conversations'] }),
      ]),
  });
}

import {
  conversationPageSchema,
  messagePageSchema,
  messageSchema,
  type ConversationPage,
  type Message,
  type MessagePage,
} from '@pinhole/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend } from '@/lib/api-client';

export type Folder = 'inbox' | 'requests';

const keys = {
  conversations: (folder: Folder) => ['messages', 'conversations', folder] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
};

export function getConversations(folder: Folder, signal?: AbortSignal): Promise<ConversationPage> {
  return apiRequest(
    `/api/conversations?folder=${folder}`,
    import.meta.env.DEV ? conversationPageSchema : undefined,
    { signal },
  );
}

export function getMessages(
  conversationId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  return apiRequest(
    `/api/conversations/${encodeURIComponent(conversationId)}/messages?${params.toString()}`,
    import.meta.env.DEV ? messagePageSchema : undefined,
    { signal },
  );
}

export function sendMessage(conversationId: string, text: string): Promise<Message> {
  return apiRequest(
    `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
    import.meta.env.DEV ? messageSchema : undefined,
    { method: 'POST', body: { text } },
  );
}

export function markRead(conversationId: string): Promise<void> {
  return apiSend(`/api/conversations/${encodeURIComponent(conversationId)}/read`);
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

import type { ConversationPage, Message, MessagePage } from '@pinhole/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '@/lib/api-client';

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

/** Photos (1–10), sent as their own message. */
export function sendPhotos(conversationId: string, files: readonly File[]): Promise<Message> {
  const form = new FormData();
  for (const file of files) form.append('image', file);
  return apiUpload('sendMessage', form, { params: { id: conversationId } });
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

/** After a change in a conversation: its thread and both folders read again. */
function useRefresh(conversationId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.thread(conversationId) }),
      queryClient.invalidateQueries({ queryKey: ['messages', 'conversations'] }),
    ]);
}

export function useSendMessage(conversationId: string) {
  const refresh = useRefresh(conversationId);
  return useMutation({
    mutationFn: (text: string) => sendMessage(conversationId, text),
    onSuccess: refresh,
  });
}

export function useSendPhotos(conversationId: string) {
  const refresh = useRefresh(conversationId);
  return useMutation({
    mutationFn: (files: readonly File[]) => sendPhotos(conversationId, files),
    onSuccess: refresh,
  });
}

/** Accept a request: the conversation moves to the inbox. */
export function useAcceptRequest(conversationId: string) {
  const refresh = useRefresh(conversationId);
  return useMutation({
    mutationFn: () => apiRequest('acceptConversation', { params: { id: conversationId } }),
    onSuccess: refresh,
  });
}

/** Delete a request (leave the conversation). */
export function useLeaveConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('leaveConversation', { params: { id: conversationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages', 'conversations'] }),
  });
}

export function useUnsend(conversationId: string) {
  const refresh = useRefresh(conversationId);
  return useMutation({
    mutationFn: (messageId: string) => apiRequest('unsendMessage', { params: { id: messageId } }),
    onSuccess: refresh,
  });
}

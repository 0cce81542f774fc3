import type { Conversation, Message } from '@pinhole/contracts';
import { pagePaths } from '@pinhole/contracts';
import { ChevronLeft } from 'lucide-react';
import { useCallback, useContext, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ErrorBox } from '@/components/ui/error-box';
import { errorMessage } from '@/lib/api-client';
import { AuthContext } from '@/lib/auth/use-auth';
import { formatDateTime } from '@/lib/date-format';
import {
  markRead,
  useSendMessage,
  useSendPhotos,
  useThread,
  useUnsend,
} from '@/features/messages/api/conversations';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';
import { RequestBar } from './request-bar';
import { ConversationAvatar } from './conversation-avatar';
import { useKeepScroll } from './use-keep-scroll';

/** Messages more than this apart get their own time label, as Instagram groups them. */
const groupGapMs = 15 * 60 * 1000;

const farApart = (earlier: Message, later: Message) =>
  Date.parse(later.created_at) - Date.parse(earlier.created_at) > groupGapMs;

/** Whether two neighbours belong to one run: same sender, no time label between them. */
const sameRun = (earlier: Message | undefined, later: Message | undefined) =>
  earlier !== undefined &&
  later !== undefined &&
  earlier.sender.id === later.sender.id &&
  !farApart(earlier, later);

/** One conversation: bubbles oldest at the top, the box to write at the bottom. */
export function Thread({
  conversationId,
  viewerId,
  conversation,
}: {
  conversationId: string;
  viewerId: string;
  /** Its entry in the lists, once they have loaded (a request shows Accept and Delete). */
  conversation?: Conversation | undefined;
}) {
  // Read softly: a thread drawn without a session (its tests) shows story replies unlinked.
  const viewerName = useContext(AuthContext)?.profile?.username;
  // A story is answered in a conversation of two: a reply of mine answers theirs, theirs mine.
  const storyRecipient = conversation?.participants[0]?.username;
  const thread = useThread(conversationId);
  const send = useSendMessage(conversationId);
  const sendPhotos = useSendPhotos(conversationId);
  const unsend = useUnsend(conversationId);
  const newestId = thread.data?.pages[0]?.messages[0]?.id;
  const { fetchNextPage } = thread;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const {
    list: listRef,
    sentinel: sentinelRef,
    beforeLoad,
  } = useKeepScroll({
    newestId,
    pageCount: thread.data?.pages.length ?? 0,
    hasOlder: thread.hasNextPage && !thread.isFetchingNextPage,
    loadOlder,
  });
  const isRequest = conversation?.is_request === true;

  useEffect(() => {
    // A request is not marked read: the sender learns nothing until it is accepted.
    if (newestId !== undefined && !isRequest) void markRead(conversationId).catch(() => undefined);
  }, [conversationId, newestId, isRequest]);

  const messages: Message[] = (thread.data?.pages ?? []).flatMap((page) => page.messages).reverse();
  const last = messages.at(-1);
  const failure = send.error ?? sendPhotos.error ?? unsend.error;
  const title =
    conversation?.name ?? conversation?.participants.map((p) => p.username).join(', ') ?? '';
  return (
    <section aria-label="Conversation" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b border-line px-4 py-3">
        {/* A phone shows the thread alone: the way back to the list. */}
        <Link to={pagePaths.directInbox.to()} aria-label="Back to messages" className="sm:hidden">
          <ChevronLeft aria-hidden className="size-6" />
        </Link>
        {conversation ? <ConversationAvatar conversation={conversation} size={32} /> : null}
        {title ? <h2 className="truncate text-base font-semibold">{title}</h2> : null}
      </div>
      <ol ref={listRef} className="flex flex-1 flex-col gap-1 overflow-y-auto p-4">
        {thread.hasNextPage ? (
          <li ref={sentinelRef} className="self-center">
            <button
              type="button"
              className="text-sm text-sky-700"
              onClick={() => {
                beforeLoad();
                loadOlder();
              }}
            >
              Earlier messages
            </button>
          </li>
        ) : null}
        {messages.map((message, index) => {
          const previous = messages[index - 1];
          const next = messages[index + 1];
          const showTime = !previous || farApart(previous, message);
          return (
            <li key={message.id} className="flex flex-col">
              {showTime ? (
                <time dateTime={message.created_at} className="my-2 self-center text-xs text-muted">
                  {formatDateTime(message.created_at)}
                </time>
              ) : null}
              <MessageBubble
                message={message}
                mine={message.sender.id === viewerId}
                onUnsend={() => unsend.mutate(message.id)}
                showAvatar={!sameRun(message, next)}
                showName={conversation?.is_group === true && !sameRun(previous, message)}
                storyOwner={message.sender.id === viewerId ? storyRecipient : viewerName}
              />
            </li>
          );
        })}
        {last && last.sender.id === viewerId && last.seen_by.length > 0 ? (
          <li className="self-end text-xs text-muted">Seen</li>
        ) : null}
      </ol>
      {failure ? (
        <div className="px-3">
          <ErrorBox>{errorMessage(failure)}</ErrorBox>
        </div>
      ) : null}
      {isRequest ? (
        <RequestBar conversationId={conversationId} from={title} />
      ) : (
        <Composer
          onSend={(text) => send.mutate(text)}
          onPhotos={(files) => sendPhotos.mutate(files)}
          disabled={send.isPending}
          sendingPhotos={sendPhotos.isPending}
        />
      )}
    </section>
  );
}

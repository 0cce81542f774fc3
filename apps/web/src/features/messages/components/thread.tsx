import type { Message } from '@pinhole/contracts';
import { useEffect } from 'react';
import { markRead, useSendMessage, useThread } from '@/features/messages/api/conversations';
import { Composer } from './composer';

/** Messages more than this apart get their own time label, as Instagram groups them. */
const groupGapMs = 15 * 60 * 1000;

function timeLabel(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** One conversation: bubbles oldest at the top, the box to write at the bottom. */
export function Thread({ conversationId, viewerId }: { conversationId: string; viewerId: string }) {
  const thread = useThread(conversationId);
  const send = useSendMessage(conversationId);
  const newestId = thread.data?.pages[0]?.messages[0]?.id;

  useEffect(() => {
    if (newestId !== undefined) void markRead(conversationId).catch(() => undefined);
  }, [conversationId, newestId]);

  const messages: Message[] = (thread.data?.pages ?? []).flatMap((page) => page.messages).reverse();
  const last = messages.at(-1);
  return (
    <section aria-label="Conversation" className="flex min-h-0 flex-1 flex-col">
      <ol className="flex flex-1 flex-col gap-1 overflow-y-auto p-4">
        {thread.hasNextPage ? (
          <li className="self-center">
            <button
              type="button"
              className="text-sm text-sky-600"
              onClick={() => void thread.fetchNextPage()}
            >
              Earlier messages
            </button>
          </li>
        ) : null}
        {messages.map((message, index) => {
          const previous = messages[index - 1];
          const mine = message.sender.id === viewerId;
          const showTime =
            !previous ||
            Date.parse(message.created_at) - Date.parse(previous.created_at) > groupGapMs;
          return (
            <li key={message.id} className="flex flex-col">
              {showTime ? (
                <time
                  dateTime={message.created_at}
                  className="my-2 self-center text-xs text-neutral-500"
                >
                  {timeLabel(message.created_at)}
                </time>
              ) : null}
              <p
                className={`max-w-[75%] rounded-3xl px-4 py-2 text-sm break-words whitespace-pre-wrap ${
                  mine ? 'self-end bg-sky-500 text-white' : 'self-start bg-neutral-100'
                }`}
              >
                {message.text}
                {message.shared_post ? (
                  <img
                    src={message.shared_post.thumbnail_url}
                    alt={`Post by ${message.shared_post.author.username}`}
                    className="mt-1 w-48 rounded-xl"
                  />
                ) : null}
              </p>
            </li>
          );
        })}
        {last && last.sender.id === viewerId && last.seen_by.length > 0 ? (
          <li className="self-end text-xs text-neutral-500">Seen</li>
        ) : null}
      </ol>
      <Composer onSend={(text) => send.mutate(text)} disabled={send.isPending} />
    </section>
  );
}

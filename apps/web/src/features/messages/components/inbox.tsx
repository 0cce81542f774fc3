import { SquarePen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { pagePaths, type Message } from '@pinhole/contracts';
import { useConversations, type Folder } from '@/features/messages/api/conversations';
import { ConversationAvatar } from './conversation-avatar';
import { NewMessageDialog } from './new-message-dialog';
import { Thread } from './thread';

/** The line under a conversation's name: its last message in a few words. */
function preview(message: Message | null): string {
  if (!message) return '';
  if (message.text) return message.text;
  if (message.images.length > 0)
    return `Sent ${message.images.length === 1 ? 'a photo' : 'photos'}`;
  return message.shared_post ? 'Shared a post' : '';
}

/**
 * `/direct/inbox`: the conversation list, and the open thread beside it on wide screens; a phone
 * shows one of the two.
 */
export function Inbox({
  viewerId,
  folder,
  openId,
}: {
  viewerId: string;
  folder: Folder;
  openId: string | null;
}) {
  const conversations = useConversations(folder);
  const requests = useConversations('requests');
  const [writing, setWriting] = useState(false);
  const list = conversations.data?.conversations ?? [];
  const requestCount = requests.data?.conversations.length ?? 0;
  // The open thread's entry: from either folder, since a request opens at /direct/t/:id too.
  const open = [...list, ...(requests.data?.conversations ?? [])].find((c) => c.id === openId);
  return (
    <div className="mx-auto flex h-[calc(100dvh-99px)] sm:h-[calc(100dvh-64px)] w-full max-w-[935px] border-neutral-200 sm:border-x">
      <nav
        aria-label="Conversations"
        className={`w-full flex-col border-neutral-200 sm:flex sm:w-[350px] sm:border-r ${openId ? 'max-sm:hidden' : 'flex'}`}
      >
        <div className="flex items-center gap-4 px-4 py-3 text-sm font-semibold">
          <Link
            to={pagePaths.directInbox.to()}
            aria-current={folder === 'inbox' ? 'page' : undefined}
            className={folder === 'inbox' ? '' : 'text-muted'}
          >
            Messages
          </Link>
          <Link
            to={pagePaths.directRequests.to()}
            aria-current={folder === 'requests' ? 'page' : undefined}
            className={folder === 'requests' ? '' : 'text-muted'}
          >
            Requests{requestCount > 0 ? ` (${requestCount})` : ''}
          </Link>
          <button
            type="button"
            aria-label="New message"
            onClick={() => setWriting(true)}
            className="ml-auto rounded-full p-1.5 hover:bg-neutral-100"
          >
            <SquarePen aria-hidden className="size-6" />
          </button>
          <NewMessageDialog open={writing} onOpenChange={setWriting} />
        </div>
        {conversations.isSuccess && list.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted">
            {folder === 'inbox' ? 'No messages yet.' : 'No message requests.'}
          </p>
        ) : null}
        <ul className="overflow-y-auto">
          {list.map((conversation) => {
            const title =
              conversation.name ??
              conversation.participants.map((person) => person.username).join(', ');
            return (
              <li key={conversation.id}>
                <Link
                  to={pagePaths.directThread.to(conversation.id)}
                  aria-current={conversation.id === openId ? 'page' : undefined}
                  className="flex items-center gap-3 px-4 py-2 hover:bg-neutral-50 aria-[current=page]:bg-neutral-100"
                >
                  <ConversationAvatar conversation={conversation} size={48} />
                  <span className="flex min-w-0 flex-col">
                    <span
                      className={`truncate text-sm ${conversation.unread_count > 0 ? 'font-semibold' : ''}`}
                    >
                      {title}
                    </span>
                    <span dir="auto" className="truncate text-xs text-neutral-600">
                      {preview(conversation.last_message)}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {openId ? (
        <Thread key={openId} conversationId={openId} viewerId={viewerId} conversation={open} />
      ) : (
        <p className="m-auto hidden text-sm text-muted sm:block">
          Your messages: send a message to a friend.
        </p>
      )}
    </div>
  );
}

import { Link } from 'react-router-dom';
import { pagePaths } from '@pinhole/contracts';
import { useConversations, type Folder } from '@/features/messages/api/conversations';
import { Thread } from './thread';

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
  const list = conversations.data?.conversations ?? [];
  return (
    <div className="mx-auto flex h-[calc(100dvh-64px)] w-full max-w-[935px] border-neutral-200 sm:border-x">
      <nav
        aria-label="Conversations"
        className={`w-full flex-col border-neutral-200 sm:flex sm:w-[350px] sm:border-r ${openId ? 'max-sm:hidden' : 'flex'}`}
      >
        <div className="flex gap-4 px-4 py-3 text-sm font-semibold">
          <Link
            to={pagePaths.directInbox.to()}
            aria-current={folder === 'inbox' ? 'page' : undefined}
            className={folder === 'inbox' ? '' : 'text-neutral-500'}
          >
            Messages
          </Link>
          <Link
            to={pagePaths.directRequests.to()}
            aria-current={folder === 'requests' ? 'page' : undefined}
            className={folder === 'requests' ? '' : 'text-neutral-500'}
          >
            Requests
          </Link>
        </div>
        {conversations.isSuccess && list.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-neutral-500">
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
                  className="flex flex-col px-4 py-2 hover:bg-neutral-50 aria-[current=page]:bg-neutral-100"
                >
                  <span
                    className={`text-sm ${conversation.unread_count > 0 ? 'font-semibold' : ''}`}
                  >
                    {title}
                  </span>
                  <span className="truncate text-xs text-neutral-500">
                    {conversation.last_message?.text ?? ''}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {openId ? (
        <Thread key={openId} conversationId={openId} viewerId={viewerId} />
      ) : (
        <p className="m-auto hidden text-sm text-neutral-500 sm:block">
          Your messages: send a message to a friend.
        </p>
      )}
    </div>
  );
}

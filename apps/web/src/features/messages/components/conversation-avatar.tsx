import type { Conversation } from '@pinhole/contracts';
import { Avatar } from '@/components/ui/avatar';

/**
 * Who a conversation is with, in pictures: the other person's avatar, or for a group the first
 * two overlapping, as Instagram draws them in its list.
 */
export function ConversationAvatar({
  conversation,
  size,
}: {
  conversation: Pick<Conversation, 'participants' | 'is_group' | 'name'>;
  size: number;
}) {
  const [first, second] = conversation.participants;
  if (!first) return <Avatar name={conversation.name ?? '?'} size={size} />;
  if (!conversation.is_group || !second)
    return <Avatar name={first.username} src={first.avatar_url} size={size} />;
  const small = Math.round(size * 0.75);
  return (
    <span className="relative shrink-0" style={{ width: size, height: size }}>
      <Avatar
        name={second.username}
        src={second.avatar_url}
        size={small}
        className="absolute top-0 right-0"
      />
      <Avatar
        name={first.username}
        src={first.avatar_url}
        size={small}
        className="absolute bottom-0 left-0 ring-2 ring-white"
      />
    </span>
  );
}

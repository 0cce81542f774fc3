import type { Message } from '@pinhole/contracts';
import { pagePaths } from '@pinhole/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { ReportDialog } from '@/domain/reports/components/report-dialog';
import { MessageMenu } from './message-menu';
import { isMessageVideo, MessageVideo } from './message-video';
import { StoryReplyLabel } from './story-reply-label';
import { useLongPress } from './use-long-press';

/** The size drawn in a bubble: the smallest copy at least this wide. */
const bubblePhotoWidth = 480;
/** The sender's picture beside their messages. */
const avatarSize = 28;

function photoUrl(image: Message['images'][number]): string {
  return image.variants.find((variant) => variant.width >= bubblePhotoWidth)?.url ?? image.url;
}

/**
 * One message: the story it replies to, its text, photos and shared post, and its "…" menu.
 * Someone else's messages are grouped as on Instagram: their picture beside the last of a run,
 * their name above the first in a group conversation.
 */
export function MessageBubble({
  message,
  mine,
  onUnsend,
  showAvatar = false,
  showName = false,
  storyOwner,
}: {
  message: Message;
  mine: boolean;
  onUnsend: () => void;
  /** The last of a run of someone else's messages: their picture beside it. */
  showAvatar?: boolean;
  /** The first of a run of someone else's messages in a group: their name above it. */
  showName?: boolean;
  /** Whose story the message replies to, when it replies to one. */
  storyOwner?: string | undefined;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const longPress = useLongPress(() => setMenuOpen(true));
  const sender = message.sender.username;
  return (
    <div
      className={`group flex max-w-[85%] items-end gap-2 ${mine ? 'flex-row-reverse self-end' : 'self-start'}`}
      {...longPress}
    >
      {mine ? null : (
        <span className="shrink-0" style={{ width: avatarSize }}>
          {showAvatar ? (
            <Link to={pagePaths.profile.to(sender)} tabIndex={-1} aria-hidden>
              <Avatar name={sender} src={message.sender.avatar_url} size={avatarSize} />
            </Link>
          ) : null}
        </span>
      )}
      <div className={`flex min-w-0 flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
        {showName ? <span className="px-3 text-xs text-muted">{sender}</span> : null}
        {message.story ? (
          <StoryReplyLabel story={message.story} mine={mine} owner={storyOwner} />
        ) : null}
        {message.text ? (
          <p
            dir="auto"
            className={`rounded-3xl px-4 py-2 text-sm break-words whitespace-pre-wrap select-text ${
              mine ? 'bg-sky-700 text-white' : 'bg-neutral-100 text-neutral-900'
            }`}
          >
            {message.text}
          </p>
        ) : null}
        {message.images.length > 0 ? (
          <div className="flex flex-wrap gap-1">
            {message.images.map((image, index) =>
              isMessageVideo(image) ? (
                <MessageVideo key={`${index}:${image.url}`} image={image} sender={sender} />
              ) : (
                <img
                  key={`${index}:${image.url}`}
                  src={photoUrl(image)}
                  alt={`Photo from ${sender}`}
                  width={image.width}
                  height={image.height}
                  className="h-auto w-48 rounded-2xl bg-neutral-100 object-cover"
                />
              ),
            )}
          </div>
        ) : null}
        {message.shared_post ? (
          <Link
            to={pagePaths.post.to(message.shared_post.id)}
            className="flex w-56 flex-col overflow-hidden rounded-2xl border border-line bg-white"
          >
            <span className="flex items-center gap-2 px-3 py-2 text-sm font-semibold">
              <Avatar
                name={message.shared_post.author.username}
                src={message.shared_post.author.avatar_url}
                size={24}
              />
              {message.shared_post.author.username}
            </span>
            <img
              src={message.shared_post.thumbnail_url}
              alt={`Post by ${message.shared_post.author.username}`}
              className="aspect-square w-full object-cover"
            />
          </Link>
        ) : null}
      </div>
      <MessageMenu
        mine={mine}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        onUnsend={onUnsend}
        onReport={() => setReporting(true)}
      />
      {mine ? null : (
        <ReportDialog
          targetType="message"
          targetId={message.id}
          open={reporting}
          onOpenChange={setReporting}
        />
      )}
    </div>
  );
}

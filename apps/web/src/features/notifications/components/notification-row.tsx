import { pagePaths, type Notification } from '@pinhole/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { ProfileName } from '@/components/ui/profile-name';
import { FollowButton } from '@/domain/people/components/follow-button';
import { FollowRequestAnswer } from '@/domain/people/components/follow-request-answer';
import { useClock } from '@/lib/clock';
import { isSameOriginUrl } from '@/lib/image-sources';
import { OverlayLink } from '@/lib/overlay-link';
import { timeLabel } from '@/lib/time-label';
import type { NotificationGroup } from '@/features/notifications/group-notifications';

interface NotificationRowProps {
  group: NotificationGroup;
}

/**
 * One row: who (avatar and name lead to their profile), what, when; then the post it is about
 * (leading to it), for a follow Follow back, for a follow request Approve and Delete.
 */
export function NotificationRow({ group }: NotificationRowProps) {
  const clock = useClock();
  const { latest } = group;
  const { actor } = latest;
  return (
    <li
      data-testid="notification"
      data-unread={group.unread ? '' : undefined}
      className={`flex items-center gap-3 px-4 py-2 ${group.unread ? 'bg-sky-50' : ''}`}
    >
      <Link
        to={pagePaths.profile.to(actor.username)}
        tabIndex={-1}
        aria-hidden
        className="shrink-0"
      >
        <Avatar name={actor.username} src={actor.avatar_url} size={44} />
      </Link>
      <p className="line-clamp-3 min-w-0 flex-1 text-sm break-words">
        <Message group={group} />{' '}
        <time dateTime={latest.created_at} className="text-muted">
          {timeLabel(latest.created_at, clock.now())}
        </time>
      </p>
      <Trailing notification={latest} />
    </li>
  );
}

/**
 * What happened, in words; names are links, and what people wrote stays plain text, each in a
 * `<bdi>` (ProfileName's own) so right-to-left words never pull the time into their run.
 */
function Message({ group }: { group: NotificationGroup }) {
  const { latest, actors } = group;
  const name = <ProfileName username={latest.actor.username} />;
  switch (latest.type) {
    case 'like': {
      const [, second] = actors;
      if (actors.length === 2 && second)
        return (
          <>
            {name} and <ProfileName username={second.username} /> liked your photo.
          </>
        );
      if (actors.length > 2)
        return (
          <>
            {name} and {actors.length - 1} others liked your photo.
          </>
        );
      return <>{name} liked your photo.</>;
    }
    case 'comment':
      return latest.comment ? (
        <>
          {name} commented: <bdi>{latest.comment.content}</bdi>
        </>
      ) : (
        <>{name} commented on your photo.</>
      );
    case 'follow':
      return <>{name} started following you.</>;
    case 'follow_request':
      return <>{name} requested to follow you.</>;
    case 'follow_accepted':
      return <>{name} accepted your follow request.</>;
    case 'mention':
      return latest.comment ? (
        <>
          {name} mentioned you in a comment: <bdi>{latest.comment.content}</bdi>
        </>
      ) : (
        <>{name} mentioned you in a caption.</>
      );
  }
}

/** What ends a row: the answer it asks for, or the post it is about. */
function Trailing({ notification }: { notification: Notification }) {
  switch (notification.type) {
    case 'follow':
      return <FollowButton person={notification.actor} followLabel="Follow back" />;
    case 'follow_request':
      return <FollowRequestAnswer person={notification.actor} />;
    case 'follow_accepted':
      return null;
    default:
      return notification.post && <PostThumbnail post={notification.post} />;
  }
}

function PostThumbnail({ post }: { post: NonNullable<Notification['post']> }) {
  return (
    <OverlayLink to={pagePaths.post.to(post.id)} className="shrink-0">
      {isSameOriginUrl(post.thumbnail_url) ? (
        <img
          src={post.thumbnail_url}
          alt="View post"
          width={44}
          height={44}
          loading="lazy"
          decoding="async"
          className="size-11 rounded bg-neutral-100 object-cover"
        />
      ) : (
        <span role="img" aria-label="View post" className="block size-11 rounded bg-neutral-100" />
      )}
    </OverlayLink>
  );
}

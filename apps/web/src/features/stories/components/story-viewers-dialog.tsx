import { pagePaths } from '@pinhole/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Dialog } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { ProfileName } from '@/components/ui/profile-name';
import { Spinner } from '@/components/ui/spinner';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { FollowButton } from '@/domain/people/components/follow-button';
import { useStoryViewers } from '@/features/stories/api/get-story-viewers';

interface StoryViewersDialogProps {
  storyId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  readerId: string | null;
}

/** Who has seen one of the reader's stories, newest first, each as in any list of people. */
export function StoryViewersDialog({
  storyId,
  open,
  onOpenChange,
  readerId,
}: StoryViewersDialogProps) {
  const { data, error, refetch, isFetching } = useStoryViewers(storyId, { enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Viewers" widthClass="max-w-[400px]">
      {/* One height whatever the list holds, so the dialog does not grow as it arrives. */}
      <div className="h-[min(400px,calc(100dvh-8rem))] overflow-y-auto">
        {data ? (
          data.viewers.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-muted">
              No one has seen this story yet.
            </p>
          ) : (
            <ul className="flex flex-col">
              {data.viewers.map(({ profile }) => (
                <li
                  key={profile.id}
                  data-testid="story-viewer"
                  className="flex items-center gap-3 px-4 py-2"
                >
                  <Link to={pagePaths.profile.to(profile.username)} tabIndex={-1} aria-hidden>
                    <Avatar name={profile.username} src={profile.avatar_url} size={44} />
                  </Link>
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="flex min-w-0 items-center gap-1">
                      <ProfileName username={profile.username} className="truncate text-sm" />
                      {profile.is_verified && <VerifiedBadge className="size-3.5" />}
                    </span>
                    <bdi className="truncate text-sm text-muted">{profile.full_name}</bdi>
                  </div>
                  {profile.id !== readerId && <FollowButton person={profile} />}
                </li>
              ))}
            </ul>
          )
        ) : error ? (
          <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : (
          <Spinner label="Loading..." className="flex justify-center py-10 text-sm" />
        )}
      </div>
    </Dialog>
  );
}

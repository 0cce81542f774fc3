import { useCallback } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { LoadMore } from '@/components/ui/load-more';
import { ProfileName } from '@/components/ui/profile-name';
import { useAuth } from '@/lib/auth/use-auth';
import { useFollowRequests } from '@/domain/people/api/follow-requests';
import { FollowRequestAnswer } from '@/domain/people/components/follow-request-answer';
import { useSetPrivate } from '@/features/privacy/api/set-private';

/** The Private account switch and, below it, the people asking to follow. */
export function PrivacySettings() {
  const { profile } = useAuth();
  const { mutate: setPrivate, isPending } = useSetPrivate();
  const isPrivate = profile?.is_private ?? false;
  return (
    <div className="flex flex-col gap-8">
      <section className="flex items-start justify-between gap-6 rounded-xl border border-line p-4">
        <div className="flex flex-col gap-1">
          <h2 id="private-account" className="text-base font-semibold">
            Private account
          </h2>
          <p className="text-sm text-muted">
            Only people you approve can see your posts and who you follow.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={isPrivate}
          aria-labelledby="private-account"
          disabled={isPending}
          onClick={() => setPrivate(!isPrivate)}
          className="relative h-6 w-11 shrink-0 rounded-full bg-neutral-300 transition-colors disabled:opacity-50 aria-checked:bg-neutral-900"
        >
          <span
            aria-hidden
            className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${isPrivate ? 'translate-x-5' : ''}`}
          />
        </button>
      </section>
      <FollowRequests />
    </div>
  );
}

function FollowRequests() {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useFollowRequests();
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);
  const people = data?.pages.flatMap((page) => page.profiles) ?? [];
  return (
    <section aria-labelledby="follow-requests" className="flex flex-col gap-3">
      <h2 id="follow-requests" className="text-base font-semibold">
        Follow requests
      </h2>
      {data && people.length === 0 && <p className="text-sm text-muted">No pending requests.</p>}
      <ul className="flex flex-col gap-3">
        {people.map((person) => (
          <li key={person.id} data-testid="follow-request" className="flex items-center gap-3">
            <Avatar name={person.username} src={person.avatar_url} size={44} />
            <div className="flex min-w-0 flex-1 flex-col">
              <ProfileName username={person.username} className="truncate text-sm" />
              <span className="truncate text-sm text-muted">{person.full_name}</span>
            </div>
            <FollowRequestAnswer person={person} decline="Decline" />
          </li>
        ))}
      </ul>
      {hasNextPage && <LoadMore loading={isFetchingNextPage} onLoadMore={loadMore} />}
    </section>
  );
}

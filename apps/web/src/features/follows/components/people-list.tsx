import { pagePaths } from '@pinhole/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { PagedList } from '@/components/ui/paged-list';
import { ProfileName } from '@/components/ui/profile-name';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { useAuth } from '@/lib/auth/use-auth';
import { usePeople, type PeopleList as ListKind } from '@/features/follows/api/get-people';
import { FollowButton } from '@/domain/people/components/follow-button';

const emptyTexts: Record<ListKind, string> = {
  followers: 'No followers yet.',
  following: 'Not following anyone yet.',
  likes: 'No likes yet.',
};

/**
 * Followers or following of one person (`ownerId`: theirs), or who liked a post (the post's):
 * avatar, name link, full name and a Follow button.
 */
export function PeopleList({ ownerId, list }: { ownerId: string; list: ListKind }) {
  const readerId = useAuth().user?.id;
  return (
    <PagedList query={usePeople(ownerId, list)}>
      {(pages, more) => {
        const people = pages.flatMap((page) => page.profiles);
        if (people.length === 0)
          return <p className="px-4 py-10 text-center text-sm text-muted">{emptyTexts[list]}</p>;
        return (
          <ul className="flex flex-col">
            {people.map((person) => (
              <li
                key={person.id}
                data-testid="person"
                className="flex items-center gap-3 px-4 py-2"
              >
                <Link to={pagePaths.profile.to(person.username)} tabIndex={-1} aria-hidden>
                  <Avatar name={person.username} src={person.avatar_url} size={44} />
                </Link>
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="flex min-w-0 items-center gap-1">
                    <ProfileName username={person.username} className="truncate text-sm" />
                    {person.is_verified && <VerifiedBadge className="size-3.5" />}
                  </span>
                  <bdi className="truncate text-sm text-muted">{person.full_name}</bdi>
                </div>
                {person.id !== readerId && <FollowButton person={person} />}
              </li>
            ))}
            {more && <li>{more}</li>}
          </ul>
        );
      }}
    </PagedList>
  );
}

import { pagePaths } from '@pinhole/contracts';
import { Link, useParams } from 'react-router-dom';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { namesNothing } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import type { PeopleList as ListKind } from '@/features/follows/api/get-people';
import { PeopleList } from '@/features/follows/components/people-list';
import { useProfileByUsername } from '@/domain/people/api/get-profile-by-username';
import { personOfAddress } from '@/domain/people/profile-address';
import { NotFoundPage } from './not-found';

export const peopleTitles: Record<ListKind, string> = {
  followers: 'Followers',
  following: 'Following',
  likes: 'Likes',
};

/**
 * `/:username/followers` and `/:username/following` as a page: on phones, and when the address is
 * loaded directly (wide screens open it from the profile as `PeopleDialogRoute`).
 */
export function PeopleRoute({ list }: { list: Exclude<ListKind, 'likes'> }) {
  const { username: address = '' } = useParams();
  // `/@user@host/followers` as well as `/alice/followers` (the server answers 404 for nobody).
  const username = personOfAddress(address)?.username ?? address;
  const { data: profile, error, refetch, isFetching } = useProfileByUsername(username);
  useDocumentTitle(pageTitle(peopleTitles[list]));
  if (namesNothing(error)) return <NotFoundPage />;
  if (error && !profile)
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!profile) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-[600px] pt-4 sm:pt-8">
      <div className="flex flex-col items-center gap-1 border-b border-line pb-3">
        <h1 className="text-base font-semibold">{peopleTitles[list]}</h1>
        <Link
          to={pagePaths.profile.to(profile.username)}
          className="text-sm text-muted hover:underline"
        >
          {profile.username}
        </Link>
      </div>
      <PeopleList ownerId={profile.id} list={list} />
    </div>
  );
}

// What the router's lazy import takes (see router.tsx).
export default PeopleRoute;

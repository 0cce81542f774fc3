import { useNavigate, useParams } from 'react-router-dom';
import { Dialog } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import type { PeopleList as ListKind } from '@/features/follows/api/get-people';
import { PeopleList } from '@/features/follows/components/people-list';
import { useProfileByUsername } from '@/domain/people/api/get-profile-by-username';
import { personOfAddress } from '@/domain/people/profile-address';
import { peopleTitles } from './people';

/**
 * `/:username/followers` and `/:username/following` opened over the profile (wide screens), as
 * Instagram's list dialog. Closing it is Back: the address returns to the profile.
 */
export function PeopleDialogRoute({ list }: { list: Exclude<ListKind, 'likes'> }) {
  const { username: address = '' } = useParams();
  // `/@user@host/followers` as well as `/alice/followers` (the server answers 404 for nobody).
  const username = personOfAddress(address)?.username ?? address;
  const navigate = useNavigate();
  const { data: profile, error, refetch, isFetching } = useProfileByUsername(username);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && void navigate(-1)}
      title={peopleTitles[list]}
      widthClass="max-w-[400px]"
    >
      {/* One height whatever the list holds, so the dialog does not grow as pages arrive. */}
      <div className="h-[min(400px,calc(100dvh-8rem))] overflow-y-auto" data-testid="people-scroll">
        {profile ? (
          <PeopleList ownerId={profile.id} list={list} />
        ) : error ? (
          <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : (
          <Spinner label="Loading..." className="flex justify-center py-10 text-sm" />
        )}
      </div>
    </Dialog>
  );
}

// What the router's lazy import takes (see router.tsx).
export default PeopleDialogRoute;

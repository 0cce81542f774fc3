import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { PagedList } from '@/components/ui/paged-list';
import { ProfileName } from '@/components/ui/profile-name';
import { errorMessage } from '@/lib/api-client';
import { ErrorBox } from '@/components/ui/error-box';
import { useBlockedPeople, useSetBlock } from '@/features/safety/api/blocks';

/**
 * `/accounts/blocked`: everyone the reader blocked, newest first, with Unblock per row. A row
 * unblocked stays in place with Block again, so a slip of the finger is undone where it happened.
 */
export function BlockedList() {
  const query = useBlockedPeople();
  const setBlock = useSetBlock();
  // Who was unblocked on this visit (the list itself is not read again until the next one).
  const [unblocked, setUnblocked] = useState<ReadonlySet<string>>(new Set());

  const toggle = (profileId: string, block: boolean) =>
    setBlock.mutate(
      { profileId, block },
      {
        onSuccess: () =>
          setUnblocked((current) => {
            const next = new Set(current);
            if (block) next.delete(profileId);
            else next.add(profileId);
            return next;
          }),
      },
    );

  return (
    <PagedList query={query}>
      {(pages, more) => {
        const people = pages.flatMap((page) => page.profiles);
        if (people.length === 0)
          return (
            <p className="py-10 text-center text-sm text-muted">
              You haven&apos;t blocked anyone. When you block someone, they show up here.
            </p>
          );
        return (
          <div className="flex flex-col gap-3">
            {setBlock.error && <ErrorBox>{errorMessage(setBlock.error)}</ErrorBox>}
            <ul className="flex flex-col">
              {people.map((person) => {
                const isUnblocked = unblocked.has(person.id);
                const busy = setBlock.isPending && setBlock.variables.profileId === person.id;
                return (
                  <li
                    key={person.id}
                    data-testid="blocked-person"
                    className="flex items-center gap-3 py-2"
                  >
                    {/* Their profile is hidden from the reader while blocked: a name, not a link. */}
                    <Avatar name={person.username} src={person.avatar_url} size={44} />
                    <div className="flex min-w-0 flex-1 flex-col">
                      {isUnblocked ? (
                        <ProfileName username={person.username} className="truncate text-sm" />
                      ) : (
                        <span className="truncate text-sm font-semibold">{person.username}</span>
                      )}
                      <span className="truncate text-sm text-muted">{person.full_name}</span>
                    </div>
                    <Button
                      variant={isUnblocked ? 'primary' : 'secondary'}
                      disabled={busy}
                      aria-label={`${isUnblocked ? 'Block' : 'Unblock'} ${person.username}`}
                      onClick={() => toggle(person.id, isUnblocked)}
                    >
                      {isUnblocked ? 'Block' : 'Unblock'}
                    </Button>
                  </li>
                );
              })}
              {more && <li>{more}</li>}
            </ul>
          </div>
        );
      }}
    </PagedList>
  );
}

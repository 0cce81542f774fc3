import { pagePaths, type AdminUser } from '@pinhole/contracts';
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { countedLabel } from '@/lib/format';
import { useAdminUsers, useSetSuspended } from '@/features/admin/api/admin';
import { PagedListState } from './paged-list';

/** Waits for a pause in typing before searching, so each key is not a request. */
function useDebounced(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Everyone on the instance, newest first, searchable by username, name or email. */
export function UsersPanel() {
  const searchId = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const query = useAdminUsers(q);
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <section aria-label="Users" className="flex flex-col gap-4">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search users
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        />
        <input
          id={searchId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search by username, name or email"
          maxLength={100}
          autoComplete="off"
          className="w-full rounded-lg border border-line bg-neutral-50 py-2 pr-3 pl-9 text-sm focus:border-neutral-400 focus:outline-none"
        />
      </div>
      <PagedListState
        query={query}
        empty={users.length === 0}
        emptyText={q ? `No one matches "${q}".` : 'No users yet.'}
      >
        <ul className="flex flex-col divide-y divide-line">
          {users.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </ul>
      </PagedListState>
    </section>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const readerId = useAuth().user?.id;
  const setSuspended = useSetSuspended();
  const [confirming, setConfirming] = useState(false);
  const suspended = user.suspended_at !== null;
  const run = (suspend: boolean) =>
    setSuspended.mutate({ userId: user.id, suspend }, { onSuccess: () => setConfirming(false) });

  return (
    <li data-testid="admin-user" className="flex items-center gap-3 py-3">
      <Avatar name={user.username} src={user.avatar_url} size={40} />
      <div className="flex min-w-0 flex-1 flex-col text-sm">
        <span className="flex flex-wrap items-center gap-1.5">
          <Link to={pagePaths.profile.to(user.username)} className="font-semibold hover:underline">
            {user.username}
          </Link>
          {user.role === 'admin' && (
            <span className="rounded bg-blue-100 px-1.5 text-xs font-semibold text-blue-800">
              Admin
            </span>
          )}
          {suspended && (
            <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800">
              Suspended
            </span>
          )}
        </span>
        <span className="truncate text-muted">
          {user.full_name} · {user.email}
        </span>
        <span className="text-xs text-muted">
          {countedLabel(user.posts_count, 'post', 'posts')}
        </span>
      </div>
      {user.id !== readerId &&
        (suspended ? (
          <button
            type="button"
            disabled={setSuspended.isPending}
            onClick={() => run(false)}
            aria-label={`Unsuspend ${user.username}`}
            className="rounded-lg bg-neutral-100 px-3 py-1.5 text-sm font-semibold hover:bg-neutral-200 disabled:opacity-50"
          >
            Unsuspend
          </button>
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            aria-label={`Suspend ${user.username}`}
            className="rounded-lg border border-red-600 px-3 py-1.5 text-sm font-semibold text-red-600 hover:bg-red-50 dark:hover:bg-red-950"
          >
            Suspend
          </button>
        ))}
      {setSuspended.error && !confirming && (
        <p role="alert" className="text-xs text-red-700">
          {errorMessage(setSuspended.error)}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Suspend @${user.username}?`}
        confirmLabel="Suspend"
        busyLabel="Suspending..."
        busy={setSuspended.isPending}
        error={setSuspended.error ? errorMessage(setSuspended.error) : null}
        onConfirm={() => run(true)}
      >
        They will be signed out everywhere and can&apos;t sign in; their profile, posts, comments
        and stories disappear for everyone but admins until you unsuspend them.
      </ConfirmDialog>
    </li>
  );
}

import { Copy } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-format';
import { useCreateInvite, useInvites } from '@/features/admin/api/admin';
import { PagedListState } from './paged-list';

/** A code with a Copy button that says when it worked. */
function CopyCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch (error) {
      console.error('Error copying the code', error);
    }
  };
  return (
    <span className="flex items-center gap-2">
      <code className="rounded bg-neutral-100 px-2 py-1 font-mono text-sm break-all">{code}</code>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={copied ? 'Copied' : `Copy ${code}`}
        className="rounded-md p-1.5 text-neutral-900 hover:bg-neutral-100"
      >
        {copied ? (
          <span className="text-xs font-semibold">Copied</span>
        ) : (
          <Copy aria-hidden className="size-4" />
        )}
      </button>
    </span>
  );
}

const numberInput =
  'w-24 rounded-md border border-line bg-neutral-50 px-3 py-1.5 text-sm focus:border-neutral-400 focus:outline-none';

export function InvitesPanel() {
  const usesId = useId();
  const daysId = useId();
  const [uses, setUses] = useState('1');
  const [days, setDays] = useState('7');
  const create = useCreateInvite();
  const list = useInvites();
  const invites = list.data?.invites ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate({ uses: Number(uses), expires_in_days: Number(days) });
  };

  return (
    <section aria-label="Invites" className="flex flex-col gap-5">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={usesId} className="text-xs font-semibold text-neutral-700">
            Uses
          </label>
          <input
            id={usesId}
            type="number"
            min={1}
            max={1000}
            required
            value={uses}
            onChange={(event) => setUses(event.target.value)}
            className={numberInput}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={daysId} className="text-xs font-semibold text-neutral-700">
            Valid for (days)
          </label>
          <input
            id={daysId}
            type="number"
            min={1}
            max={365}
            required
            value={days}
            onChange={(event) => setDays(event.target.value)}
            className={numberInput}
          />
        </div>
        <Button type="submit" disabled={create.isPending} className="py-2">
          {create.isPending ? 'Creating...' : 'Create invite'}
        </Button>
      </form>
      {create.error && <ErrorBox>{errorMessage(create.error)}</ErrorBox>}
      {create.data && (
        <div role="status" className="flex flex-col gap-2 rounded-xl border border-line p-4">
          <p className="text-sm font-semibold">New invite code</p>
          <CopyCode code={create.data.code} />
        </div>
      )}
      <h3 className="text-sm font-semibold">Usable invites</h3>
      <PagedListState query={list} empty={invites.length === 0} emptyText="No usable invites.">
        <ul className="flex flex-col divide-y divide-line">
          {invites.map((invite) => (
            <li
              key={invite.code}
              data-testid="invite"
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            >
              <CopyCode code={invite.code} />
              <span className="text-muted">
                {invite.uses_left} {invite.uses_left === 1 ? 'use' : 'uses'} left · expires{' '}
                {formatDateTime(invite.expires_at)}
              </span>
            </li>
          ))}
        </ul>
      </PagedListState>
    </section>
  );
}

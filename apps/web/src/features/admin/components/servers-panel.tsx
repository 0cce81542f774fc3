import {
  domainBlockReasonMaxLength,
  domainParamSchema,
  type DomainBlockSeverity,
} from '@pinhole/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-format';
import {
  useDomainBlocks,
  usePutDomainBlock,
  useRemoveDomainBlock,
} from '@/features/admin/api/domain-blocks';

const field =
  'rounded-md border border-line bg-neutral-50 px-3 py-1.5 text-sm focus:border-neutral-400 focus:outline-none';
const label = 'text-xs font-semibold text-neutral-700';

const severities: { value: DomainBlockSeverity; label: string; meaning: string }[] = [
  {
    value: 'suspend',
    label: 'Suspend',
    meaning: 'Nothing in or out; its people and posts are hidden, their likes and comments removed',
  },
  {
    value: 'silence',
    label: 'Silence',
    meaning: 'Its posts stay out of Explore and hashtag pages',
  },
];

/** Other servers the admin keeps out: a form to add one, and the list with Remove. */
export function ServersPanel() {
  const ids = { domain: useId(), severity: useId(), reason: useId() };
  const [domain, setDomain] = useState('');
  const [severity, setSeverity] = useState<DomainBlockSeverity>('suspend');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const list = useDomainBlocks();
  const put = usePutDomainBlock();
  const remove = useRemoveDomainBlock();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = domainParamSchema.safeParse({ domain });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Enter a domain');
      return;
    }
    setInvalid(null);
    const trimmed = reason.trim();
    put.mutate(
      { domain: parsed.data.domain, severity, ...(trimmed ? { reason: trimmed } : {}) },
      {
        onSuccess: () => {
          setDomain('');
          setReason('');
        },
      },
    );
  };

  return (
    <section aria-label="Servers" className="flex max-w-[700px] flex-col gap-5">
      <p className="text-sm text-muted">
        Servers of the fediverse kept out of this instance. A block covers the server&apos;s
        subdomains too.
      </p>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <label htmlFor={ids.domain} className={label}>
              Domain
            </label>
            <input
              id={ids.domain}
              value={domain}
              placeholder="spam.example"
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => setDomain(event.target.value)}
              className={field}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.severity} className={label}>
              Severity
            </label>
            <select
              id={ids.severity}
              value={severity}
              onChange={(event) => setSeverity(event.target.value as DomainBlockSeverity)}
              className={field}
            >
              {severities.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="text-xs text-muted">
          {severities.find((option) => option.value === severity)?.meaning}
        </p>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.reason} className={label}>
            Reason (optional, for other admins)
          </label>
          <input
            id={ids.reason}
            value={reason}
            maxLength={domainBlockReasonMaxLength}
            onChange={(event) => setReason(event.target.value)}
            className={field}
          />
        </div>
        <div>
          <Button type="submit" disabled={put.isPending} className="py-2">
            {put.isPending ? 'Saving...' : 'Block server'}
          </Button>
        </div>
      </form>
      {invalid && <ErrorBox>{invalid}</ErrorBox>}
      {put.error && <ErrorBox>{errorMessage(put.error)}</ErrorBox>}
      {remove.error && <ErrorBox>{errorMessage(remove.error)}</ErrorBox>}
      {list.error && !list.data ? (
        <LoadError
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : !list.data ? (
        <Spinner label="Loading..." className="py-6 text-sm" />
      ) : list.data.domains.length === 0 ? (
        <p className="text-sm text-muted">No server is blocked.</p>
      ) : (
        <ul
          aria-label="Blocked servers"
          className="flex flex-col divide-y divide-line border-y border-line"
        >
          {list.data.domains.map((block) => (
            <li key={block.domain} className="flex flex-wrap items-center gap-3 py-3">
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="text-sm font-semibold break-all">{block.domain}</span>
                <span className="text-xs text-muted">
                  {block.severity === 'suspend' ? 'Suspended' : 'Silenced'} ·{' '}
                  {formatDateTime(block.created_at)}
                  {block.reason ? ` · ${block.reason}` : ''}
                </span>
              </div>
              <Button
                variant="secondary"
                className="py-1.5"
                disabled={remove.isPending}
                aria-label={`Remove the block of ${block.domain}`}
                onClick={() => remove.mutate(block.domain)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

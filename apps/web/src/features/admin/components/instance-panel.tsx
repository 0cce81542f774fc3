import {
  pagePaths,
  instanceLimits,
  updateInstanceSchema,
  type Instance,
  type UpdateInstanceInput,
} from '@pinhole/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useInstanceSettings, useUpdateInstance } from '@/features/admin/api/instance-settings';

const field =
  'w-full rounded-md border border-line bg-neutral-50 px-3 py-1.5 text-sm focus:border-neutral-400 focus:outline-none';
const label = 'text-xs font-semibold text-neutral-700';

/** One rule a line; blank lines are not rules. */
const rulesOf = (text: string) =>
  text
    .split('\n')
    .map((rule) => rule.trim())
    .filter((rule) => rule !== '');

/** The admin's editor of `/about`: the instance's name, description, rules and contact. */
export function InstancePanel() {
  const { data, error, refetch, isFetching } = useInstanceSettings();
  if (error && !data)
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!data) return <Spinner label="Loading..." className="py-10 text-sm" />;
  return <InstanceForm instance={data} />;
}

function InstanceForm({ instance }: { instance: Instance }) {
  const ids = { name: useId(), description: useId(), rules: useId(), contact: useId() };
  const [name, setName] = useState(instance.name);
  const [description, setDescription] = useState(instance.description);
  const [rules, setRules] = useState(instance.rules.join('\n'));
  const [contact, setContact] = useState(instance.contact_email);
  const [invalid, setInvalid] = useState<string | null>(null);
  const update = useUpdateInstance();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: UpdateInstanceInput = {
      name,
      description,
      rules: rulesOf(rules),
      contact_email: contact,
    };
    // The server checks the same schema; checking first names the field without a round trip.
    const parsed = updateInstanceSchema.safeParse(input);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please check the fields');
      return;
    }
    setInvalid(null);
    update.mutate(input);
  };

  return (
    <section aria-label="About page" className="flex max-w-[600px] flex-col gap-4">
      <p className="text-sm text-muted">
        What everyone sees on{' '}
        <Link to={pagePaths.about.to()} className="font-semibold text-brand hover:underline">
          the About page
        </Link>
        .
      </p>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.name} className={label}>
            Name
          </label>
          <input
            id={ids.name}
            value={name}
            maxLength={instanceLimits.nameMaxLength}
            onChange={(event) => setName(event.target.value)}
            className={field}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.description} className={label}>
            Description
          </label>
          <textarea
            id={ids.description}
            value={description}
            rows={4}
            maxLength={instanceLimits.descriptionMaxLength}
            onChange={(event) => setDescription(event.target.value)}
            className={field}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.rules} className={label}>
            Rules (one a line, at most {instanceLimits.rulesMax})
          </label>
          <textarea
            id={ids.rules}
            value={rules}
            rows={6}
            onChange={(event) => setRules(event.target.value)}
            className={field}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.contact} className={label}>
            Contact email
          </label>
          <input
            id={ids.contact}
            type="email"
            value={contact}
            onChange={(event) => setContact(event.target.value)}
            className={field}
          />
          <span className="text-xs text-muted">Shown to everyone. Leave empty to show none.</span>
        </div>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={update.isPending} className="py-2">
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
          {update.isSuccess && !update.isPending && (
            <span role="status" className="text-sm text-muted">
              Saved
            </span>
          )}
        </div>
      </form>
      {invalid && <ErrorBox>{invalid}</ErrorBox>}
      {update.error && <ErrorBox>{errorMessage(update.error)}</ErrorBox>}
    </section>
  );
}

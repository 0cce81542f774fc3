import type { Instance } from '@pinhole/contracts';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';
import { useInstance } from '@/features/about/api/get-instance';

const counted = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** `/about`: what the instance says of itself, who to write to, and how many are here. */
export function AboutPage() {
  const { data, error, refetch, isFetching } = useInstance();
  if (error && !data)
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!data) return <PageSpinner />;
  return <About instance={data} />;
}

export function About({ instance }: { instance: Instance }) {
  const { name, description, rules, contact_email: contact, stats } = instance;
  return (
    <article className="mx-auto flex w-full max-w-[600px] flex-col gap-6 px-4 pt-6 pb-24 sm:pt-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-xl font-semibold break-words">{name}</h1>
        {description && <p className="text-sm break-words whitespace-pre-line">{description}</p>}
        <p className="text-sm text-muted" data-testid="about-stats">
          {counted(stats.users, 'person', 'people')} · {counted(stats.posts, 'post', 'posts')}
        </p>
      </header>
      <section aria-labelledby="about-rules" id="rules" className="flex flex-col gap-2">
        <h2 id="about-rules" className="text-base font-semibold">
          Rules
        </h2>
        {rules.length > 0 ? (
          <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-sm">
            {rules.map((rule, index) => (
              <li key={index} className="break-words">
                {rule}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted">This instance has not written any rules.</p>
        )}
      </section>
      <section aria-labelledby="about-contact" className="flex flex-col gap-2">
        <h2 id="about-contact" className="text-base font-semibold">
          Contact
        </h2>
        {contact ? (
          <p className="text-sm">
            <a href={`mailto:${contact}`} className="font-semibold text-brand hover:underline">
              {contact}
            </a>
          </p>
        ) : (
          <p className="text-sm text-muted">No contact address has been given.</p>
        )}
      </section>
    </article>
  );
}

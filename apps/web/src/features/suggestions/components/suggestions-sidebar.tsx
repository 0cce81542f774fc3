import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { ProfileName } from '@/components/ui/profile-name';
import { paths } from '@/config/paths';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { useAuth } from '@/lib/auth/use-auth';
import { useClock } from '@/lib/clock';
import { sampleSuggestions } from '@/features/suggestions/sample-suggestions';

const suggestions = sampleSuggestions();
const footerLinks = ['About', 'Help', 'Press', 'API', 'Jobs', 'Privacy', 'Terms'];

/** The spec's sidebar. Its buttons have no behaviour in the spec, so they have none here. */
export function SuggestionsSidebar() {
  // Signed out, the sidebar shows only the suggestions.
  const { profile: me } = useAuth();
  const year = new Date(useClock().now()).getFullYear();
  return (
    <div className="flex flex-col gap-5 pt-2">
      {me && (
        <div data-testid="sidebar-me" className="flex items-center gap-3">
          <AvatarLink username={me.username} src={me.avatar_url} />
          <div className="flex min-w-0 flex-1 flex-col">
            <ProfileName username={me.username} className="truncate text-sm" />
            <span className="truncate text-sm text-muted">{me.full_name}</span>
          </div>
          <button type="button" className="text-xs font-semibold text-brand hover:text-brand-dark">
            Switch
          </button>
        </div>
      )}
      <section aria-labelledby="suggestions-heading" className="flex flex-col gap-3">
        <div className="flex items-center justify-between">
          <h2 id="suggestions-heading" className="text-sm font-semibold text-muted">
            Suggestions for you
          </h2>
          <button type="button" className="text-xs font-semibold text-neutral-900 hover:text-muted">
            See All
          </button>
        </div>
        <ul className="flex flex-col gap-3">
          {suggestions.map((person) => (
            <li key={person.id} data-testid="suggestion" className="flex items-center gap-3">
              <AvatarLink username={person.username} />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-center gap-1">
                  <ProfileName username={person.username} className="truncate text-sm" />
                  {person.verified && <VerifiedBadge className="size-3.5" />}
                </span>
                <span className="truncate text-xs text-muted">Suggested for you</span>
              </div>
              <button
                type="button"
                aria-label={`Follow ${person.username}`}
                className="text-xs font-semibold text-brand hover:text-brand-dark"
              >
                Follow
              </button>
            </li>
          ))}
        </ul>
      </section>
      <footer className="flex flex-col gap-3 text-xs text-muted">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-1">
            {footerLinks.map((label, index) => (
              <li key={label}>
                <button type="button" className="hover:underline">
                  {label}
                </button>
                {index < footerLinks.length - 1 && <span aria-hidden> · </span>}
              </li>
            ))}
          </ul>
        </nav>
        <p>© {year} PINHOLE</p>
      </footer>
    </div>
  );
}

/** The avatar leads where the name beside it does; only the name is announced. */
function AvatarLink({ username, src }: { username: string; src?: string | null }) {
  return (
    <Link to={paths.profile.to(username)} tabIndex={-1} aria-hidden className="shrink-0">
      <Avatar name={username} src={src} size={44} />
    </Link>
  );
}

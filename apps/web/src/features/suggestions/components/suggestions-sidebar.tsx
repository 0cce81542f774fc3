import { pagePaths, endpointPath, limits } from '@pinhole/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ProfileName } from '@/components/ui/profile-name';
import { useAccountSwitcher } from '@/lib/auth/account-switcher-prompt';
import { useAuth } from '@/lib/auth/use-auth';
import { useClock } from '@/lib/clock';
import { queryKeys } from '@/lib/query-keys';
import { useMounted } from '@/lib/use-mounted';
import { useSuggestions } from '@/features/suggestions/api/get-suggestions';
import { AvatarLink } from './avatar-link';
import { LazySuggestionsSection } from './lazy-suggestions-section';

/**
 * The spec's sidebar: the reader, people to follow from `GET /api/suggestions` (the section is
 * hidden while they load and when there is nobody to suggest) and the footer.
 */
export function SuggestionsSidebar() {
  // Signed out, the sidebar shows only the suggestions.
  const { profile: me } = useAuth();
  // Switch opens Instagram's account switcher; nobody is signed out without choosing to.
  const switchAccount = useAccountSwitcher();
  const queryClient = useQueryClient();
  // On a wide screen these are the only suggestions beside an empty Following feed (the feed's
  // own are hidden there): following someone brings their posts into it at once.
  const readFeedAgain = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.feedOf('following') });
  const { data, isPending } = useSuggestions();
  // While hydrating, as the server drew them (never loaded there): an answer landing mid-hydration
  // would otherwise differ from the server's HTML (React error #418, the sidebar drawn again).
  const mounted = useMounted();
  const loading = isPending || !mounted;
  const suggestions = mounted ? (data?.profiles ?? []) : [];
  const year = new Date(useClock().now()).getFullYear();
  const room = (
    <div
      data-testid="suggestions-loading"
      aria-hidden
      style={{ height: 24 + limits.suggestionsDefaultLimit * 56 }}
    />
  );
  return (
    <div className="flex flex-col gap-5 pt-2">
      {me && (
        <div data-testid="sidebar-me" className="flex items-center gap-3">
          <AvatarLink username={me.username} src={me.avatar_url} />
          <div className="flex min-w-0 flex-1 flex-col">
            <ProfileName username={me.username} className="truncate text-sm" />
            <bdi className="truncate text-sm text-muted">{me.full_name}</bdi>
          </div>
          <button
            type="button"
            onClick={switchAccount}
            className="text-xs font-semibold text-brand hover:text-brand-dark"
          >
            Switch
          </button>
        </div>
      )}
      {/* Their room is kept while they load, so the footer below does not jump when they come. */}
      {loading && room}
      {suggestions.length > 0 && (
        <LazySuggestionsSection
          people={suggestions}
          look="sidebar"
          placeholder={room}
          onFollowChange={readFeedAgain}
        />
      )}
      <footer className="flex flex-col gap-3 text-xs text-muted">
        <nav aria-label="Footer">
          {/* The spec's items that have a page here, as real links (a dead link helps nobody):
              Help, Press, Jobs, Privacy and Terms had none. The API reference is the server's, not the app's. */}
          <ul className="flex flex-wrap gap-x-1">
            <li>
              <Link to={pagePaths.about.to()} className="hover:underline">
                About
              </Link>
              <span aria-hidden> · </span>
            </li>
            <li>
              <a href={endpointPath('apiDocs')} className="hover:underline">
                API
              </a>
            </li>
          </ul>
        </nav>
        <p>© {year} PINHOLE</p>
      </footer>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { useMounted } from '@/lib/use-mounted';
import { useSuggestions } from '@/features/suggestions/api/get-suggestions';
import { LazySuggestionsSection } from './lazy-suggestions-section';

/**
 * People to follow under the empty Following feed, so its "Follow some users" has somewhere to
 * start. Nothing while they load or when there is nobody to suggest.
 */
export function FeedSuggestions() {
  const queryClient = useQueryClient();
  const { data } = useSuggestions();
  // Not while hydrating: the server never has them, and an answer landing mid-hydration would
  // make this part differ from the server's HTML (React error #418, the page drawn again).
  const mounted = useMounted();
  const people = data?.profiles ?? [];
  if (!mounted || people.length === 0) return null;
  // Following someone from the empty Following feed brings their posts in at once.
  const readFeedAgain = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.feedOf('following') });
  return <LazySuggestionsSection people={people} look="card" onFollowChange={readFeedAgain} />;
}

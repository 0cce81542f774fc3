import type { Suggestion } from '@pinhole/contracts';
import type { ReactNode } from 'react';
import { useSuggestions } from '@/features/suggestions/api/get-suggestions';
import { SuggestionsSection } from './suggestions-section';

interface FeedSuggestionsProps {
  renderFollow: (person: Suggestion) => ReactNode;
}

/**
 * People to follow under the empty Following feed, so its "Follow some users" has somewhere to
 * start. Nothing while they load or when there is nobody to suggest.
 */
export function FeedSuggestions({ renderFollow }: FeedSuggestionsProps) {
  const { data } = useSuggestions();
  const people = data?.profiles ?? [];
  if (people.length === 0) return null;
  return <SuggestionsSection people={people} renderFollow={renderFollow} look="card" />;
}

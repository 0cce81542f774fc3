import type { Suggestion } from '@pinhole/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSuggestions } from '@/features/suggestions/api/get-suggestions';
import { SuggestionRow } from './suggestion-row';

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
  return (
    <section
      aria-labelledby="feed-suggestions-heading"
      className="flex w-full flex-col gap-3 rounded-lg border border-line px-4 py-4 text-left"
    >
      <div className="flex items-center justify-between">
        <h3 id="feed-suggestions-heading" className="text-sm font-semibold">
          Suggestions for you
        </h3>
        <Link
          to={paths.explorePeople.to()}
          className="text-xs font-semibold text-link hover:underline"
        >
          See All
        </Link>
      </div>
      <ul className="flex flex-col gap-3">
        {people.map((person) => (
          <SuggestionRow
            key={person.id}
            person={person}
            follow={renderFollow(person)}
            withFullName
          />
        ))}
      </ul>
    </section>
  );
}

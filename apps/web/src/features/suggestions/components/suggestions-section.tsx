import { pagePaths, type Suggestion } from '@pinhole/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { SuggestionRow } from './suggestion-row';

const looks = {
  /** The home's sidebar: a quiet heading, each person's reason only. */
  sidebar: {
    section: 'flex flex-col gap-3',
    heading: 'text-sm font-semibold text-muted',
    seeAll: 'text-xs font-semibold text-neutral-900 hover:text-muted',
  },
  /** A card in the feed's column: each person's full name too. */
  card: {
    section: 'flex w-full flex-col gap-3 rounded-lg border border-line p-4 text-left',
    heading: 'text-sm font-semibold',
    seeAll: 'text-xs font-semibold text-link hover:underline',
  },
} as const;

interface SuggestionsSectionProps {
  people: Suggestion[];
  look: keyof typeof looks;
  /** After the server agreed to a follow or an unfollow from this section. */
  onFollowChange?: () => void;
}

/** "Suggestions for you" with See All (`/explore/people`) and a row per person. */
export function SuggestionsSection({ people, look, onFollowChange }: SuggestionsSectionProps) {
  const headingId = useId();
  const style = looks[look];
  return (
    <section aria-labelledby={headingId} className={style.section}>
      <div className="flex items-center justify-between">
        <h2 id={headingId} className={style.heading}>
          Suggestions for you
        </h2>
        <Link to={pagePaths.explorePeople.to()} className={style.seeAll}>
          See All
        </Link>
      </div>
      <ul className="flex flex-col gap-3">
        {people.map((person) => (
          <SuggestionRow
            key={person.id}
            person={person}
            followLook={look === 'sidebar' ? 'link' : 'button'}
            onFollowChange={onFollowChange}
            withFullName={look === 'card'}
          />
        ))}
      </ul>
    </section>
  );
}

import type { ProfileSummary } from '@pinhole/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { findPeople, isRemotePerson, remoteMessagesText } from '@/domain/messages/api/direct';

/** Typing pauses this long before the search is asked. */
const searchDelayMs = 250;

/**
 * "To:" and a search box; each person found is a checkbox row. People on other servers are
 * shown but cannot be chosen, with the reason under their name.
 */
export function PeoplePicker({
  chosen,
  onChange,
  single = false,
}: {
  chosen: readonly ProfileSummary[];
  onChange: (people: ProfileSummary[]) => void;
  /** Choosing someone replaces the choice (sharing to one person at a time). */
  single?: boolean;
}) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim().replace(/^@+/, '')), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['messages', 'people', term],
    queryFn: ({ signal }) => findPeople(term, signal),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
  const isChosen = (person: ProfileSummary) => chosen.some((p) => p.id === person.id);
  const toggle = (person: ProfileSummary) => {
    if (isChosen(person)) onChange(chosen.filter((p) => p.id !== person.id));
    else onChange(single ? [person] : [...chosen, person]);
  };
  const people = term === '' ? [] : (found.data ?? []);
  return (
    <div className="flex flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-2">
        <label htmlFor={inputId} className="text-sm font-semibold">
          To:
        </label>
        {chosen.map((person) => (
          <button
            key={person.id}
            type="button"
            onClick={() => toggle(person)}
            aria-label={`Remove ${person.username}`}
            className="rounded-full bg-sky-100 px-3 py-0.5 text-sm text-sky-800"
          >
            {person.username} ×
          </button>
        ))}
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search..."
          autoComplete="off"
          className="min-w-24 flex-1 py-1 text-sm outline-none"
        />
      </div>
      <ul aria-label="People" className="max-h-72 min-h-40 overflow-y-auto py-1">
        {term !== '' && found.isSuccess && people.length === 0 ? (
          <li className="px-4 py-6 text-center text-sm text-muted">No account found.</li>
        ) : null}
        {people.map((person) => {
          const remote = isRemotePerson(person);
          return (
            <li key={person.id}>
              <label
                className={`flex items-center gap-3 px-4 py-2 ${remote ? 'opacity-70' : 'cursor-pointer hover:bg-neutral-50'}`}
              >
                <Avatar name={person.username} src={person.avatar_url} size={44} />
                <span className="flex min-w-0 flex-1 flex-col text-sm">
                  <span className="truncate font-semibold">{person.username}</span>
                  <span className="truncate text-muted">
                    {remote ? remoteMessagesText : person.full_name}
                  </span>
                </span>
                <input
                  type="checkbox"
                  checked={isChosen(person)}
                  disabled={remote}
                  onChange={() => toggle(person)}
                  aria-label={`Choose ${person.username}`}
                  className="size-5"
                />
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

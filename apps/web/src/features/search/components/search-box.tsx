import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { remoteSearchMessage } from '@pinhole/contracts';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { asksOtherServers, searchTermOf, useSearch } from '@/features/search/api/search';
import { useDebouncedValue } from '@/features/search/hooks/use-debounced-value';
import { useRecentSearches } from '@/features/search/hooks/use-recent-searches';
import { itemKey, itemPath, type SearchItem } from '@/features/search/search-item';
import { SearchField } from './search-field';
import { SearchOption } from './search-option';

/** A pause in typing this long sends the text: one request per word, not one per key. */
export const searchDebounceMs = 200;

// Clicks inside the list must not take focus from the box (it would close the list first).
const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * The search box (the header's, and `/explore`'s on phones): people and hashtags as you type,
 * the recent ones when empty. An ARIA combobox: focus stays in the box, the arrows move through
 * the list, Enter opens the row, Escape closes the list.
 */
export function SearchBox({
  className = '',
  initialText = '',
  autoFocus = false,
}: {
  className?: string;
  /** What was typed into the header's stand-in box (`LazySearchBox`) before this one loaded. */
  initialText?: string;
  /** Takes the focus on mount: the stand-in had it. */
  autoFocus?: boolean;
}) {
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const recent = useRecentSearches(useAuth().user?.id ?? null);
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(autoFocus);
  // The row under the arrows, by key: an answer arriving meanwhile cannot move it to another.
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const term = searchTermOf(text);
  const sentTerm = useDebouncedValue(term, searchDebounceMs);
  const { data, isPlaceholderData, isFetching, isError } = useSearch(sentTerm);

  const showingRecent = text.trim() === '';
  const items: SearchItem[] = showingRecent
    ? recent.items
    : term === '' || !data
      ? []
      : [
          ...data.profiles.map((profile) => ({ kind: 'profile' as const, profile })),
          ...data.hashtags.map((hashtag) => ({ kind: 'hashtag' as const, hashtag })),
        ];
  const expanded = open && (showingRecent || term !== '');
  const activeIndex = expanded ? items.findIndex((item) => itemKey(item) === activeKey) : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;
  // The answer is for what the box says now (not the one before, kept while the next loads).
  const answered = term !== '' && term === sentTerm && data !== undefined && !isPlaceholderData;

  let status: string | null = null;
  if (showingRecent) {
    if (items.length === 0) status = 'No recent searches.';
  } else if (answered && items.length === 0) {
    // A handle of another server that could not be found says why (this server does not
    // federate, theirs did not answer, nobody by that name), not only that nothing was found.
    const elsewhere = data.remote && remoteSearchMessage(data.remote.status, data.remote.host);
    status = elsewhere ? `No results found. ${elsewhere}` : 'No results found.';
  } else if (term !== '' && isError && !isFetching && term === sentTerm) {
    status = "Couldn't search. Please try again.";
  }
  const pending = !showingRecent && term !== '' && !answered && status === null;
  // Said, not only spun: an answer from another server can take seconds.
  const searchingElsewhere = pending && asksOtherServers(term);
  const loading = pending && items.length === 0 && !searchingElsewhere;

  // The row under the arrows stays in view in a list taller than its box.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActiveKey(null);
  };

  const choose = (item: SearchItem) => {
    recent.remember(item);
    close();
    setText('');
    input.current?.blur();
    void navigate(itemPath(item));
  };

  const move = (step: 1 | -1) => {
    if (items.length === 0) return;
    const next =
      activeIndex < 0
        ? step === 1
          ? 0
          : items.length - 1
        : (activeIndex + step + items.length) % items.length;
    const item = items[next];
    if (item) setActiveKey(itemKey(item));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        event.preventDefault();
        const item = open ? items[activeIndex] : undefined;
        if (item) choose(item);
        break;
      }
      case 'Escape':
        if (!open) return;
        // Only the list closes, not a dialog the box may sit in.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
    }
  };

  // Leaving the box and its list (a click elsewhere, Tab past Clear all) closes it.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };

  return (
    <form
      role="search"
      onSubmit={(event) => event.preventDefault()}
      onBlur={onBlur}
      className={`relative ${className}`}
    >
      <SearchField
        ref={input}
        // The stand-in it replaces had the focus (a person clicked or tabbed into it).
        autoFocus={autoFocus}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActiveKey(null);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {/* Always there, hidden while closed: the box's aria-controls names the list inside. */}
      <div
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-lg border border-line bg-white shadow-lg sm:right-auto sm:left-1/2 sm:w-[375px] sm:-translate-x-1/2"
      >
        {expanded && showingRecent && (
          <div className="flex items-center justify-between px-4 pt-3 pb-1">
            <h2 className="text-base font-semibold">Recent</h2>
            {items.length > 0 && (
              <button
                type="button"
                onMouseDown={keepFocus}
                onClick={() => {
                  recent.clear();
                  setActiveKey(null);
                  input.current?.focus();
                }}
                className="text-sm font-semibold text-brand hover:text-brand-dark"
              >
                Clear all
              </button>
            )}
          </div>
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label={showingRecent ? 'Recent searches' : 'Search results'}
          onMouseDown={keepFocus}
          className="max-h-[min(420px,60dvh)] overflow-y-auto empty:hidden"
        >
          {expanded &&
            items.map((item, index) => (
              <SearchOption
                key={itemKey(item)}
                id={optionId(index)}
                item={item}
                active={index === activeIndex}
                showFollowing={!showingRecent}
                onChoose={() => choose(item)}
              />
            ))}
        </ul>
        {expanded && status && (
          <p role="status" className="px-4 py-6 text-center text-sm text-muted">
            {status}
          </p>
        )}
        {expanded && loading && (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        )}
        {expanded && searchingElsewhere && (
          <div className="flex justify-center py-6 text-sm">
            <Spinner label="Searching other servers…" />
          </div>
        )}
      </div>
    </form>
  );
}

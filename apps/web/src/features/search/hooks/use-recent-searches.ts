import { useCallback, useSyncExternalStore } from 'react';
import { itemKey, type SearchItem } from '@/features/search/search-item';

/** How many chosen people and hashtags the box remembers, newest first. */
export const recentSearchesLimit = 10;

const storagePrefix = 'pinhole:recent-searches:';
const none: SearchItem[] = [];
const listeners = new Set<() => void>();
/** The last list read per key with the text it came from: a snapshot must stay the same object. */
const lastRead = new Map<string, { raw: string | null; items: SearchItem[] }>();

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

// Read without zod (kept out of the header's script): anything else in storage is dropped.
function isSearchItem(value: unknown): value is SearchItem {
  if (!isRecord(value)) return false;
  if (value.kind === 'hashtag') {
    const { hashtag } = value;
    return (
      isRecord(hashtag) &&
      typeof hashtag.name === 'string' &&
      typeof hashtag.posts_count === 'number'
    );
  }
  if (value.kind === 'profile') {
    const { profile } = value;
    return (
      isRecord(profile) &&
      typeof profile.id === 'string' &&
      typeof profile.username === 'string' &&
      typeof profile.full_name === 'string' &&
      (profile.avatar_url === null || typeof profile.avatar_url === 'string') &&
      typeof profile.is_verified === 'boolean'
    );
  }
  return false;
}

function parse(raw: string | null): SearchItem[] {
  if (raw === null) return none;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isSearchItem).slice(0, recentSearchesLimit) : none;
  } catch {
    return none;
  }
}

function read(key: string): SearchItem[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    // Storage refused (a private window's quota, a policy): nothing remembered.
  }
  const last = lastRead.get(key);
  if (last?.raw === raw) return last.items;
  const items = parse(raw);
  lastRead.set(key, { raw, items });
  return items;
}

function write(key: string, items: SearchItem[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(items));
  } catch {
    // Not remembered this time; the search itself still works.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the list.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The people and hashtags chosen from the search box, kept in this browser (per reader, so a
 * shared computer does not show one person's searches to the next). Nothing on the server.
 */
export function useRecentSearches(readerId: string | null) {
  const key = `${storagePrefix}${readerId ?? 'visitor'}`;
  const items = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => none,
  );
  const remember = useCallback(
    (item: SearchItem) => {
      const chosen = itemKey(item);
      const rest = read(key).filter((other) => itemKey(other) !== chosen);
      write(key, [item, ...rest].slice(0, recentSearchesLimit));
    },
    [key],
  );
  const clear = useCallback(() => write(key, []), [key]);
  return { items, remember, clear };
}

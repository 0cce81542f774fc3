import { useEffect, useState } from 'react';
import type { FeedSuggestions } from './feed-suggestions';

/**
 * The empty Following feed's suggestions, loaded once the app has started: they are never drawn
 * before (the server has none), so the first script need not carry them.
 */
export function FeedSuggestionsLater() {
  const [Suggestions, setSuggestions] = useState<typeof FeedSuggestions | null>(null);
  useEffect(() => {
    let current = true;
    import('./feed-suggestions')
      .then((module) => {
        if (current) setSuggestions(() => module.FeedSuggestions);
      })
      .catch((error: unknown) => console.error('Error loading suggestions', error));
    return () => {
      current = false;
    };
  }, []);
  return Suggestions ? <Suggestions /> : null;
}

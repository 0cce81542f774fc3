import { apiRequest } from '@/lib/api-client';
import { postsCountLabel } from '@/lib/format';
import type { MentionToken } from '@/lib/mention-token';

/** One row of the list under a caption, comment or message being written. */
export interface MentionSuggestion {
  /** What is inserted after the sigil: a username or a hashtag's name. */
  value: string;
  /** The second line: a person's full name, a hashtag's posts. */
  detail: string;
  avatarUrl: string | null;
  kind: MentionToken['kind'];
}

/** Rows shown at most: a phone's keyboard leaves little room. */
export const mentionSuggestionsShown = 6;

/**
 * People or hashtags for what is being typed, from the search the header uses: `@al` finds
 * people only (the exact username first, then people you follow, then the most followed), `#su`
 * hashtags only (the most used first).
 */
export async function fetchMentionSuggestions(
  token: Pick<MentionToken, 'kind' | 'query'>,
  signal?: AbortSignal,
): Promise<MentionSuggestion[]> {
  const sigil = token.kind === 'people' ? '@' : '#';
  const result = await apiRequest('search', { query: { q: `${sigil}${token.query}` }, signal });
  if (token.kind === 'people') {
    return result.profiles.slice(0, mentionSuggestionsShown).map((person) => ({
      kind: 'people',
      value: person.username,
      detail: person.full_name,
      avatarUrl: person.avatar_url,
    }));
  }
  return result.hashtags.slice(0, mentionSuggestionsShown).map((tag) => ({
    kind: 'tags',
    value: tag.name,
    detail: postsCountLabel(tag.posts_count),
    avatarUrl: null,
  }));
}

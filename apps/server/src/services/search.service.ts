import type { ProfileSummary, SearchResult } from '@pinhole/contracts';
import { foldForSearch, limits } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { followedAmong } from '../repositories/follows.repository';
import type { FoundPerson as FoundRow } from '../repositories/search.repository';
import {
  findPersonByUsername,
  searchFollowedPeople,
  searchHashtags,
  searchPeople,
} from '../repositories/search.repository';
import { cacheTags } from './caching/cache-tags';
import type { Tagged } from './caching/tagged-cache';
import { toProfileSummary } from './profile-summary';
import type { FoundPerson, SharedSearch } from './read-caches';

/**
 * How long a search's order by followers, and its hashtags' counts, may lag. Who a search finds
 * is never late: a sign-up or a new name (`search-terms`) forgets every kept search, on every
 * instance, and whom the viewer follows is read fresh on every request.
 */
const rankingMs = 60_000;

/** Words of a query used at most: each more word is one more probe per person found. */
const maxWords = 4;

const nothing: SearchResult = { profiles: [], hashtags: [] };

/** Control characters (NUL among them) are in no name, and PostgreSQL refuses NUL in text. */
const controlCharacters = /\p{Cc}+/gu;

/**
 * The words of a people search, folded as names are stored (`José` → `jose`). A leading `@`
 * (someone typing a mention) is not part of the name. Whitespace separates words; every other
 * character, `%`, `_`, `\` and quotes included, is compared as itself.
 */
export function searchWords(query: string): string[] {
  return foldForSearch(query.replace(/^@/, ''))
    .replace(controlCharacters, ' ')
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, maxWords);
}

const withoutCount = ({ followersCount: _count, ...summary }: FoundPerson): ProfileSummary =>
  summary;

/** People by name and hashtags by prefix (API.md, Discovery). */
export class SearchService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * `q` starting with `#` finds hashtags only; otherwise people whose username, or any word of
   * whose full name, starts with the query: the exact username first, then people the viewer
   * follows, then the most followed. The caller has synced the caches for this request.
   */
  async search(query: string, viewerId: string | null): Promise<SearchResult> {
    const minute = Math.floor(Date.now() / rankingMs);
    if (query.startsWith('#')) {
      const prefix = query.slice(1).toLowerCase().replace(controlCharacters, '');
      if (prefix.length === 0) return nothing;
      const key = JSON.stringify(['#', prefix, minute]);
      const found = await this.infra.caches.searches.get(key, async () => ({
        value: {
          exact: null,
          people: [],
          hashtags: await searchHashtags(this.db, prefix, limits.searchHashtagsLimit),
        },
        tags: [],
      }));
      return { profiles: [], hashtags: found.hashtags };
    }
    const words = searchWords(query);
    if (words.length === 0) return nothing;
    const key = JSON.stringify([words, minute]);
    const shared = await this.infra.caches.searches.get(key, () => this.#findPeople(words));
    const followed =
      viewerId === null
        ? []
        : (
            await searchFollowedPeople(this.db, viewerId, {
              words,
              limit: limits.searchProfilesLimit,
            })
          ).map((row) => this.#found(row));
    const ranked = new Map<string, FoundPerson>();
    for (const person of [...(shared.exact ? [shared.exact] : []), ...followed, ...shared.people]) {
      if (!ranked.has(person.id)) ranked.set(person.id, person);
    }
    const shown = [...ranked.values()].slice(0, limits.searchProfilesLimit).map(withoutCount);
    const followedIds =
      viewerId === null
        ? new Set<string>()
        : await followedAmong(
            this.db,
            viewerId,
            shown.map((person) => person.id),
          );
    return {
      profiles: shown.map((person) => ({ ...person, followed_by_me: followedIds.has(person.id) })),
      hashtags: [],
    };
  }

  /** What a people search finds for everyone: the exact username and the most followed. */
  async #findPeople(words: string[]): Promise<Tagged<SharedSearch>> {
    const [first] = words;
    const exact =
      words.length === 1 && first !== undefined
        ? await findPersonByUsername(this.db, first)
        : undefined;
    const people = await searchPeople(this.db, { words, limit: limits.searchProfilesLimit });
    const value: SharedSearch = {
      exact: exact ? this.#found(exact) : null,
      people: people.map((row) => this.#found(row)),
      hashtags: [],
    };
    const shown = value.exact ? [value.exact, ...value.people] : value.people;
    return {
      value,
      tags: [cacheTags.searchTerms, ...shown.map((person) => cacheTags.profile(person.id))],
    };
  }

  #found(row: FoundRow): FoundPerson {
    return {
      ...toProfileSummary(row, this.infra.storage, false),
      followersCount: row.followers_count,
    };
  }
}

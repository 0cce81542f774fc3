import type { ProfileSummary, RemoteSearchStatus, SearchResult } from '@pinhole/contracts';
import { foldForSearch, limits } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import type { FoundPerson as FoundRow } from '../repositories/search.repository';
import {
  findPersonByUsername,
  listFolloweeTerms,
  searchHashtags,
  searchPeople,
} from '../repositories/search.repository';
import { cacheTags } from '../cache/cache-tags';
import { isFollowing } from '../repositories/follows.repository';
import { findProfileById } from '../repositories/profiles.repository';
import { hiddenPeopleOf } from '../policies/hidden-people';
import type { Tagged } from '../cache/tagged-cache';
import { toProfileSummary } from '../views/profile-summary';
import type { Followee, FoundPerson, SharedSearch } from '../cache/read-caches';

/**
 * How long a search's order by followers, and its hashtags' counts, may lag. Who a search finds
 * is never late: a sign-up or a new name (`search-terms`) forgets every kept search, on every
 * instance, and whom the viewer follows is read fresh on every request.
 */
const rankingMs = 60_000;

/**
 * The ranking period a kept search (or a viewer's followees) belongs to. Each key's periods are
 * `rankingMs` long but start at its own offset within the minute, so kept searches expire one by
 * one instead of all at the top of each minute: on SQLite every reload runs on the event loop, and
 * a hundred of them at once held every request behind them for half a second.
 */
export function rankingPeriod(key: string, now: number): number {
  // FNV-1a: any even spread will do; nothing depends on it being unguessable.
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return Math.floor((now + (hash % rankingMs)) / rankingMs);
}

/** Words of a query used at most: each more word is one more probe per person found. */
const maxWords = 4;

/**
 * Looks up the person of another server a query names (the federation's lookup): their profile
 * id, or why not; undefined when the query names nobody elsewhere.
 */
/** What asking another server about someone came to: their profile id here, or why not. */
export type RemoteOutcome = { found: string } | { failed: 'not_found' | 'unreachable' };

export type RemotePersonFinder = (query: string) => Promise<RemoteOutcome | undefined>;

/** A query naming someone elsewhere, on a server that cannot look (off, or signed out). */
export interface RemoteNotAsked {
  host: string;
  status: Extract<RemoteSearchStatus, 'not_federating' | 'sign_in'>;
}

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

/** People by name and hashtags by prefix, as the search box finds them while one types. */
export class SearchService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * `q` starting with `#` finds hashtags only; otherwise people whose username, or any word of
   * whose full name, starts with the query: the exact username first, then people the viewer
   * follows, then the most followed; and, for one word, hashtags starting with it. The caller has
   * synced the caches for this request.
   */
  async search(
    query: string,
    viewerId: string | null,
    elsewhere?: { host: string; find: RemotePersonFinder } | RemoteNotAsked,
  ): Promise<SearchResult> {
    if (!elsewhere) return this.#search(query, viewerId);
    if ('status' in elsewhere || viewerId === null) {
      const status = 'status' in elsewhere ? elsewhere.status : 'sign_in';
      return { ...(await this.#search(query, viewerId)), remote: { status, host: elsewhere.host } };
    }
    const [local, outcome] = await Promise.all([
      this.#search(query, viewerId),
      elsewhere.find(query),
    ]);
    if (!outcome) return local;
    const host = elsewhere.host;
    if ('failed' in outcome) return { ...local, remote: { status: outcome.failed, host } };
    const remote = await this.#remotePerson(outcome.found, viewerId);
    // Hidden (blocked, suspended) reads as nobody found, as it does for a person here.
    if (!remote) return { ...local, remote: { status: 'not_found', host } };
    const others = local.profiles.filter((person) => person.id !== remote.id);
    return {
      profiles: [remote, ...others].slice(0, limits.searchProfilesLimit),
      hashtags: local.hashtags,
      remote: { status: 'found', host },
    };
  }

  /** A person of another server the query named, unless hidden from the viewer. */
  async #remotePerson(id: string, viewerId: string): Promise<ProfileSummary | undefined> {
    const row = await findProfileById(this.db, id);
    if (!row || row.suspended_at !== null) return undefined;
    const hidden = await hiddenPeopleOf(this.db, this.infra.caches, viewerId);
    if (hidden.has(id)) return undefined;
    return toProfileSummary(row, this.infra.storage, await isFollowing(this.db, viewerId, id));
  }

  async #search(query: string, viewerId: string | null): Promise<SearchResult> {
    const now = Date.now();
    if (query.startsWith('#')) {
      return { profiles: [], hashtags: await this.#hashtags(query.slice(1), now) };
    }
    const words = searchWords(query);
    if (words.length === 0) return nothing;
    // One word also finds hashtags by prefix, as Instagram's box does: `sun` finds #sunset and
    // `cafe` #café. Not after an `@` (a mention is a person), nor for several words (no tag has a
    // space).
    const [onlyWord] = words;
    const hashtags =
      words.length === 1 && onlyWord !== undefined && !query.startsWith('@')
        ? this.#hashtags(onlyWord, now)
        : Promise.resolve([]);
    const [profiles, found] = await Promise.all([this.#people(words, viewerId, now), hashtags]);
    return { profiles, hashtags: found };
  }

  /** Hashtags whose name starts with `query`, most used first (their counts may lag a minute). */
  async #hashtags(query: string, now: number): Promise<SearchResult['hashtags']> {
    // Folded as the stored names are (migration 0011): `cafe` finds `#café`.
    const prefix = foldForSearch(query).replace(controlCharacters, '');
    if (prefix.length === 0) return [];
    const key = JSON.stringify(['#', prefix, rankingPeriod(`#${prefix}`, now)]);
    const found = await this.infra.caches.searches.get(key, async () => ({
      value: {
        exact: null,
        people: [],
        hashtags: await searchHashtags(this.db, prefix, limits.searchHashtagsLimit),
      },
      tags: [],
    }));
    return found.hashtags;
  }

  /** People whose username or a word of whose name starts with each of `words`. */
  async #people(
    words: string[],
    viewerId: string | null,
    now: number,
  ): Promise<SearchResult['profiles']> {
    const key = JSON.stringify([words, rankingPeriod(words.join(' '), now)]);
    const shared = await this.infra.caches.searches.get(key, () => this.#findPeople(words));
    const followees =
      viewerId === null ? [] : await this.#followees(viewerId, rankingPeriod(viewerId, now));
    const followed = followees
      .filter((followee) =>
        words.every((word) => followee.terms.some((term) => term.startsWith(word))),
      )
      .slice(0, limits.searchProfilesLimit)
      .map((followee) => followee.person);
    // People blocked either way are left out after the shared cache, for this viewer alone.
    const hidden = await hiddenPeopleOf(this.db, this.infra.caches, viewerId);
    const ranked = new Map<string, FoundPerson>();
    for (const person of [...(shared.exact ? [shared.exact] : []), ...followed, ...shared.people]) {
      if (!ranked.has(person.id) && !hidden.has(person.id)) ranked.set(person.id, person);
    }
    const shown = [...ranked.values()].slice(0, limits.searchProfilesLimit).map(withoutCount);
    const followedIds = new Set(followees.map((followee) => followee.person.id));
    return shown.map((person) => ({ ...person, followed_by_me: followedIds.has(person.id) }));
  }

  /**
   * Whom the viewer follows, with their search terms, most followed first: one query per viewer
   * and ranking period, then every keystroke is answered from memory. A follow or unfollow on any
   * instance (`follows-of:`), a new name (`profile:`) or anyone's new terms forget it at once.
   */
  #followees(viewerId: string, period: number): Promise<Followee[]> {
    const key = JSON.stringify([viewerId, period]);
    return this.infra.caches.followees.get(key, async () => {
      const byId = new Map<string, Followee>();
      for (const row of await listFolloweeTerms(this.db, viewerId)) {
        const known = byId.get(row.id);
        if (known) known.terms.push(row.term);
        else byId.set(row.id, { person: this.#found(row), terms: [row.term] });
      }
      const followees = [...byId.values()].sort(
        (a, b) =>
          b.person.followersCount - a.person.followersCount || (a.person.id < b.person.id ? -1 : 1),
      );
      return {
        value: followees,
        tags: [
          cacheTags.followsOf(viewerId),
          cacheTags.searchTerms,
          ...followees.map((followee) => cacheTags.profile(followee.person.id)),
        ],
      };
    });
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

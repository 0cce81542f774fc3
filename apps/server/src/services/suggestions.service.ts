import type { Suggestion, SuggestionList, SuggestionQuery } from '@pinhole/contracts';
import { limits, suggestionReason } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { listRecentFolloweeIds } from '../repositories/follows.repository';
import {
  listFriendsOfFriends,
  listPopular,
  type SuggestedRow,
} from '../repositories/suggestions.repository';
import { cacheTags } from '../cache/cache-tags';
import { hiddenPeopleOf } from '../policies/hidden-people';
import type { Tagged } from '../cache/tagged-cache';
import { decodeOffsetCursor, encodeOffsetCursor } from '../pagination/offset-cursor';
import { toProfileSummary } from '../views/profile-summary';

/**
 * How long the ranking of "Popular on Pinhole" may lag behind follower counts. Whom a list
 * leaves out (yourself, whoever you follow or asked) is never late: those changes forget it.
 */
const popularRankingMs = 60_000;

/**
 * Friends of friends are found through the viewer's most recent follows only: walking all 300
 * of someone's follows (45,000 follows of follows) took 100–200 ms on both databases, these
 * about a third of it. Recent follows say the most about whom someone wants to see now, and
 * whoever follows fewer than this is walked whole.
 */
const followeesWalked = 100;

/** The whole list `/explore/people` can page through: three pages of the largest size. */
const listedAtMost = 3 * limits.suggestionsMaxLimit;

/** "Suggestions for you": friends of friends first, then the most followed people. */
export class SuggestionsService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * A page of the viewer's suggestions. The cursor is a position in the ranked list: between
   * two pages the list may change (a follow leaves it), so a page can skip someone, never show
   * someone you follow. The caller has synced the caches for this request.
   */
  async list(viewerId: string | null, query: SuggestionQuery): Promise<SuggestionList> {
    const limit = query.limit ?? limits.suggestionsDefaultLimit;
    const offset = query.cursor === undefined ? 0 : decodeOffsetCursor(query.cursor);
    const key = JSON.stringify([viewerId, Math.floor(Date.now() / popularRankingMs)]);
    const kept = await this.infra.caches.suggestions.get(key, () => this.#load(viewerId));
    // Nobody blocked either way is suggested; a block forgets the viewer's hidden set at once.
    const hidden = await hiddenPeopleOf(this.db, this.infra.caches, viewerId);
    const all = hidden.size === 0 ? kept : kept.filter((person) => !hidden.has(person.id));
    const end = offset + limit;
    return {
      profiles: all.slice(offset, end),
      next_cursor: end < all.length ? encodeOffsetCursor(end) : null,
    };
  }

  /**
   * The whole list, tagged with everything that decides who is in it: whom the viewer follows
   * or asked, whom each walked followee follows, and what each person shows.
   */
  async #load(viewerId: string | null): Promise<Tagged<Suggestion[]>> {
    const tags = new Set<string>();
    let mutual: SuggestedRow[] = [];
    if (viewerId !== null) {
      tags.add(cacheTags.followsOf(viewerId));
      // Only the walked followees' own follows change the list: a follow by anyone else the
      // viewer follows leaves it kept.
      const walked = await listRecentFolloweeIds(this.db, viewerId, followeesWalked);
      // Their profiles too: "Followed by …" names one of them, and a suspension or a new
      // username of theirs changes who may be named (and how).
      for (const id of walked) {
        tags.add(cacheTags.followsOf(id));
        tags.add(cacheTags.profile(id));
      }
      mutual = await listFriendsOfFriends(this.db, viewerId, followeesWalked, listedAtMost);
    }
    const popular =
      mutual.length < listedAtMost
        ? await listPopular(
            this.db,
            viewerId,
            listedAtMost - mutual.length,
            mutual.map((row) => row.id),
          )
        : [];
    const { storage } = this.infra;
    const suggestions: Suggestion[] = [
      ...mutual.map((row) => ({
        ...toProfileSummary(row, storage, false),
        reason: suggestionReason({ username: row.mutual_username, count: row.mutuals }),
      })),
      ...popular.map((row) => ({
        ...toProfileSummary(row, storage, false),
        reason: suggestionReason(null),
      })),
    ];
    for (const suggestion of suggestions) tags.add(cacheTags.profile(suggestion.id));
    return { value: suggestions, tags: [...tags] };
  }
}

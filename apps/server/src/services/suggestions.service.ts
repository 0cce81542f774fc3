import type { Suggestion } from '@pinhole/contracts';
import { limits, suggestionReason } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { listFolloweeIds } from '../repositories/follows.repository';
import {
  listFriendsOfFriends,
  listMutualNames,
  listPopular,
  type SuggestedRow,
} from '../repositories/suggestions.repository';
import { cacheTags } from './caching/cache-tags';
import type { Tagged } from './caching/tagged-cache';
import { toProfileSummary } from './profile-summary';

/**
 * How long the ranking of "Popular on Pinhole" may lag behind follower counts. Whom a list
 * leaves out (yourself, whoever you follow or asked) is never late: those changes forget it.
 */
const popularRankingMs = 60_000;

/** "Suggestions for you": friends of friends first, then the most followed people. */
export class SuggestionsService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /** The caller has synced the caches for this request. */
  async list(viewerId: string | null, limit: number): Promise<Suggestion[]> {
    const key = JSON.stringify([viewerId, Math.floor(Date.now() / popularRankingMs)]);
    const all = await this.infra.caches.suggestions.get(key, () => this.#load(viewerId));
    return all.slice(0, limit);
  }

  /**
   * The longest list any caller may ask for, tagged with everything that decides who is in it:
   * whom the viewer follows or asked, whom each of those follows, and what each person shows.
   */
  async #load(viewerId: string | null): Promise<Tagged<Suggestion[]>> {
    const max = limits.suggestionsMaxLimit;
    const tags = new Set<string>();
    let mutual: SuggestedRow[] = [];
    let names = new Map<string, string>();
    if (viewerId !== null) {
      const followees = await listFolloweeIds(this.db, viewerId);
      tags.add(cacheTags.followsOf(viewerId));
      for (const id of followees) tags.add(cacheTags.followsOf(id));
      if (followees.length > 0) {
        mutual = await listFriendsOfFriends(this.db, viewerId, max);
        names = await listMutualNames(
          this.db,
          viewerId,
          mutual.map((row) => row.id),
        );
      }
    }
    const popular =
      mutual.length < max
        ? await listPopular(
            this.db,
            viewerId,
            max - mutual.length,
            mutual.map((row) => row.id),
          )
        : [];
    const { storage } = this.infra;
    const suggestions: Suggestion[] = [
      ...mutual.map((row) => {
        const username = names.get(row.id);
        return {
          ...toProfileSummary(row, storage, false),
          reason: suggestionReason(username ? { username, count: row.mutuals } : null),
        };
      }),
      ...popular.map((row) => ({
        ...toProfileSummary(row, storage, false),
        reason: suggestionReason(null),
      })),
    ];
    for (const suggestion of suggestions) tags.add(cacheTags.profile(suggestion.id));
    return { value: suggestions, tags: [...tags] };
  }
}

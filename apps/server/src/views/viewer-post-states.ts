import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { likedPostIds } from '../repositories/likes.repository';
import { savedPostIds } from '../repositories/saves.repository';
import { cacheTags } from '../cache/cache-tags';
import type { TaggedCache } from '../cache/tagged-cache';
import type { ViewerPostState } from './post-json';
import type { ReadCaches } from '../cache/read-caches';

/**
 * Which of these posts the viewer has marked (liked or saved), from the viewer's cached states;
 * only posts not known yet are asked for, in one query. Forgotten when the viewer marks or
 * unmarks anything (the `tag`), on any instance.
 */
async function markedAmong(
  cache: TaggedCache<Map<string, boolean>>,
  tag: string,
  viewerId: string,
  postIds: readonly string[],
  query: (missing: readonly string[]) => Promise<Set<string>>,
): Promise<Map<string, boolean>> {
  const kept = cache.peek(viewerId);
  if (kept && postIds.every((id) => kept.has(id))) return kept;
  return cache.update(viewerId, async (current) => {
    const missing = postIds.filter((id) => !current?.has(id));
    const marked = await query(missing);
    const known = new Map(current);
    for (const id of missing) known.set(id, marked.has(id));
    return { value: known, tags: [tag] };
  });
}

/** The viewer's like and save of each post, from their caches (the shared pages hold neither). */
export async function viewerStatesAmong(
  db: Kysely<DB>,
  caches: ReadCaches,
  viewerId: string,
  postIds: readonly string[],
): Promise<(postId: string) => ViewerPostState> {
  const [liked, saved] = await Promise.all([
    markedAmong(caches.likes, cacheTags.likesOf(viewerId), viewerId, postIds, (missing) =>
      likedPostIds(db, viewerId, missing),
    ),
    markedAmong(caches.saves, cacheTags.savesOf(viewerId), viewerId, postIds, (missing) =>
      savedPostIds(db, viewerId, missing),
    ),
  ]);
  return (postId) => ({ liked: liked.get(postId) === true, saved: saved.get(postId) === true });
}

/** One digit per post (bit 1 liked, bit 2 saved): the key of a page body for this reader. */
export function stateMask(
  postIds: readonly string[],
  stateOf: (postId: string) => ViewerPostState,
): string {
  return postIds
    .map((id) => {
      const state = stateOf(id);
      return String((state.liked ? 1 : 0) + (state.saved ? 2 : 0));
    })
    .join('');
}

/** The viewer's like and save of each post, read fresh (a post read back in a transaction). */
export async function viewerStatesFresh(
  db: Kysely<DB>,
  viewerId: string | null,
  postIds: readonly string[],
): Promise<(postId: string) => ViewerPostState> {
  if (viewerId === null) return () => ({ liked: false, saved: false });
  const [liked, saved] = await Promise.all([
    likedPostIds(db, viewerId, postIds),
    savedPostIds(db, viewerId, postIds),
  ]);
  return (postId) => ({ liked: liked.has(postId), saved: saved.has(postId) });
}

import type { Post } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { listBlockedEitherWay } from '../repositories/blocks.repository';
import { cacheTags } from '../cache/cache-tags';
import type { ReadCaches, SharedPost } from '../cache/read-caches';

const nobody: ReadonlySet<string> = new Set();

/**
 * The people hidden from a viewer: those they blocked and those who blocked them. Kept per viewer
 * until a block or unblock of theirs (migration 0013's triggers forget `blocks-of:<id>` on every
 * instance); for reads, whose caches the request has synced. Most viewers have none.
 */
export function hiddenPeopleOf(
  db: Kysely<DB>,
  caches: ReadCaches,
  viewerId: string | null,
): Promise<ReadonlySet<string>> {
  if (viewerId === null) return Promise.resolve(nobody);
  return caches.blockedEitherWay.get(viewerId, async () => ({
    value: new Set(await listBlockedEitherWay(db, viewerId)),
    tags: [cacheTags.blocksOf(viewerId)],
  }));
}

type PostPeople = Pick<Post, 'mentions' | 'comments_preview'>;

/**
 * A post without what hidden people wrote in its previews, and without hidden people among the
 * mentions of its caption and comments: their `@name` then stays plain text, as a name of nobody
 * does, rather than a link to a profile that is not there for the viewer.
 */
function withoutHidden<P extends PostPeople>(post: P, hidden: ReadonlySet<string>): P {
  return {
    ...post,
    mentions: post.mentions.filter((person) => !hidden.has(person.id)),
    comments_preview: post.comments_preview
      .filter((comment) => !hidden.has(comment.user_id))
      .map((comment) =>
        comment.mentions.some((person) => hidden.has(person.id))
          ? { ...comment, mentions: comment.mentions.filter((person) => !hidden.has(person.id)) }
          : comment,
      ),
  };
}

/**
 * A shared page's posts as one viewer may see them: without the posts of hidden people, and
 * without their comments in the previews of others' posts. The same array when nothing is hidden,
 * so the caller can keep serving the shared bodies.
 */
export function withoutHiddenPosts<T extends SharedPost>(
  posts: readonly T[],
  hidden: ReadonlySet<string>,
): readonly T[] {
  if (hidden.size === 0) return posts;
  const shows = (post: T) =>
    post.commenterIds.some((id) => hidden.has(id)) ||
    post.mentionedIds.some((id) => hidden.has(id));
  if (!posts.some((post) => hidden.has(post.authorId) || shows(post))) return posts;
  return posts
    .filter((post) => !hidden.has(post.authorId))
    .map((post) => {
      if (!shows(post)) return post;
      const shared = withoutHidden(JSON.parse(`${post.openJson}}`) as PostPeople, hidden);
      return { ...post, openJson: JSON.stringify(shared).slice(0, -1) };
    });
}

/**
 * One post as a viewer may see it: its previews without the comments of hidden people, its
 * caption's and comments' mentions without them.
 */
export function withoutHiddenComments<P extends PostPeople>(
  post: P,
  hidden: ReadonlySet<string>,
): P {
  if (hidden.size === 0) return post;
  return withoutHidden(post, hidden);
}

/** Likes and comments of hidden people, by post (repositories/blocks.repository.ts). */
export type HiddenActivity = ReadonlyMap<string, { likes: number; comments: number }>;

/** A post's counts without the likes and comments of people hidden from the viewer. */
export function withoutHiddenCounts<P extends Pick<Post, 'id' | 'likes_count' | 'comments_count'>>(
  post: P,
  activity: HiddenActivity,
): P {
  const hidden = activity.get(post.id);
  if (!hidden) return post;
  return {
    ...post,
    likes_count: Math.max(0, post.likes_count - hidden.likes),
    comments_count: Math.max(0, post.comments_count - hidden.comments),
  };
}

/** A shared page's posts with counts patched for this viewer; the same array when none change. */
export function withoutHiddenCountsShared<T extends SharedPost>(
  posts: readonly T[],
  activity: HiddenActivity,
): readonly T[] {
  if (!posts.some((post) => activity.has(post.id))) return posts;
  return posts.map((post) => {
    if (!activity.has(post.id)) return post;
    const shared = withoutHiddenCounts(
      JSON.parse(`${post.openJson}}`) as Pick<Post, 'id' | 'likes_count' | 'comments_count'>,
      activity,
    );
    return { ...post, openJson: JSON.stringify(shared).slice(0, -1) };
  });
}

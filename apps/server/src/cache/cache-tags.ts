import { everythingChanged } from '../repositories/cache-changes.repository';

/**
 * The names of what a cached value is built from. The change log's topics (written by the
 * triggers of migration 0002) use the same names, so a change forgets the values tagged with it.
 */
export const cacheTags = {
  /** A post's row, its counters or its comments. */
  post: (postId: string) => `post:${postId}`,
  /** The list of one person's posts: a post of theirs added or removed. */
  postsOf: (userId: string) => `posts-of:${userId}`,
  /** The list of everyone's posts: any post added or removed. */
  everyoneFeed: 'feed:everyone',
  /** Whom one person follows: their Following feed and suggestions. */
  followsOf: (userId: string) => `follows-of:${userId}`,
  /**
   * Every Following feed: any post added or removed forgets them all, since knowing whose feeds
   * a new post belongs to would cost a query, and new posts are rare next to reads and likes.
   */
  followingFeed: 'feed:following',
  /** Which posts one person saved: their `saved_by_me` and their saved list. */
  savesOf: (userId: string) => `saves-of:${userId}`,
  /** Which posts one person likes. */
  likesOf: (userId: string) => `likes-of:${userId}`,
  /** What pages show of a person: username, name, picture, badge. */
  profile: (userId: string) => `profile:${userId}`,
  session: (tokenHash: string) => `session:${tokenHash}`,
  /** A user's account row (email) or the account itself. */
  user: (userId: string) => `user:${userId}`,
  /** Which posts carry a hashtag, and its count (migration 0008's triggers). */
  hashtag: (name: string) => `hashtag:${name}`,
  /** Which posts mention a person: their TAGGED tab. */
  mentionsOf: (userId: string) => `mentions-of:${userId}`,
  /** Anyone's search terms: a sign-up or a new name may change any search's answer. */
  searchTerms: 'search-terms',
  /** Any account turned private or public: every list of several people's posts may change. */
  anyPrivacy: 'privacy:any',
  /**
   * Any story shared or removed: every set of trays may change. Knowing whose trays a story is
   * in would cost a query; stories are shared far more rarely than trays are read.
   */
  anyStory: 'stories:any',
  /** Whom one person blocked or was blocked by (migration 0013's triggers). */
  blocksOf: (userId: string) => `blocks-of:${userId}`,
  /** Which stories one person has seen: their trays' rings. */
  storyViewsOf: (userId: string) => `story-views-of:${userId}`,
  /** What the instance says of itself on `/about` (migration 0016's trigger). */
  instance: 'instance',
} as const;

/**
 * The tags a change-log topic forgets, or null for "everything". A topic is itself a tag; a post
 * added or removed also changes every list of everyone's posts.
 */
export function tagsForChange(topic: string): string[] | null {
  if (topic === everythingChanged) return null;
  if (topic.startsWith('posts-of:')) {
    return [topic, cacheTags.everyoneFeed, cacheTags.followingFeed];
  }
  return [topic];
}

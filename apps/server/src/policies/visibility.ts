import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { isBlockedEitherWay } from '../repositories/blocks.repository';
import { isFollowing } from '../repositories/follows.repository';
import { findPostAccess } from '../repositories/posts.repository';
import { isAdmin } from '../repositories/users.repository';
import { isFollowersOnlyPost } from '../repositories/remote-posts.repository';

/**
 * Whether the viewer may see a person's posts and lists: everyone for a public account; for a
 * private one, its owner and approved followers (what "private" promises); never someone the
 * owner blocked or who blocked the owner (a block hides both ways). Read fresh from the database on
 * every call: a follow approved or ended, a block or an unblock, shows at once.
 */
export async function canSeeContentOf(
  db: Kysely<DB>,
  viewerId: string | null,
  owner: { id: string; is_private: number; suspended_at?: string | null },
): Promise<boolean> {
  // A suspended account's content is there for admins only, who decide whether to lift it.
  if (owner.suspended_at) return viewerId !== null && (await isAdmin(db, viewerId));
  if (viewerId === owner.id) return true;
  if (viewerId !== null && (await isBlockedEitherWay(db, viewerId, owner.id))) return false;
  if (!owner.is_private) return true;
  if (viewerId === null) return false;
  return isFollowing(db, viewerId, owner.id);
}

/**
 * 404 for a post that does not exist or that the viewer may not see: a private account's post
 * is not there for anyone but its author and approved followers (nor its comments and likes), nor
 * is anyone's post for a person blocked either way: they cannot like, comment on or save it.
 */
export async function requireVisiblePost(
  db: Kysely<DB>,
  postId: string,
  viewerId: string | null,
): Promise<void> {
  // canSeeContentOf's rules in its order, the block and the follow read with the post.
  const post = await findPostAccess(db, postId, viewerId);
  if (!post) throw notFound();
  if (post.suspended_at) {
    if (viewerId !== null && (await isAdmin(db, viewerId))) return;
    throw notFound();
  }
  if (viewerId === post.id) return;
  if (viewerId !== null && post.blocked) throw notFound();
  // A remote post for its author's followers only is theirs alone, as a private account's.
  if (!post.is_private && !(await isFollowersOnlyPost(db, postId))) return;
  if (viewerId === null || !post.following) throw notFound();
}

/** Whether the viewer may see this post beyond its author's rules: a followers-only remote post. */
export async function canSeeFollowersOnly(
  db: Kysely<DB>,
  viewerId: string | null,
  post: { id: string; user_id: string },
): Promise<boolean> {
  if (viewerId === post.user_id || !(await isFollowersOnlyPost(db, post.id))) return true;
  return viewerId !== null && isFollowing(db, viewerId, post.user_id);
}

import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { isFollowing } from '../repositories/follows.repository';
import { findPostAuthor } from '../repositories/posts.repository';
import { isAdmin } from '../repositories/users.repository';

/**
 * Whether the viewer may see a person's posts and lists: everyone for a public account; for a
 * private one, its owner and approved followers (API.md, Private accounts). Read fresh from the
 * database on every call: a follow approved or ended shows at once.
 */
export async function canSeeContentOf(
  db: Kysely<DB>,
  viewerId: string | null,
  owner: { id: string; is_private: number; suspended_at?: string | null },
): Promise<boolean> {
  // A suspended account's content is there for admins only (API.md, Safety and moderation).
  if (owner.suspended_at) return viewerId !== null && (await isAdmin(db, viewerId));
  if (!owner.is_private || viewerId === owner.id) return true;
  if (viewerId === null) return false;
  return isFollowing(db, viewerId, owner.id);
}

/**
 * 404 for a post that does not exist or that the viewer may not see: a private account's post
 * is not there for anyone but its author and approved followers (nor its comments and likes).
 */
export async function requireVisiblePost(
  db: Kysely<DB>,
  postId: string,
  viewerId: string | null,
): Promise<void> {
  const author = await findPostAuthor(db, postId);
  if (!author || !(await canSeeContentOf(db, viewerId, author))) throw notFound();
}

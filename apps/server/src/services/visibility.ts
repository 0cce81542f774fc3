import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { isFollowing } from '../repositories/follows.repository';

/**
 * Whether the viewer may see a person's posts and lists: everyone for a public account; for a
 * private one, its owner and approved followers (API.md, Private accounts). Read fresh from the
 * database on every call: a follow approved or ended shows at once.
 */
export async function canSeeContentOf(
  db: Kysely<DB>,
  viewerId: string | null,
  owner: { id: string; is_private: number },
): Promise<boolean> {
  if (!owner.is_private || viewerId === owner.id) return true;
  if (viewerId === null) return false;
  return isFollowing(db, viewerId, owner.id);
}

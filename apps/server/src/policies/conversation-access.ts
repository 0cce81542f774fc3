import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../errors';
import { isBlockedEitherWay } from '../repositories/blocks.repository';
import { findMembership, findParticipants } from '../repositories/conversations.repository';

export type Membership = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

/**
 * Who may read a conversation (its messages and its photos): its members, and in a one-to-one
 * conversation only while neither blocked the other and the other is not suspended. Anyone
 * else gets 404, as if it did not exist.
 */
export async function requireConversationMember(
  db: Kysely<DB>,
  viewerId: string,
  conversationId: string,
): Promise<Membership> {
  const membership = await findMembership(db, conversationId, viewerId);
  if (!membership) throw notFound();
  if (!membership.is_group) {
    const other = membership.pair_key?.split(':').find((id) => id !== viewerId);
    if (other !== undefined) {
      // A deleted account leaves what the other wrote readable; a suspended one hides it all.
      const [person] = await findParticipants(db, [other]);
      if (person?.suspended_at) throw notFound();
      if (await isBlockedEitherWay(db, viewerId, other)) throw notFound();
    }
  }
  return membership;
}

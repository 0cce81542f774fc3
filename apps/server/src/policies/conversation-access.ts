import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AllowMessagesFrom } from '@pinhole/contracts';
import { directMessageTexts } from '@pinhole/contracts';
import { AppError, notFound } from '../errors';
import { blockedAmong, isBlockedEitherWay } from '../repositories/blocks.repository';
import { followersAmong } from '../repositories/follows.repository';
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

/**
 * Who of `others` would get a message from the viewer as a request (they do not follow the
 * viewer); refuses (404) blocked, suspended or unknown people, and (403) people who do not
 * accept messages from the viewer.
 */
export async function admissions(
  db: Kysely<DB>,
  viewerId: string,
  others: readonly string[],
): Promise<Set<string>> {
  const people = await findParticipants(db, others);
  if (people.length !== others.length || people.some((person) => person.suspended_at))
    throw notFound();
  const blocked = await blockedAmong(db, viewerId, others);
  if (blocked.size > 0) throw notFound();
  const following = await followersAmong(db, viewerId, others);
  const requests = new Set<string>();
  for (const person of people) {
    const follows = following.has(person.id);
    const allow: AllowMessagesFrom = person.allow_messages_from;
    if (allow === 'nobody' || (allow === 'following' && !follows))
      throw new AppError('forbidden', directMessageTexts.notAccepting);
    if (!follows) requests.add(person.id);
  }
  return requests;
}

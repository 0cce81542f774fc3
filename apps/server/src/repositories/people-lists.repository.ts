import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notBlockedWith } from './blocks.repository';
import type { PostPosition } from './posts.repository';

/** What a list of people shows of each: the columns of a `ProfileSummary`. */
export interface PersonRow {
  id: string;
  username: string;
  full_name: string;
  avatar_key: string | null;
  is_verified: number;
}

export const personColumns = [
  'profiles.id',
  'profiles.username',
  'profiles.full_name',
  'profiles.avatar_key',
  'profiles.is_verified',
] as const;

/** A person in a list, with when the follow (or request) was made: the list's order. */
export type ListedPersonRow = PersonRow & { listed_at: string };

export interface PeoplePageOptions {
  limit: number;
  /** Keyset: entries strictly older than this (`createdAt` of the follow, the person's id). */
  after?: PostPosition;
  /** Leaves out the people this viewer blocked or was blocked by (a third person's lists). */
  viewerId?: string | null;
}

/**
 * Each list is the rows of one table about one person (`owner`), showing the person at the other
 * end; each has an index on (owner, created_at desc, person desc) that serves it in order.
 */
const peopleLists = {
  /** Served by follows_followers_list. */
  followers: { table: 'follows', owner: 'followee_id', person: 'follower_id' },
  /** Served by follows_following_list. */
  following: { table: 'follows', owner: 'follower_id', person: 'followee_id' },
  /** Requests awaiting the owner; served by follow_requests_inbox. */
  requests: { table: 'follow_requests', owner: 'target_id', person: 'requester_id' },
  /** The people one person blocked; served by the key (blocker_id, …), sorted there: few rows. */
  blocks: { table: 'blocks', owner: 'blocker_id', person: 'blocked_id' },
} as const;

export type PeopleListKind = keyof typeof peopleLists;

/** One page of a list of people, newest follow (or request) first. */
export function listPeople(
  db: Kysely<DB>,
  kind: PeopleListKind,
  ownerId: string,
  options: PeoplePageOptions,
): Promise<ListedPersonRow[]> {
  const { table, owner, person } = peopleLists[kind];
  const ref = <R extends string>(reference: R) => db.dynamic.ref<R>(reference);
  const createdAt = ref<`${typeof table}.created_at`>(`${table}.created_at`);
  const personId = ref<`${typeof table}.${typeof person}`>(`${table}.${person}`);
  let query = db
    .selectFrom(table)
    .innerJoin('profiles', (join) => join.onRef('profiles.id', '=', personId))
    .select([...personColumns, sql.ref<string>(`${table}.created_at`).as('listed_at')])
    .where(ref<`${typeof table}.${typeof owner}`>(`${table}.${owner}`), '=', ownerId)
    .orderBy(createdAt, 'desc')
    .orderBy(personId, 'desc')
    .limit(options.limit);
  if (options.viewerId) query = query.where(notBlockedWith(options.viewerId, `${table}.${person}`));
  // A suspended account is not there for anyone (it looks deleted while suspended): it leaves the
  // lists of followers, followees and requests while suspended, and comes back with its rows.
  // The list of one's own blocks keeps it: that is where an unblock is done.
  if (kind !== 'blocks') query = query.where('profiles.suspended_at', 'is', null);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple(createdAt, personId), '<', eb.tuple(after.createdAt, after.id)),
    );
  }
  return query.execute();
}

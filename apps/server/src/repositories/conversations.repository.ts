import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../db/dialect-of';
import type { DB } from '../db/schema';

type Db = Kysely<DB>;

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  text: string | null;
  post_id: string | null;
  story_id: string | null;
  created_at: string;
}

export interface MembershipRow {
  conversation_id: string;
  user_id: string;
  is_request: number;
  muted: number;
  last_read_at: string | null;
}

export interface ConversationRow {
  id: string;
  is_group: number;
  name: string | null;
  updated_at: string;
  is_request: number;
  muted: number;
  last_read_at: string | null;
}

/** The people who may take part: who they are, who may message them, whether suspended. */
export async function findParticipants(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('profiles')
    .select(['id', 'allow_messages_from', 'suspended_at'])
    .where('id', 'in', ids)
    .execute();
}

export async function findConversationByPair(db: Db, pairKey: string) {
  return db
    .selectFrom('conversations')
    .select(['id'])
    .where('pair_key', '=', pairKey)
    .executeTakeFirst();
}

export async function insertConversation(
  db: Db,
  row: {
    id: string;
    is_group: number;
    name: string | null;
    pair_key: string | null;
    created_by: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('conversations')
    .values({ ...row, updated_at: row.created_at })
    .execute();
}

/** Adds a member unless present (someone who left and is written to again comes back). */
export async function insertMember(
  db: Db,
  row: { conversation_id: string; user_id: string; is_request: number; joined_at: string },
): Promise<void> {
  await db
    .insertInto('conversation_members')
    .values(row)
    .onConflict((conflict) => conflict.columns(['conversation_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteMember(db: Db, conversationId: string, userId: string) {
  const rows = await db
    .deleteFrom('conversation_members')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/** Forgets a conversation nobody is in any more (its messages go with it). */
export async function deleteConversationIfEmpty(db: Db, conversationId: string): Promise<void> {
  await db
    .deleteFrom('conversations')
    .where('id', '=', conversationId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('conversation_members')
            .select('user_id')
            .where('conversation_id', '=', conversationId),
        ),
      ),
    )
    .execute();
}

export async function findMembership(db: Db, conversationId: string, userId: string) {
  return db
    .selectFrom('conversation_members')
    .innerJoin('conversations', 'conversations.id', 'conversation_members.conversation_id')
    .select([
      'conversations.id',
      'conversations.is_group',
      'conversations.name',
      'conversations.pair_key',
      'conversations.updated_at',
      'conversation_members.is_request',
      'conversation_members.muted',
      'conversation_members.last_read_at',
    ])
    .where('conversation_members.conversation_id', '=', conversationId)
    .where('conversation_members.user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateMembership(
  db: Db,
  conversationId: string,
  userId: string,
  change: { is_request?: number; muted?: number; last_read_at?: string },
): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set(change)
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

/** The members of some conversations (everyone, the viewer included). */
export async function listMembers(db: Db, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('conversation_members')
    .select(['conversation_id', 'user_id', 'last_read_at', 'is_request'])
    .where('conversation_id', 'in', conversationIds)
    .execute();
}

/** A page of the viewer's conversations, most recent activity first. */
export async function listConversations(
  db: Db,
  userId: string,
  folder: 'inbox' | 'requests',
  limit: number,
  after?: { updatedAt: string; id: string },
): Promise<ConversationRow[]> {
  let query = db
    .selectFrom('conversation_members')
    .innerJoin('conversations', 'conversations.id', 'conversation_members.conversation_id')
    .select([
      'conversations.id',
      'conversations.is_group',
      'conversations.name',
      'conversations.updated_at',
      'conversation_members.is_request',
      'conversation_members.muted',
      'conversation_members.last_read_at',
    ])
    .where('conversation_members.user_id', '=', userId)
    .where('conversation_members.is_request', '=', folder === 'requests' ? 1 : 0);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('conversations.updated_at', '<', after.updatedAt),
        eb.and([
          eb('conversations.updated_at', '=', after.updatedAt),
          eb('conversations.id', '<', after.id),
        ]),
      ]),
    );
  }
  return query
    .orderBy('conversations.updated_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertMessage(db: Db, row: MessageRow): Promise<void> {
  await db.insertInto('direct_messages').values(row).execute();
  await db
    .updateTable('conversations')
    .set({ updated_at: row.created_at })
    .where('id', '=', row.conversation_id)
    .execute();
}

export async function findMessage(db: Db, id: string) {
  return db.selectFrom('direct_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteMessage(db: Db, id: string): Promise<void> {
  await db.deleteFrom('direct_messages').where('id', '=', id).execute();
}

/** A page of a conversation's messages, newest first. */
export async function listMessages(
  db: Db,
  conversationId: string,
  limit: number,
  after?: { createdAt: string; id: string },
): Promise<MessageRow[]> {
  let query = db
    .selectFrom('direct_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The last message of each of these conversations. */
export async function lastMessages(db: Db, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('direct_messages as m')
    .selectAll('m')
    .where('m.conversation_id', 'in', conversationIds)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('direct_messages as later')
            .select('later.id')
            .whereRef('later.conversation_id', '=', 'm.conversation_id')
            .where((eb) =>
              eb.or([
                eb('later.created_at', '>', eb.ref('m.created_at')),
                eb.and([
                  eb('later.created_at', '=', eb.ref('m.created_at')),
                  eb('later.id', '>', eb.ref('m.id')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .execute();
}

/** Messages from others after the member last read, per conversation of this person. */
export async function unreadCounts(db: Db, userId: string, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('conversation_members as cm')
    .innerJoin('direct_messages as m', 'm.conversation_id', 'cm.conversation_id')
    .select(['cm.conversation_id', (eb) => eb.fn.countAll<number | string>().as('unread')])
    .where('cm.user_id', '=', userId)
    .where('cm.conversation_id', 'in', conversationIds)
    .where('m.sender_id', '<>', userId)
    .where((eb) =>
      eb.or([
        eb('cm.last_read_at', 'is', null),
        eb('m.created_at', '>', eb.ref('cm.last_read_at')),
      ]),
    )
    .groupBy('cm.conversation_id')
    .execute();
  return new Map(rows.map((row) => [row.conversation_id, Number(row.unread)]));
}

/**
 * For each of these people: how many inbox conversations (not requests, not muted) hold a message
 * they have not read, and the most recently active of them. One query for a batch of people.
 */
export async function unreadTotals(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, { total: number; latest: string | null }>();
  const rows = await db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .select(['cm.user_id', 'cm.conversation_id', 'c.updated_at'])
    .where('cm.user_id', 'in', userIds)
    .where('cm.is_request', '=', 0)
    .where('cm.muted', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('direct_messages as m')
          .select('m.id')
          .whereRef('m.conversation_id', '=', 'cm.conversation_id')
          .whereRef('m.sender_id', '<>', 'cm.user_id')
          .where((eb) =>
            eb.or([
              eb('cm.last_read_at', 'is', null),
              eb('m.created_at', '>', eb.ref('cm.last_read_at')),
            ]),
          ),
      ),
    )
    .execute();
  const totals = new Map<string, { total: number; latest: string | null; at: string }>();
  for (const row of rows) {
    const current = totals.get(row.user_id);
    if (!current)
      totals.set(row.user_id, { total: 1, latest: row.conversation_id, at: row.updated_at });
    else {
      current.total += 1;
      if (row.updated_at > current.at) {
        current.latest = row.conversation_id;
        current.at = row.updated_at;
      }
    }
  }
  return new Map([...totals].map(([id, { total, latest }]) => [id, { total, latest }]));
}

/**
 * Tells every instance listening that these people's messages changed. SQLite has one process,
 * whose streams the caller told already: nothing to send.
 */
export async function signalMessageChanges(db: Db, userIds: readonly string[]): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  for (const userId of userIds) {
    await sql`select pg_notify('pinhole_notifications', ${userId})`.execute(db);
  }
}

/** Everything a person wrote in messages, oldest first (their export). */
export async function listMessagesBySender(db: Db, senderId: string) {
  return db
    .selectFrom('direct_messages')
    .select(['id', 'conversation_id', 'text', 'post_id', 'created_at'])
    .where('sender_id', '=', senderId)
    .orderBy('created_at', 'asc')
    .execute();
}

/** The people shown in conversations, by id (suspended people are left out). */
export async function findPeople(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('profiles')
    .select(['id', 'username', 'full_name', 'avatar_key', 'is_verified'])
    .where('id', 'in', ids)
    .where('suspended_at', 'is', null)
    .execute();
}

/** Shared posts with what a message card needs: the first photo and its author. */
export async function findSharedPosts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .innerJoin('media_attachments as cover', (join) =>
      join.onRef('cover.post_id', '=', 'posts.id').on('cover.position', '=', 0),
    )
    .select(['posts.id', 'cover.file_key', 'posts.user_id', 'profiles.is_private'])
    .where('posts.id', 'in', ids)
    .where('profiles.suspended_at', 'is', null)
    .execute();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';

export interface QueuedMessage {
  id: string;
  message: string;
  ordering_key: string | null;
}

export interface NewQueuedMessage {
  id: string;
  message: string;
  orderingKey: string | null;
  readyAt: string;
  createdAt: string;
}

export async function insertQueuedMessages(
  db: Kysely<DB>,
  messages: readonly NewQueuedMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto('federation_queue')
    .values(
      messages.map((message) => ({
        id: message.id,
        message: message.message,
        ordering_key: message.orderingKey,
        ready_at: message.readyAt,
        claimed_until: null,
        created_at: message.createdAt,
      })),
    )
    .execute();
}

/**
 * Takes the oldest message that is due and not held by anyone, holding it until `claimUntil`.
 * On PostgreSQL `for update skip locked` lets instances sharing the database each take a
 * different one without waiting on each other; SQLite has one writer, so its update is atomic.
 * A message with an ordering key waits while an earlier one of the same key is held or due.
 */
export async function claimNextMessage(
  db: Kysely<DB>,
  dialect: Dialect,
  now: string,
  claimUntil: string,
): Promise<QueuedMessage | undefined> {
  let next = db
    .selectFrom('federation_queue as q')
    .select('q.id')
    .where('q.ready_at', '<=', now)
    .where((eb) => eb.or([eb('q.claimed_until', 'is', null), eb('q.claimed_until', '<', now)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('federation_queue as earlier')
            .select('earlier.id')
            .whereRef('earlier.ordering_key', '=', 'q.ordering_key')
            // ids are UUIDv7: they sort in the order the messages were queued.
            .whereRef('earlier.id', '<', 'q.id')
            .where((eb) =>
              eb.or([eb('earlier.claimed_until', '>=', now), eb('earlier.ready_at', '<=', now)]),
            ),
        ),
      ),
    )
    .orderBy('q.ready_at')
    .orderBy('q.id')
    .limit(1);
  if (dialect === 'postgres') next = next.forUpdate().skipLocked();
  return db
    .updateTable('federation_queue')
    .set({ claimed_until: claimUntil })
    .where('id', '=', next)
    .returning(['id', 'message', 'ordering_key'])
    .executeTakeFirst();
}

/** Done with: the message is gone. */
export async function deleteQueuedMessage(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('federation_queue').where('id', '=', id).execute();
}

/** Its handler failed: free it again from `readyAt`. */
export async function releaseQueuedMessage(
  db: Kysely<DB>,
  id: string,
  readyAt: string,
): Promise<void> {
  await db
    .updateTable('federation_queue')
    .set({ claimed_until: null, ready_at: readyAt })
    .where('id', '=', id)
    .execute();
}

export async function countQueuedMessages(
  db: Kysely<DB>,
  now: string,
): Promise<{ queued: number; ready: number }> {
  const row = await db
    .selectFrom('federation_queue')
    .select((eb) => [
      eb.fn.countAll<number>().as('queued'),
      eb.fn.sum<number>(eb.case().when('ready_at', '<=', now).then(1).else(0).end()).as('ready'),
    ])
    .executeTakeFirstOrThrow();
  return { queued: Number(row.queued), ready: Number(row.ready ?? 0) };
}

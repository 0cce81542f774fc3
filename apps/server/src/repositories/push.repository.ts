import type { Kysely } from 'kysely';
import type { DB, NotificationsTable, PushSubscriptionsTable } from '../db/schema';

const vapidNames = { publicKey: 'vapid_public_key', privateKey: 'vapid_private_key' } as const;

/**
 * The instance's VAPID keys, made by `generate` the first time: every instance that starts at
 * once may offer its own pair, and the first one written is the one all of them read back.
 */
export async function ensureVapidKeys(
  db: Kysely<DB>,
  generate: () => { publicKey: string; privateKey: string },
): Promise<{ publicKey: string; privateKey: string }> {
  const read = async () => {
    const rows = await db
      .selectFrom('instance_secrets')
      .select(['name', 'value'])
      .where('name', 'in', [vapidNames.publicKey, vapidNames.privateKey])
      .execute();
    const publicKey = rows.find((row) => row.name === vapidNames.publicKey)?.value;
    const privateKey = rows.find((row) => row.name === vapidNames.privateKey)?.value;
    return publicKey && privateKey ? { publicKey, privateKey } : null;
  };
  const existing = await read();
  if (existing) return existing;
  const made = generate();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('instance_secrets')
      .values([
        { name: vapidNames.publicKey, value: made.publicKey },
        { name: vapidNames.privateKey, value: made.privateKey },
      ])
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
  });
  const stored = await read();
  if (!stored) throw new Error('VAPID keys were not stored');
  return stored;
}

/** Stores a browser's subscription for a person (the same endpoint again replaces its row). */
export async function saveSubscription(
  db: Kysely<DB>,
  row: PushSubscriptionsTable,
): Promise<{ id: string; created: boolean }> {
  const existing = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('endpoint', '=', row.endpoint)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('push_subscriptions')
      .set({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth })
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, created: false };
  }
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((conflict) => conflict.column('endpoint').doNothing())
    .execute();
  const stored = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('endpoint', '=', row.endpoint)
    .executeTakeFirstOrThrow();
  return { id: stored.id, created: stored.id === row.id };
}

export async function deleteSubscription(db: Kysely<DB>, userId: string, endpoint: string) {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** A subscription the push service says is gone (404, 410). */
export async function deleteSubscriptionById(db: Kysely<DB>, id: string) {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function findSubscriptionsOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .execute();
}

export function findSubscription(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface PushSettingsRow {
  push_likes: number;
  push_comments: number;
  push_follows: number;
  push_follow_requests: number;
  push_mentions: number;
}

export function findNotificationSettings(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('notification_settings')
    .select([
      'push_likes',
      'push_comments',
      'push_follows',
      'push_follow_requests',
      'push_mentions',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveNotificationSettings(
  db: Kysely<DB>,
  userId: string,
  settings: PushSettingsRow,
) {
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...settings })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(settings))
    .execute();
}

export async function enqueueDeliveries(
  db: Kysely<DB>,
  rows: Array<{ id: string; subscription_id: string; payload: string; next_attempt_at: string }>,
) {
  if (rows.length > 0) await db.insertInto('push_deliveries').values(rows).execute();
}

export function findDueDeliveries(db: Kysely<DB>, nowIso: string, limit: number) {
  return db
    .selectFrom('push_deliveries')
    .select(['id', 'subscription_id', 'payload', 'attempts'])
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a delivery for this instance by moving its next attempt past now: another instance
 * polling the queue meanwhile finds it not due. False when someone else took it first.
 */
export async function claimDelivery(
  db: Kysely<DB>,
  id: string,
  attempts: number,
  retryAtIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('push_deliveries')
    .set({ attempts: attempts + 1, next_attempt_at: retryAtIso })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteDelivery(db: Kysely<DB>, id: string) {
  await db.deleteFrom('push_deliveries').where('id', '=', id).execute();
}

/** Which notifications an event made: by the comment it added, or by actor, kind and post. */
export type NotificationMatch =
  | { commentId: string }
  | { actorId: string; types: Array<NotificationsTable['type']>; postId?: string; userId?: string };

/** The notifications `match` names, with what a push says of them. */
export function findNotificationsMatching(db: Kysely<DB>, match: NotificationMatch) {
  let query = db
    .selectFrom('notifications')
    .innerJoin('profiles as actor', 'actor.id', 'notifications.actor_id')
    .leftJoin('comments', 'comments.id', 'notifications.comment_id')
    .select([
      'notifications.user_id',
      'notifications.type',
      'notifications.post_id',
      'actor.username as actor',
      'comments.content as comment',
    ]);
  if ('commentId' in match) {
    query = query.where('notifications.comment_id', '=', match.commentId);
  } else {
    query = query
      .where('notifications.actor_id', '=', match.actorId)
      .where('notifications.type', 'in', match.types);
    if (match.postId) query = query.where('notifications.post_id', '=', match.postId);
    if (match.userId) query = query.where('notifications.user_id', '=', match.userId);
  }
  return query.execute();
}

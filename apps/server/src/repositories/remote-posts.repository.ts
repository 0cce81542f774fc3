import type { Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { DB, RemoteMediaStatus } from '../db/schema';
import type { StoredVariant } from './stored-variants';
import { storedVariants } from './stored-variants';

/**
 * The key a remote photo has until our copy of it is stored: unique (as `media_attachments.file_key`
 * must be), of no storage kind (so nothing serves or sweeps it), and recognised by the post JSON,
 * which shows the placeholder instead of a URL.
 */
export const missingRemoteKeyPrefix = 'remote-missing/';
export const missingRemoteKey = (imageId: string) => `${missingRemoteKeyPrefix}${imageId}`;
export const isMissingRemoteKey = (key: string) => key.startsWith(missingRemoteKeyPrefix);

export function findRemotePostByNote(db: Kysely<DB>, noteUrl: string) {
  return db
    .selectFrom('remote_posts')
    .innerJoin('posts', 'posts.id', 'remote_posts.post_id')
    .select(['remote_posts.post_id', 'remote_posts.url', 'posts.user_id'])
    .where('remote_posts.note_url', '=', noteUrl)
    .executeTakeFirst();
}

export function findRemotePost(db: Kysely<DB>, postId: string) {
  return db.selectFrom('remote_posts').selectAll().where('post_id', '=', postId).executeTakeFirst();
}

export async function insertRemotePost(
  db: Kysely<DB>,
  row: { post_id: string; note_url: string; url: string | null; is_public: number },
): Promise<void> {
  await db.insertInto('remote_posts').values(row).execute();
}

export async function updateRemotePostUrl(
  db: Kysely<DB>,
  postId: string,
  url: string | null,
): Promise<void> {
  await db.updateTable('remote_posts').set({ url }).where('post_id', '=', postId).execute();
}

/** The page on its own server of each of these posts that came from elsewhere. */
export async function listRemoteUrls(
  db: Kysely<DB>,
  postIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('remote_posts')
    .select(['post_id', 'url'])
    .where('post_id', 'in', postIds)
    .execute();
  return new Map(rows.map((row) => [row.post_id, row.url]));
}

export interface NewRemoteMedia {
  image_id: string;
  post_id: string;
  author_id: string;
  source_url: string;
}

export async function insertRemoteMedia(
  db: Kysely<DB>,
  rows: readonly NewRemoteMedia[],
  now: string,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('remote_media')
    .values(
      rows.map((row) => ({
        ...row,
        status: 'pending' as const,
        next_attempt_at: now,
        last_viewed_at: now,
      })),
    )
    .execute();
}

/** Copies due to be fetched now, oldest first. */
export function listDueRemoteMedia(db: Kysely<DB>, now: string, limit: number) {
  return db
    .selectFrom('remote_media')
    .innerJoin('media_attachments', 'media_attachments.id', 'remote_media.image_id')
    .select([
      'remote_media.image_id',
      'remote_media.post_id',
      'remote_media.author_id',
      'remote_media.source_url',
      'remote_media.attempts',
      'media_attachments.position',
    ])
    .where('remote_media.status', '=', 'pending')
    .where('remote_media.next_attempt_at', '<=', now)
    .orderBy('remote_media.next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a due copy for this worker by moving its next attempt on (another instance polling at
 * the same time finds it not due): true when this call took it.
 */
export async function claimRemoteMedia(
  db: Kysely<DB>,
  imageId: string,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('remote_media')
    .set({ next_attempt_at: until })
    .where('image_id', '=', imageId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setRemoteMediaState(
  db: Kysely<DB>,
  imageId: string,
  state: { status: RemoteMediaStatus; attempts?: number; next_attempt_at?: string | null },
): Promise<void> {
  await db.updateTable('remote_media').set(state).where('image_id', '=', imageId).execute();
}

/** Whether a remote photo is still waited for (its post may have gone while it was fetched). */
export async function isRemoteMediaPending(db: Kysely<DB>, imageId: string): Promise<boolean> {
  const row = await db
    .selectFrom('remote_media')
    .select('image_id')
    .where('image_id', '=', imageId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Points a photo at its stored copy (or back at its placeholder key); its trigger tells every cache. */
export async function setRemoteImageFiles(
  db: Kysely<DB>,
  imageId: string,
  files: {
    key: string;
    width: number;
    height: number;
    placeholder: string | null;
    variants: readonly StoredVariant[];
  },
): Promise<void> {
  await db
    .updateTable('media_attachments')
    .set({
      file_key: files.key,
      width: files.width,
      height: files.height,
      placeholder: files.placeholder,
      variants: storedVariants.encode(files.variants),
    })
    .where('id', '=', imageId)
    .execute();
}

/** Stored copies nobody looked at since `before`, with their files. */
export async function listStaleRemoteMedia(db: Kysely<DB>, before: string, limit: number) {
  const rows = await db
    .selectFrom('remote_media')
    .innerJoin('media_attachments', 'media_attachments.id', 'remote_media.image_id')
    .select([
      'media_attachments.id',
      'media_attachments.post_id',
      'media_attachments.position',
      'media_attachments.file_key',
      'media_attachments.width',
      'media_attachments.height',
      'media_attachments.placeholder',
      'media_attachments.variants',
    ])
    .where('remote_media.status', '=', 'stored')
    .where('remote_media.last_viewed_at', '<', before)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, variants: storedVariants.decode(row.variants) }));
}

/**
 * Notes that these posts were looked at: their copies' retention starts again, and a copy that
 * expired is fetched again (one given up on, at most once an hour). Written at most once an
 * hour per photo.
 */
export async function markRemoteMediaViewed(
  db: Kysely<DB>,
  postIds: readonly string[],
  now: string,
  notSince: string,
): Promise<void> {
  if (postIds.length === 0) return;
  const again = {
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: now,
    last_viewed_at: now,
  };
  await db
    .updateTable('remote_media')
    .set(again)
    .where('post_id', 'in', postIds)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'expired'),
        eb.and([eb('status', '=', 'failed'), eb('last_viewed_at', '<', notSince)]),
      ]),
    )
    .execute();
  await db
    .updateTable('remote_media')
    .set({ last_viewed_at: now })
    .where('post_id', 'in', postIds)
    .where('last_viewed_at', '<', notSince)
    .execute();
}

/** Whether any local person follows this (remote) person: only then do their posts come in. */
export async function hasLocalFollower(db: Kysely<DB>, profileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .leftJoin('remote_actors', 'remote_actors.profile_id', 'follows.follower_id')
    .select('follows.follower_id')
    .where('follows.followee_id', '=', profileId)
    .where('remote_actors.profile_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The photos of a remote post with where each came from, in order. */
export function listRemoteImagesOf(db: Kysely<DB>, postId: string) {
  return db
    .selectFrom('media_attachments')
    .leftJoin('remote_media', 'remote_media.image_id', 'media_attachments.id')
    .select([
      'media_attachments.id',
      'media_attachments.position',
      'media_attachments.file_key',
      'media_attachments.variants',
      'remote_media.source_url',
    ])
    .where('media_attachments.post_id', '=', postId)
    .orderBy('media_attachments.position')
    .execute();
}

export async function setRemoteAltText(
  db: Kysely<DB>,
  imageId: string,
  altText: string | null,
): Promise<void> {
  await db
    .updateTable('media_attachments')
    .set({ alt_text: altText })
    .where('id', '=', imageId)
    .execute();
}

/** A remote post's Note and where its author lives: what a like or reply is sent to. */
export function findRemotePostTarget(db: Kysely<DB>, postId: string) {
  return db
    .selectFrom('remote_posts')
    .innerJoin('posts', 'posts.id', 'remote_posts.post_id')
    .innerJoin('remote_actors', 'remote_actors.profile_id', 'posts.user_id')
    .select([
      'remote_posts.note_url',
      'remote_actors.actor_url',
      'remote_actors.inbox_url',
      'remote_actors.shared_inbox_url',
    ])
    .where('remote_posts.post_id', '=', postId)
    .executeTakeFirst();
}

/**
 * Takes the turn to read a remote person's outbox: false when it was read since `notBefore`
 * (by this instance or another), else the read is noted now and this caller does it.
 */
export async function claimOutboxRead(
  db: Kysely<DB>,
  profileId: string,
  now: string,
  notBefore: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('remote_outbox_reads')
    .values({ profile_id: profileId, read_at: now })
    .onConflict((oc) => oc.column('profile_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const updated = await db
    .updateTable('remote_outbox_reads')
    .set({ read_at: now })
    .where('profile_id', '=', profileId)
    .where('read_at', '<', notBefore)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * SQL true unless the query's `posts` row is a remote post for its author's followers only:
 * such posts are in their followers' Following feeds and nowhere else (lists shared by every
 * reader — profile grids, hashtags, explore — cannot tell followers from others).
 */
export function notFollowersOnlyRemote(): RawBuilder<boolean> {
  return sql<boolean>`not exists (
    select 1 from remote_posts
    where remote_posts.post_id = posts.id and remote_posts.is_public = 0
  )`;
}

/** Whether a post is a remote post for its author's followers only. */
export async function isFollowersOnlyPost(db: Kysely<DB>, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('remote_posts')
    .select('post_id')
    .where('post_id', '=', postId)
    .where('is_public', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** SQL true when `viewerId` may see the query's `posts` row as far as followers-only goes. */
export function followersOnlyVisibleTo(viewerId: string): RawBuilder<boolean> {
  return sql<boolean>`(${notFollowersOnlyRemote()} or posts.user_id = ${viewerId} or exists (
    select 1 from follows
    where follows.follower_id = ${viewerId} and follows.followee_id = posts.user_id
  ))`;
}

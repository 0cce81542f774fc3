import type { Kysely } from 'kysely';
import type { DB, MediaStatus } from '../db/schema';
import { contentVisibleTo } from './content-access';
import type { PersonRow } from './people-lists.repository';
import { personColumns } from './people-lists.repository';
import type { StoredVariant } from './stored-variants';
import { storedVariants } from './stored-variants';

/**
 * Every query of stories takes `now` (an ISO timestamp of the app's clock): a story is live while
 * now < expires_at, decided here and never by the database's own now(), so tests can move time
 * and instances agree whatever their database's clock says.
 */

/** A story and what its author shows; the author's columns renamed so none meets a story's. */
const storyColumns = [
  'stories.id',
  'stories.user_id',
  'stories.image_key',
  'stories.width',
  'stories.height',
  'stories.placeholder',
  'stories.variants',
  'stories.created_at',
  'stories.expires_at',
  'stories.status',
  'stories.video_key',
  'stories.duration_s',
  'profiles.username as author_username',
  'profiles.full_name as author_full_name',
  'profiles.avatar_key as author_avatar_key',
  'profiles.is_verified as author_is_verified',
  'profiles.is_private as author_is_private',
  'profiles.suspended_at as author_suspended_at',
] as const;

/** A story with what its author shows (a `ProfileSummary`) and whether the account is private. */
export interface StoryRow {
  id: string;
  user_id: string;
  image_key: string;
  width: number;
  height: number;
  placeholder: string | null;
  variants: StoredVariant[];
  created_at: string;
  expires_at: string;
  /** `processing` while its video is transcoded: its author's only until `ready`. */
  status: MediaStatus;
  /** A video story's MP4; `image_key` is then its poster (the upload as it came until ready). */
  video_key: string | null;
  duration_s: number | null;
  author: PersonRow;
  author_is_private: number;
  author_suspended_at: string | null;
}

function selectStoriesWithAuthor(db: Kysely<DB>) {
  return db
    .selectFrom('stories')
    .innerJoin('profiles', 'profiles.id', 'stories.user_id')
    .select(storyColumns);
}

type SelectedStory = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectStoriesWithAuthor>['executeTakeFirst']>>
>;

function decodeStory(row: SelectedStory): StoryRow {
  return {
    id: row.id,
    user_id: row.user_id,
    image_key: row.image_key,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    variants: storedVariants.decode(row.variants),
    created_at: row.created_at,
    expires_at: row.expires_at,
    status: row.status,
    video_key: row.video_key,
    duration_s: row.duration_s === null ? null : Number(row.duration_s),
    author: {
      id: row.user_id,
      username: row.author_username,
      full_name: row.author_full_name,
      avatar_key: row.author_avatar_key,
      is_verified: row.author_is_verified,
    },
    author_is_private: row.author_is_private,
    author_suspended_at: row.author_suspended_at,
  };
}

export interface NewStory {
  id: string;
  user_id: string;
  image_key: string;
  width: number;
  height: number;
  placeholder: string | null;
  variants: readonly StoredVariant[];
  created_at: string;
  expires_at: string;
  /** A video waiting for its transcode (`image_key` is then the upload as it came). */
  status?: 'processing';
  duration_s?: number;
}

export async function insertStory(db: Kysely<DB>, story: NewStory): Promise<void> {
  await db
    .insertInto('stories')
    .values({ ...story, variants: storedVariants.encode(story.variants) })
    .execute();
}

/** One live story with its author; undefined when unknown or expired. */
export async function findLiveStory(
  db: Kysely<DB>,
  id: string,
  now: string,
): Promise<StoryRow | undefined> {
  const row = await selectStoriesWithAuthor(db)
    .where('stories.id', '=', id)
    .where('stories.expires_at', '>', now)
    .executeTakeFirst();
  return row && decodeStory(row);
}

/** The live stories among `ids`, with their authors (story replies in a conversation). */
export async function findLiveStories(
  db: Kysely<DB>,
  ids: readonly string[],
  now: string,
): Promise<StoryRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectStoriesWithAuthor(db)
    .where('stories.id', 'in', ids)
    .where('stories.expires_at', '>', now)
    .execute();
  return rows.map(decodeStory);
}

/**
 * The live stories of the viewer and of everyone they follow (approved follows only, so a
 * private account's stories reach exactly its followers). Two parts joined with UNION ALL so
 * each walks its index: the viewer's own stories, then one probe of `stories_by_user` per
 * person followed (the follows key, `follower_id` first), never a scan of everyone's stories.
 */
export async function listTrayStories(
  db: Kysely<DB>,
  viewerId: string,
  now: string,
): Promise<StoryRow[]> {
  const own = selectStoriesWithAuthor(db)
    .where('stories.user_id', '=', viewerId)
    .where('stories.expires_at', '>', now)
    .where('profiles.suspended_at', 'is', null);
  const followed = db
    .selectFrom('follows')
    .innerJoin('stories', 'stories.user_id', 'follows.followee_id')
    .innerJoin('profiles', 'profiles.id', 'stories.user_id')
    .select(storyColumns)
    .where('follows.follower_id', '=', viewerId)
    .where('stories.expires_at', '>', now)
    // A video story still transcoding (or failed) is its author's only.
    .where('stories.status', '=', 'ready')
    .where('profiles.suspended_at', 'is', null);
  return (await own.unionAll(followed).execute()).map(decodeStory);
}

/**
 * The live stories of the `limit` public accounts that shared most recently: the signed-out
 * trays. First who (grouped over the live stories, by `stories_by_expiry`), then their stories.
 */
export async function listRecentPublicStories(
  db: Kysely<DB>,
  now: string,
  limit: number,
): Promise<StoryRow[]> {
  const authors = await db
    .selectFrom('stories')
    .innerJoin('profiles', 'profiles.id', 'stories.user_id')
    .select(['stories.user_id', (eb) => eb.fn.max('stories.created_at').as('newest')])
    .where('stories.expires_at', '>', now)
    .where('stories.status', '=', 'ready')
    .where('profiles.is_private', '=', 0)
    .where('profiles.suspended_at', 'is', null)
    .groupBy('stories.user_id')
    .orderBy('newest', 'desc')
    .orderBy('stories.user_id', 'desc')
    .limit(limit)
    .execute();
  if (authors.length === 0) return [];
  const rows = await selectStoriesWithAuthor(db)
    .where(
      'stories.user_id',
      'in',
      authors.map((author) => author.user_id),
    )
    .where('stories.expires_at', '>', now)
    .where('stories.status', '=', 'ready')
    .execute();
  return rows.map(decodeStory);
}

/** Which of these stories the viewer has seen: one query for a whole set of trays. */
export async function viewedAmong(
  db: Kysely<DB>,
  viewerId: string,
  storyIds: readonly string[],
): Promise<Set<string>> {
  if (storyIds.length === 0) return new Set();
  const seen = new Set<string>();
  // Bounded lists keep the statement within both drivers' parameter limits.
  for (let start = 0; start < storyIds.length; start += 500) {
    const rows = await db
      .selectFrom('story_views')
      .select('story_id')
      .where('viewer_id', '=', viewerId)
      .where('story_id', 'in', storyIds.slice(start, start + 500))
      .execute();
    for (const row of rows) seen.add(row.story_id);
  }
  return seen;
}

/**
 * Records the viewer's view of a live story they may see (contentVisibleTo), in one statement:
 * true when a row was added. False when none was: already seen, or not there for the viewer (the
 * caller tells these apart only then, which a repeated view alone costs).
 */
export async function insertVisibleStoryView(
  db: Kysely<DB>,
  view: { story_id: string; viewer_id: string; viewed_at: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('story_views')
    .columns(['story_id', 'viewer_id', 'viewed_at'])
    .expression(
      db
        .selectFrom('stories')
        .innerJoin('profiles', 'profiles.id', 'stories.user_id')
        .select((eb) => [
          'stories.id',
          eb.val(view.viewer_id).as('viewer_id'),
          eb.val(view.viewed_at).as('viewed_at'),
        ])
        .where('stories.id', '=', view.story_id)
        .where('stories.expires_at', '>', view.viewed_at)
        .where(contentVisibleTo(view.viewer_id)),
    )
    .onConflict((conflict) => conflict.columns(['story_id', 'viewer_id']).doNothing())
    .returning('story_id')
    .execute();
  return rows.length > 0;
}

/** Who viewed a story, newest view first, with what a list of people shows of each. */
export async function listStoryViewers(
  db: Kysely<DB>,
  storyId: string,
): Promise<(PersonRow & { viewed_at: string })[]> {
  return db
    .selectFrom('story_views')
    .innerJoin('profiles', 'profiles.id', 'story_views.viewer_id')
    .select([...personColumns, 'story_views.viewed_at'])
    .where('story_views.story_id', '=', storyId)
    .orderBy('story_views.viewed_at', 'desc')
    .orderBy('story_views.viewer_id', 'desc')
    .execute();
}

/** Every stored key of stories: the original (a video's poster) and its variants, its MP4. */
const keysOf = (row: { image_key: string; variants: string; video_key: string | null }) => [
  row.image_key,
  ...storedVariants.keys(row.variants),
  ...(row.video_key ? [row.video_key] : []),
];

/**
 * Deletes a story (its views go by cascade) and returns its stored keys; null when there was
 * no such story.
 */
export async function deleteStory(db: Kysely<DB>, id: string): Promise<string[] | null> {
  const rows = await db
    .deleteFrom('stories')
    .where('id', '=', id)
    .returning(['image_key', 'variants', 'video_key'])
    .execute();
  const [row] = rows;
  return row ? keysOf(row) : null;
}

/**
 * Deletes up to `limit` stories expired at `now` and returns their stored keys. A batch at a
 * time, so a sweep after a long pause never holds one huge transaction.
 */
export async function deleteExpiredStories(
  db: Kysely<DB>,
  now: string,
  limit: number,
): Promise<string[]> {
  const expired = await db
    .selectFrom('stories')
    .select(['id', 'image_key', 'variants', 'video_key'])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  if (expired.length === 0) return [];
  const deleted = await db
    .deleteFrom('stories')
    .where(
      'id',
      'in',
      expired.map((row) => row.id),
    )
    .returning(['image_key', 'variants', 'video_key'])
    .execute();
  return deleted.flatMap(keysOf);
}

/** The keys of every story row, expired or not: the sweep's owner query for the stories kind. */
export async function listStoryImageKeys(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('stories')
    .select(['image_key', 'variants', 'video_key'])
    .execute();
  return rows.flatMap(keysOf);
}

/** Every stored key of one person's stories (their account is being deleted). */
export async function listStoryFileKeysOf(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('stories')
    .select(['image_key', 'variants', 'video_key'])
    .where('user_id', '=', userId)
    .execute();
  return rows.flatMap(keysOf);
}

/** One person's live stories, oldest first (their data export). */
export function listLiveStoriesOf(db: Kysely<DB>, userId: string, now: string) {
  return db
    .selectFrom('stories')
    .select([
      'id',
      'image_key',
      'video_key',
      'duration_s',
      'width',
      'height',
      'created_at',
      'expires_at',
    ])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

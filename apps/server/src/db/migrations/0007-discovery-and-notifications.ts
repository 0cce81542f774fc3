import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import { foldForSearch, hashtagsOf } from '@pinhole/contracts';

/** Rows written per statement while existing profiles and posts are indexed. */
const batch = 500;

/**
 * The search terms of a person when this migration was written: the username and each word of the
 * full name, folded. A copy, not an import of the live rule, so this migration indexes existing
 * people the same way however the rule changes later.
 */
function searchTermsOf(username: string, fullName: string): string[] {
  const words = foldForSearch(fullName)
    .split(/[\s\p{P}]+/u)
    .filter(Boolean);
  return [...new Set([foldForSearch(username), ...words])];
}

/**
 * Search, hashtags, mentions and notifications.
 *
 * - `search_terms`: one row per folded word a person is found by (username, each word of the
 *   full name). A search is a range scan `term >= q and term < q || U+FFFF` on its primary key:
 *   a prefix match on both databases with no LIKE, so `%`, `_` and `\` are ordinary characters.
 * - `hashtags` with their `posts_count`, and `post_hashtags` (which posts carry a tag, with the
 *   post's date for newest-first pages); `post_mentions` (who a caption mentions: the TAGGED tab).
 * - `notifications`: what someone did to you; the row goes when the action is undone (its post,
 *   comment or actor goes, or the service deletes it on unlike/unfollow).
 * Existing profiles and captions are indexed here; new ones by the services.
 */
export const discoveryAndNotifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('search_terms')
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('profile_id', 'text', (c) =>
        c.notNull().references('profiles.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('search_terms_pair', ['term', 'profile_id'])
      .execute();
    await db.schema
      .createIndex('search_terms_by_profile')
      .on('search_terms')
      .column('profile_id')
      .execute();

    await db.schema
      .createTable('hashtags')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('post_hashtags')
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('hashtag', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_hashtags_pair', ['post_id', 'hashtag'])
      .execute();
    await db.schema
      .createIndex('post_hashtags_newest')
      .on('post_hashtags')
      .columns(['hashtag', 'created_at desc', 'post_id desc'])
      .execute();

    await db.schema
      .createTable('post_mentions')
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('profile_id', 'text', (c) =>
        c.notNull().references('profiles.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_mentions_pair', ['post_id', 'profile_id'])
      .execute();
    await db.schema
      .createIndex('post_mentions_newest')
      .on('post_mentions')
      .columns(['profile_id', 'created_at desc', 'post_id desc'])
      .execute();

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
      .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .execute();
    await db.schema
      .createIndex('notifications_newest')
      .on('notifications')
      .columns(['user_id', 'created_at desc', 'id desc'])
      .execute();
    await db.schema
      .createIndex('notifications_unread')
      .on('notifications')
      .columns(['user_id', 'read_at'])
      .execute();
    // Undo finds the notification of an action: who did what to which post.
    await db.schema
      .createIndex('notifications_by_action')
      .on('notifications')
      .columns(['actor_id', 'type', 'user_id', 'post_id'])
      .execute();

    await indexExisting(db);
  },
};

async function indexExisting(db: Kysely<unknown>) {
  const profiles = await sql<{ id: string; username: string; full_name: string }>`
    select id, username, full_name from profiles`.execute(db);
  const terms = profiles.rows.flatMap((profile) =>
    searchTermsOf(profile.username, profile.full_name).map((term) => ({
      term,
      profile_id: profile.id,
    })),
  );
  for (let start = 0; start < terms.length; start += batch) {
    await db
      .insertInto('search_terms' as never)
      .values(terms.slice(start, start + batch))
      .execute();
  }

  const posts = await sql<{ id: string; caption: string; created_at: string }>`
    select id, caption, created_at from posts where caption is not null`.execute(db);
  const tagged = posts.rows.flatMap((post) =>
    hashtagsOf(post.caption).map((hashtag) => ({
      post_id: post.id,
      hashtag,
      created_at: post.created_at,
    })),
  );
  for (let start = 0; start < tagged.length; start += batch) {
    await db
      .insertInto('post_hashtags' as never)
      .values(tagged.slice(start, start + batch))
      .execute();
  }
  await sql`insert into hashtags (name, posts_count)
    select hashtag, count(*) from post_hashtags group by hashtag`.execute(db);
  // Mentions of existing captions are left out: a mention is resolved to a person when the
  // caption is written, and today's usernames may not be the ones the captions meant.
}

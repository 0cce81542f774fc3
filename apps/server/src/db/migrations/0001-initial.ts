import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
    await db.schema
      .createIndex('sessions_expires_at')
      .on('sessions')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('profiles')
      .addColumn('id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('avatar_url', 'text')
      .addColumn('bio', 'text')
      .addColumn('website', 'text')
      .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('posts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) =>
        c.notNull().references('profiles.id').onDelete('cascade'),
      )
      .addColumn('image_key', 'text', (c) => c.notNull().unique())
      .addColumn('image_width', 'integer', (c) => c.notNull())
      .addColumn('image_height', 'integer', (c) => c.notNull())
      .addColumn('image_placeholder', 'text')
      .addColumn('image_variants', 'text', (c) => c.notNull())
      .addColumn('caption', 'text')
      .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The feed: newest first with id as the tie-breaker, for offset and keyset pages alike.
    await db.schema
      .createIndex('posts_feed')
      .on('posts')
      .expression(sql`created_at desc, id desc`)
      .execute();
    await db.schema
      .createIndex('posts_by_user')
      .on('posts')
      .expression(sql`user_id, created_at desc, id desc`)
      .execute();

    await db.schema
      .createTable('likes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('likes_post_user', ['post_id', 'user_id'])
      .execute();
    // liked_by_me looks up one user's likes among a page of posts.
    await db.schema
      .createIndex('likes_by_user')
      .on('likes')
      .columns(['user_id', 'post_id'])
      .execute();

    await db.schema
      .createTable('comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('comments_by_post')
      .on('comments')
      .columns(['post_id', 'created_at', 'id'])
      .execute();
  },
};

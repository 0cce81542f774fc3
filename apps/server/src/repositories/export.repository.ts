import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { storedVariants } from './stored-variants';

/** Everything "Download your data" holds about one account, as rows; SQL only here. */
export async function readAccountForExport(db: Kysely<DB>, userId: string) {
  const [user, profile, posts, images, comments, likes, followers, following, saved, blocked] =
    await Promise.all([
      db
        .selectFrom('users')
        .select(['email', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst(),
      db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('posts')
        .select(['id', 'caption', 'created_at', 'edited_at', 'likes_count', 'comments_count'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute(),
      db
        .selectFrom('media_attachments')
        .innerJoin('posts', 'posts.id', 'media_attachments.post_id')
        .select([
          'media_attachments.post_id',
          'media_attachments.position',
          'media_attachments.file_key',
          'media_attachments.width',
          'media_attachments.height',
          'media_attachments.alt_text',
          'media_attachments.type',
          'media_attachments.duration_s',
        ])
        .where('posts.user_id', '=', userId)
        .orderBy('media_attachments.post_id')
        .orderBy('media_attachments.position')
        .execute(),
      db
        .selectFrom('comments')
        .select(['id', 'post_id', 'content', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute(),
      db
        .selectFrom('likes')
        .select(['post_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute(),
      db
        .selectFrom('follows')
        .innerJoin('profiles', 'profiles.id', 'follows.follower_id')
        .select(['profiles.username', 'follows.created_at'])
        .where('follows.followee_id', '=', userId)
        .orderBy('follows.created_at', 'asc')
        .execute(),
      db
        .selectFrom('follows')
        .innerJoin('profiles', 'profiles.id', 'follows.followee_id')
        .select(['profiles.username', 'follows.created_at'])
        .where('follows.follower_id', '=', userId)
        .orderBy('follows.created_at', 'asc')
        .execute(),
      db
        .selectFrom('saves')
        .select(['post_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .execute(),
      // The people this account blocked (not who blocked it: that is theirs).
      db
        .selectFrom('blocks')
        .innerJoin('profiles', 'profiles.id', 'blocks.blocked_id')
        .select(['profiles.username', 'blocks.created_at'])
        .where('blocks.blocker_id', '=', userId)
        .orderBy('blocks.created_at', 'asc')
        .execute(),
    ]);
  return {
    user,
    profile: profile && {
      ...profile,
      avatar_variants: storedVariants.decode(profile.avatar_variants),
    },
    posts,
    images,
    comments,
    likes,
    followers,
    following,
    saved,
    blocked,
  };
}

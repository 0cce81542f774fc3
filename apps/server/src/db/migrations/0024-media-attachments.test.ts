import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import {
  createPostgresDatabase,
  dialects,
  disposeTestServer,
  startTestServer,
} from '../../test/harness';
import type { PostImagesBefore0024, PostsBefore0024 } from '../../test/schema-before-0024';
import { before0024 } from '../../test/schema-before-0024';
import { openDatabase } from '../database';
import { migrateUpTo } from '../migrate';

const at = '2026-01-01T00:00:00.000Z';
const ann = '0190a7e2-0000-7000-8000-00000000000a';
const ben = '0190a7e2-0000-7000-8000-00000000000b';
const single = '0190a7e2-1111-7000-8000-000000000001';
const carousel = '0190a7e2-1111-7000-8000-000000000002';
const remote = '0190a7e2-1111-7000-8000-000000000003';
/** A post whose photo only its mirror held (none is known, but none may be lost either). */
const mirrorOnly = '0190a7e2-1111-7000-8000-000000000004';
const key = (name: string) => `user-uploads/${ann}/posts/${name}`;
const variants = (name: string) =>
  JSON.stringify([{ key: key(`${name}-320w.webp`), width: 320, height: 240 }]);

/** A post in the old shape: its first photo mirrored on the row. */
const post = (id: string, file: string, caption: string | null): Insertable<PostsBefore0024> => ({
  id,
  user_id: ann,
  image_key: key(file),
  image_width: 800,
  image_height: 600,
  image_placeholder: 'thumb',
  image_variants: variants(file),
  caption,
  likes_count: id === single ? 1 : 0,
  comments_count: id === carousel ? 1 : 0,
  created_at: at,
  edited_at: id === carousel ? at : null,
});

const photo = (
  postId: string,
  position: number,
  file: string,
  extra: Partial<Insertable<PostImagesBefore0024>> = {},
): Insertable<PostImagesBefore0024> => ({
  id: position === 0 ? postId : `${postId.slice(0, -2)}${position}${position}`,
  post_id: postId,
  position,
  image_key: key(file),
  width: 800,
  height: 600,
  placeholder: 'thumb',
  variants: variants(file),
  alt_text: null,
  blurhash: null,
  jpeg_key: null,
  ...extra,
});

const photos = [
  photo(single, 0, 'a.jpg', { blurhash: 'LEHV6nWB2yk8', jpeg_key: null }),
  photo(carousel, 0, 'b.webp', { alt_text: 'first', jpeg_key: key('b-800w.jpg') }),
  photo(carousel, 1, 'c.jpg', { alt_text: 'second' }),
  photo(carousel, 2, 'd.jpg', { alt_text: 'third' }),
  photo(remote, 0, 'remote-missing/x', { image_key: 'remote-missing/x', variants: '[]' }),
];

describe.each(dialects)('migration 0024 (media attachments) on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-migration-'));
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    // The database as main left it before this migration, written through its shapes.
    const old = await openDatabase(config.database, { migrate: false });
    await migrateUpTo(old.db, '0023-message-photos');
    const db = before0024(old.db);
    for (const [id, name] of [
      [ann, 'ann'],
      [ben, 'ben'],
    ] as const) {
      await db
        .insertInto('users')
        .values({ id, email: `${name}@example.com`, password_hash: 'x', created_at: at })
        .execute();
      await db
        .insertInto('profiles')
        .values({ id, username: name, full_name: name, created_at: at })
        .execute();
    }
    await db
      .insertInto('posts')
      .values([
        post(single, 'a.jpg', 'one #photo'),
        post(carousel, 'b.webp', 'three photos'),
        { ...post(remote, 'remote-missing/x', 'from afar'), image_key: 'remote-missing/x' },
        post(mirrorOnly, 'e.jpg', 'only mirrored'),
      ])
      .execute();
    await db.insertInto('post_images').values(photos).execute();
    await db
      .insertInto('likes')
      .values({ id: 'like-1', post_id: single, user_id: ben, created_at: at })
      .execute();
    await db
      .insertInto('comments')
      .values({ id: 'comment-1', post_id: carousel, user_id: ben, content: 'nice', created_at: at })
      .execute();
    await db
      .insertInto('saves')
      .values({ user_id: ben, post_id: carousel, created_at: at })
      .execute();
    await db
      .insertInto('remote_media')
      .values({
        image_id: remote,
        post_id: remote,
        author_id: ann,
        source_url: 'https://elsewhere.example/x.jpg',
        status: 'pending',
        next_attempt_at: at,
        last_viewed_at: at,
      })
      .execute();
    await db
      .insertInto('stories')
      .values({
        id: 'story-1',
        user_id: ann,
        image_key: `user-uploads/${ann}/stories/1.jpg`,
        width: 1080,
        height: 1920,
        placeholder: null,
        variants: '[]',
        created_at: at,
        expires_at: '2099-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('conversations')
      .values({ id: 'conversation-1', pair_key: `${ann}:${ben}`, created_at: at, updated_at: at })
      .execute();
    await db
      .insertInto('direct_messages')
      .values({
        id: 'message-1',
        conversation_id: 'conversation-1',
        sender_id: ann,
        text: 'look',
        post_id: carousel,
        created_at: at,
      })
      .execute();
    await db
      .insertInto('direct_message_images')
      .values({
        id: 'message-photo-1',
        message_id: 'message-1',
        position: 0,
        image_key: `user-uploads/${ann}/messages/1.jpg`,
        file_base: `user-uploads/${ann}/messages/1`,
        width: 640,
        height: 480,
        placeholder: null,
        variants: '[]',
      })
      .execute();
    await old.close();
    server = await startTestServer(dialect, {}, { dataDir, databaseUrl: postgres?.url });
    server.dropDatabase = postgres?.drop;
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('keeps every photo of every post, with its id, order, files, alt text and federation copies', async () => {
    const { db } = server.context.database;
    const rows = await db
      .selectFrom('media_attachments')
      .select([
        'id',
        'post_id',
        'position',
        'file_key',
        'width',
        'height',
        'placeholder',
        'variants',
        'alt_text',
        'blurhash',
        'jpeg_key',
        'type',
        'status',
        'duration_s',
        'poster',
        'camera',
      ])
      .orderBy('post_id')
      .orderBy('position')
      .execute();
    const expected = [...photos, photo(mirrorOnly, 0, 'e.jpg')].map(({ image_key, ...rest }) => ({
      ...rest,
      file_key: image_key,
      type: 'image',
      status: 'ready',
      duration_s: null,
      poster: null,
      camera: null,
    }));
    expect(rows).toEqual(expected);
  });

  it('drops the mirror columns and keeps the posts, their likes, comments, saves and remote copies', async () => {
    const { db } = server.context.database;
    const columns =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from pragma_table_info('posts')`.execute(db)
        : await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_name = 'posts' and table_schema = current_schema()`.execute(db);
    expect(columns.rows.map((c) => c.name).sort()).toEqual(
      [
        'caption',
        'comments_count',
        'created_at',
        'edited_at',
        'id',
        'likes_count',
        'user_id',
      ].sort(),
    );
    const posts = await db.selectFrom('posts').selectAll().orderBy('id').execute();
    expect(posts.map(({ id, caption, edited_at }) => ({ id, caption, edited_at }))).toEqual([
      { id: single, caption: 'one #photo', edited_at: null },
      { id: carousel, caption: 'three photos', edited_at: at },
      { id: remote, caption: 'from afar', edited_at: null },
      { id: mirrorOnly, caption: 'only mirrored', edited_at: null },
    ]);
    expect(await db.selectFrom('likes').select('id').execute()).toEqual([{ id: 'like-1' }]);
    expect(await db.selectFrom('comments').select('id').execute()).toEqual([{ id: 'comment-1' }]);
    expect(await db.selectFrom('saves').select('post_id').execute()).toEqual([
      { post_id: carousel },
    ]);
    expect(await db.selectFrom('remote_media').select('image_id').execute()).toEqual([
      { image_id: remote },
    ]);
    expect(await db.selectFrom('stories').select('id').execute()).toEqual([{ id: 'story-1' }]);
    expect(await db.selectFrom('direct_message_images').select('id').execute()).toEqual([
      { id: 'message-photo-1' },
    ]);
    expect(await db.selectFrom('direct_messages').select('post_id').execute()).toEqual([
      { post_id: carousel },
    ]);
  });

  it('answers Post.media and the older images, image_url and image from the same rows', async () => {
    const response = await server.request(`/api/posts/${carousel}`);
    expect(response.status).toBe(200);
    const body = response.body as {
      image_url: string;
      image: { width: number };
      images: { id: string; url: string; alt_text: string | null }[];
      media: { id: string; type: string; url: string; alt_text: string | null }[];
    };
    expect(body.media.map((item) => [item.type, item.alt_text])).toEqual([
      ['image', 'first'],
      ['image', 'second'],
      ['image', 'third'],
    ]);
    expect(body.images.map((item) => item.id)).toEqual(body.media.map((item) => item.id));
    expect(body.image_url).toBe(body.media[0]!.url);
    expect(body.media[0]!.url).toContain('b.webp');
    expect(body.media[0]).toMatchObject({
      width: 800,
      height: 600,
      placeholder: 'thumb',
      duration_s: null,
      poster: null,
      status: 'ready',
      camera: null,
    });
  });

  it('still tells the caches of a change to a post’s media, and still cascades a post’s delete', async () => {
    const { db } = server.context.database;
    const before = await db
      .selectFrom('cache_changes')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirstOrThrow();
    await db
      .updateTable('media_attachments')
      .set({ alt_text: 'changed' })
      .where('id', '=', single)
      .execute();
    const topics = await db
      .selectFrom('cache_changes')
      .select('topic')
      .where('id', '>', Number(before.last ?? 0))
      .execute();
    expect(topics.map((row) => row.topic)).toContain(`post:${single}`);

    await db.deleteFrom('posts').where('id', '=', carousel).execute();
    const left = await db
      .selectFrom('media_attachments')
      .select('id')
      .where('post_id', '=', carousel)
      .execute();
    expect(left).toEqual([]);
    expect(await db.selectFrom('comments').select('id').execute()).toEqual([]);
    // The shared post in a message is forgotten, the message kept (`on delete set null`).
    expect(await db.selectFrom('direct_messages').select('post_id').execute()).toEqual([
      { post_id: null },
    ]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationNames } from '../db/migrate';
import { loadConfig } from '../env';
import type { TestServer } from '../test/harness';
import { TestClock, disposeTestServer, startTestServer } from '../test/harness';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';

/**
 * Issue 48, acceptance 3: a backup made by main before migration 0024 (`fixtures/schema-0023.zip`,
 * see its script) restores with today's code, and the server started on it migrates it with
 * nothing lost: posts and carousels with their photos, alt texts and files, a private account's
 * post, a story, a message's photo and the post it shares, likes and comments.
 */

const fixture = path.join(import.meta.dirname, 'fixtures', 'schema-0023.zip');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-before-0024-'));
const dataDir = path.join(work, 'data');
let server: TestServer;

interface Media {
  id: string;
  type: string;
  url: string;
  alt_text: string | null;
  status: string;
  variants: { url: string }[];
}

beforeAll(async () => {
  const restored = await restoreBackup(loadConfig({ DATA_DIR: dataDir }), fixture);
  expect(restored.manifest.schema_version).toBe('0023-message-photos');
  // The fixture's own day, so its story is still live whenever this runs.
  const clock = new TestClock(Date.parse(restored.manifest.created_at) + 60_000);
  server = await startTestServer('sqlite', {}, { dataDir }, { clock });
});
afterAll(async () => {
  await disposeTestServer(server);
  fs.rmSync(work, { recursive: true, force: true });
});

it('migrates the restored database and shows every post with its media and files', async () => {
  const page = await server.request('/api/posts?limit=50');
  const posts = page.body.posts as {
    caption: string;
    image_url: string;
    images: { id: string; alt_text: string | null }[];
    media: Media[];
    likes_count: number;
    comments_count: number;
  }[];
  // The private account's post is not in everyone's feed; the two public ones are.
  expect(posts.map((post) => post.caption)).toEqual(['three photos', 'one photo #fixture']);
  const [carousel, single] = posts as [(typeof posts)[0], (typeof posts)[0]];
  expect(carousel.media.map((item) => [item.type, item.status, item.alt_text])).toEqual([
    ['image', 'ready', 'first of three'],
    ['image', 'ready', 'second of three'],
    ['image', 'ready', 'third of three'],
  ]);
  expect(carousel.images.map((item) => item.id)).toEqual(carousel.media.map((item) => item.id));
  expect(carousel.image_url).toBe(carousel.media[0]!.url);
  expect(carousel.comments_count).toBe(1);
  expect(single.media).toHaveLength(1);
  expect(single.likes_count).toBe(1);
  for (const item of [...carousel.media, ...single.media]) {
    for (const url of [item.url, ...item.variants.map((variant) => variant.url)]) {
      const file = await server.request(url);
      expect(file.status, url).toBe(200);
    }
  }
});

it('keeps the private post, the story, the message photo and the post a message shares', async () => {
  const { db } = server.context.database;
  const media = await db
    .selectFrom('media_attachments')
    .innerJoin('posts', 'posts.id', 'media_attachments.post_id')
    .select(['posts.caption', 'media_attachments.position', 'media_attachments.file_key'])
    .orderBy('posts.caption')
    .orderBy('media_attachments.position')
    .execute();
  expect(media.map((row) => [row.caption, row.position])).toEqual([
    ['one photo #fixture', 0],
    ['private photo', 0],
    ['three photos', 0],
    ['three photos', 1],
    ['three photos', 2],
  ]);
  for (const row of media) {
    expect(fs.existsSync(path.join(dataDir, 'storage', row.file_key)), row.file_key).toBe(true);
  }
  const stories = await db.selectFrom('stories').select('image_key').execute();
  const photos = await db.selectFrom('direct_message_images').select('image_key').execute();
  expect(stories).toHaveLength(1);
  expect(photos).toHaveLength(1);
  for (const { image_key } of [...stories, ...photos]) {
    expect(fs.existsSync(path.join(dataDir, 'storage', image_key)), image_key).toBe(true);
  }
  const messages = await db.selectFrom('direct_messages').select(['text']).execute();
  expect(messages).toEqual([{ text: 'a photo for you' }]);
});

it('backs the migrated instance up again, every file of the fixture included', async () => {
  const archive = path.join(work, 'after.zip');
  const { manifest } = await createBackup(server.context.config, archive);
  expect(manifest.schema_version).toBe(migrationNames.at(-1));
  expect(manifest.counts).toMatchObject({ people: 3, posts: 3, likes: 1, comments: 1, files: 14 });
});

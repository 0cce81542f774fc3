import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { MediaAttachmentRow } from '../repositories/media-attachments.repository';
import {
  listMediaOfPosts,
  replaceMediaVariants,
} from '../repositories/media-attachments.repository';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

async function firstPhoto(db: Kysely<DB>, postId: string): Promise<MediaAttachmentRow> {
  const images = await listMediaOfPosts(db, [postId]);
  return images.get(postId)![0]!;
}

describe.each(dialects)('variant backfill on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let author: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    author = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('gives an 800 px post made before the own-width variant its 800 px WebP, once', async () => {
    const created = await uploadPost(server, author, await makeJpeg(800, 600));
    const widths = (post: { image: { variants: { width: number }[] } }) =>
      post.image.variants.map((variant) => variant.width);
    expect(widths(created.body)).toEqual([320, 640, 800]);

    // The post as an older version stored it: no 800 px variant, no file.
    const { db } = server.context.database;
    const row = await firstPhoto(db, created.body.id);
    const wide = row.variants.find((variant) => variant.width === 800)!;
    const older = row.variants.filter((variant) => variant !== wide);
    expect(await replaceMediaVariants(db, row.id, row.variants, older)).toBe(true);
    await server.context.storage.delete(wide.key);
    const before = await server.request(`/api/posts/${row.post_id}`);
    expect(widths(before.body)).toEqual([320, 640]);

    const result = await server.context.services.variantBackfill.run();
    expect(result).toMatchObject({ updated: 1, failed: 0 });
    const after = await server.request(`/api/posts/${row.post_id}`);
    expect(widths(after.body)).toEqual([320, 640, 800]);
    expect(after.body.images[0].variants).toEqual(after.body.image.variants);
    const file = await server.request(after.body.image.variants[2].url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    // The feed shows it at once, and a second run finds nothing to do.
    const feed = await server.request('/api/posts?limit=1');
    expect(widths(feed.body.posts[0])).toEqual([320, 640, 800]);
    expect(await server.context.services.variantBackfill.run()).toMatchObject({ updated: 0 });
  });

  it('counts a post whose original is missing as failed and leaves it as it was', async () => {
    const created = await uploadPost(server, author, await makeJpeg(500, 500));
    const { db } = server.context.database;
    const row = await firstPhoto(db, created.body.id);
    const older = row.variants.filter((variant) => variant.width !== 500);
    await replaceMediaVariants(db, row.id, row.variants, older);
    await server.context.storage.delete(row.file_key);
    const result = await server.context.services.variantBackfill.run();
    expect(result).toMatchObject({ updated: 0, failed: 1 });
    expect((await firstPhoto(db, row.post_id)).variants).toEqual(older);
  });
});

import { readFile } from 'node:fs/promises';

import { limits, messages } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  disposeTestServer,
  makeDamagedPng,
  makeJpeg,
  signUpUser,
  startTestServer,
  storageSetups,
} from '../test/harness';
import {
  expectStoredKeysBackTo,
  keyOfUrl,
  orphansFound,
  storedKeys,
  uploadPhotos,
} from '../test/photo-posts';
import type { TestS3Server } from '../test/s3-server';
import { startS3Server } from '../test/s3-server';

describe.each(storageSetups)('posts of several photos on $name', (setup) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let s3: TestS3Server | undefined;
  let author: TestUser;
  let photos: Buffer[];

  beforeAll(async () => {
    s3 = setup.s3 ? await startS3Server() : undefined;
    server = await startTestServer(setup.dialect, s3?.env ?? {});
    author = await signUpUser(server);
    photos = await Promise.all([makeJpeg(800, 600), makeJpeg(600, 900), makeJpeg(500, 500)]);
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await s3?.close();
  });

  /** Asserts a refused upload left the store and the posts as they were, and no orphan. */
  const expectNothingStored = async (keysBefore: string[], postsBefore: number) => {
    await expectStoredKeysBackTo(server, keysBefore);
    expect(await orphansFound(server)).toBe(0);
    const profile = await server.request(`/api/profiles/${author.id}`);
    expect(profile.body.posts_count).toBe(postsBefore);
  };
  const postsCount = async () =>
    (await server.request(`/api/profiles/${author.id}`)).body.posts_count as number;

  it('keeps the photos in the order sent, each with its alt text; the first is image_url', async () => {
    const created = await uploadPhotos(server, author, photos, {
      altTexts: ['A red field', '', '  A square  '],
      caption: 'Three of them',
    });
    expect(created.status).toBe(201);
    const post = created.body;
    expect(post.images.map((image: { width: number }) => image.width)).toEqual([800, 600, 500]);
    expect(post.images.map((image: { alt_text: string | null }) => image.alt_text)).toEqual([
      'A red field',
      null,
      'A square',
    ]);
    expect(post.image_url).toBe(post.images[0].url);
    expect(post.image).toEqual({
      width: post.images[0].width,
      height: post.images[0].height,
      placeholder: post.images[0].placeholder,
      variants: post.images[0].variants,
    });
    expect(new Set(post.images.map((image: { id: string }) => image.id)).size).toBe(3);
    expect(post.edited_at).toBeNull();
    expect(post.saved_by_me).toBe(false);

    // Every photo and variant is stored and served; the post page and the feed say the same.
    const keys = await storedKeys(server);
    for (const image of post.images as { url: string; variants: { url: string }[] }[]) {
      for (const url of [image.url, ...image.variants.map((variant) => variant.url)]) {
        expect(keys).toContain(keyOfUrl(url));
      }
      const file = await server.request(image.url);
      expect(file.status).toBe(200);
    }
    const again = await server.request(`/api/posts/${post.id}`);
    expect(again.body.images).toEqual(post.images);
    const feed = await server.request('/api/posts?limit=1');
    expect(feed.body.posts[0].images).toEqual(post.images);
    expect(await orphansFound(server)).toBe(0);
  });

  it('still takes a single photo as before', async () => {
    const created = await uploadPhotos(server, author, [photos[0]!]);
    expect(created.status).toBe(201);
    expect(created.body.images).toHaveLength(1);
    expect(created.body.images[0].alt_text).toBeNull();
    expect(created.body.image_url).toBe(created.body.images[0].url);
  });

  it(`refuses an 11th photo with "${messages.tooManyPhotos}" and stores nothing`, async () => {
    const [keysBefore, before] = [await storedKeys(server), await postsCount()];
    const eleven = Array.from({ length: limits.maxPostImages + 1 }, () => photos[2]!);
    const response = await uploadPhotos(server, author, eleven);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'validation_error',
      message: messages.tooManyPhotos,
    });
    await expectNothingStored(keysBefore, before);
  });

  it('takes ten photos', async () => {
    const ten = Array.from({ length: limits.maxPostImages }, (_, index) => photos[index % 3]!);
    const response = await uploadPhotos(server, author, ten);
    expect(response.status).toBe(201);
    expect(response.body.images).toHaveLength(10);
  });

  it('refuses the whole post when one of ten photos is over 5 MB, storing nothing', async () => {
    const [keysBefore, before] = [await storedKeys(server), await postsCount()];
    const huge = Buffer.concat([photos[0]!, Buffer.alloc(limits.maxUploadBytes)]);
    const ten = Array.from({ length: 10 }, (_, index) => (index === 6 ? huge : photos[1]!));
    const response = await uploadPhotos(server, author, ten);
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe(messages.fileTooLarge);
    await expectNothingStored(keysBefore, before);
  });

  it('refuses the whole post when one photo is not an image, storing nothing', async () => {
    const [keysBefore, before] = [await storedKeys(server), await postsCount()];
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const response = await uploadPhotos(server, author, [photos[0]!, photos[1]!, text]);
    expect(response.status).toBe(415);
    expect(response.body.error).toMatchObject({
      code: 'unsupported_media_type',
      message: messages.notAnImage,
      fields: { 'image.2': messages.notAnImage },
    });
    await expectNothingStored(keysBefore, before);
  });

  it('removes the photos already stored when a later one turns out damaged', async () => {
    const [keysBefore, before] = [await storedKeys(server), await postsCount()];
    const damaged = await makeDamagedPng();
    const response = await uploadPhotos(server, author, [photos[0]!, photos[1]!, damaged]);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'validation_error',
      message: messages.corruptImage,
    });
    await expectNothingStored(keysBefore, before);
  });

  it('takes a JPEG with damaged restart markers, which browsers show whole, turned upright', async () => {
    const damaged = await readFile(
      new URL('../test/fixtures/damaged-restarts.jpg', import.meta.url),
    );
    const response = await uploadPhotos(server, author, [photos[0]!, damaged]);
    expect(response.status).toBe(201);
    const image = response.body.images[1] as { url: string; width: number; height: number };
    // 384 × 256 stored with EXIF orientation 6.
    expect([image.width, image.height]).toEqual([256, 384]);
    expect(image.url).toMatch(/\.jpg$/);
    const file = await server.request(image.url);
    expect(file.status).toBe(200);
    expect(await orphansFound(server)).toBe(0);
  });

  it('refuses empty photo parts, alt texts over 1000 characters and more alt texts than photos', async () => {
    const [keysBefore, before] = [await storedKeys(server), await postsCount()];
    const empty = await uploadPhotos(server, author, [photos[0]!, Buffer.alloc(0)]);
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('validation_error');
    expect(empty.body.error.fields).toHaveProperty('image.1');

    const long = 'a'.repeat(limits.maxAltTextLength + 1);
    const tooLong = await uploadPhotos(server, author, [photos[0]!, photos[1]!], {
      altTexts: ['fine', long],
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({
      code: 'validation_error',
      message: messages.altTextTooLong,
      fields: { 'alt_text.1': messages.altTextTooLong },
    });
    const exactly = await uploadPhotos(server, author, [photos[0]!], {
      altTexts: ['a'.repeat(limits.maxAltTextLength)],
    });
    expect(exactly.status).toBe(201);
    await server.request(`/api/posts/${exactly.body.id}`, {
      method: 'DELETE',
      token: author.token,
    });

    const extra = await uploadPhotos(server, author, [photos[0]!], { altTexts: ['one', 'two'] });
    expect(extra.status).toBe(400);
    expect(extra.body.error.fields).toHaveProperty('alt_text');
    const none = await uploadPhotos(server, author, []);
    expect(none.status).toBe(415);
    await expectNothingStored(keysBefore, before);
  });
});

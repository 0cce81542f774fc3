import { filterNames } from '@pinhole/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { disposeTestServer, signUpUser, startTestServer } from '../test/harness';
import { fetchBytes, postWithEdits, smoothPhoto } from '../test/photo-edits';
import { expectStoredKeysBackTo, orphansFound, storedKeys } from '../test/photo-posts';

/** An animated GIF of three frames, each a different grey. */
const animatedGif = (width: number, height: number) => {
  const frame = width * height * 3;
  const pixels = Buffer.alloc(frame * 3);
  for (let index = 0; index < 3; index++) pixels.fill(60 + 60 * index, index * frame);
  return sharp(pixels, { raw: { width, height: height * 3, channels: 3, pageHeight: height } })
    .gif({ delay: [100, 100, 100] })
    .toBuffer();
};

describe('edits refused, the filters listed, and stories edited', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let author: TestUser;
  let photo: Buffer;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    author = await signUpUser(server);
    photo = await smoothPhoto(400, 300);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const postsCount = async () =>
    (await server.request(`/api/profiles/${author.id}`)).body.posts_count as number;

  it.each([
    ['a crop outside the picture', '[{"crop":{"x":0.5,"y":0,"width":0.6,"height":1}}]', 1],
    ['a crop past the top left', '[{"crop":{"x":-0.1,"y":0,"width":0.5,"height":1}}]', 1],
    ['an unknown filter', '[{"filter":"sepia-deluxe"}]', 1],
    ['an adjustment over 100', '[{"adjust":{"brightness":101}}]', 1],
    ['an adjustment under -100', '[{"adjust":{"fade":-150}}]', 1],
    ['an adjustment that is not whole', '[{"adjust":{"contrast":12.5}}]', 1],
    ['an unknown key', '[{"frame":"polaroid"}]', 1],
    ['an unknown adjustment', '[{"adjust":{"sharpness":10}}]', 1],
    ['more edits than photos', '[null,{"filter":"moon"},null]', 2],
    ['edits that are not JSON', '[{"filter":"moon"', 1],
    ['edits that are not an array', '{"filter":"moon"}', 1],
  ])('refuses %s with 400 and stores nothing', async (_name, edits, photos) => {
    const keysBefore = await storedKeys(server);
    const postsBefore = await postsCount();
    const refused = await postWithEdits(server, author, Array(photos).fill(photo), edits);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('validation_error');
    expect(refused.body.error.message).toMatch(/edits/i);
    await expectStoredKeysBackTo(server, keysBefore);
    expect(await orphansFound(server)).toBe(0);
    expect(await postsCount()).toBe(postsBefore);
  });

  it('refuses a filter on an animated GIF, naming why, and stores nothing', async () => {
    const keysBefore = await storedKeys(server);
    const refused = await postWithEdits(
      server,
      author,
      [photo, await animatedGif(60, 40)],
      '[null,{"filter":"moon"}]',
      { type: 'image/gif' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('validation_error');
    expect(refused.body.error.message).toMatch(/animated/);
    await expectStoredKeysBackTo(server, keysBefore);
  });

  it('takes the edits field before the files as well as after', async () => {
    const created = await postWithEdits(
      server,
      author,
      [photo],
      '[{"crop":{"x":0,"y":0,"width":0.75,"height":1}}]',
      { editsFirst: true },
    );
    expect(created.status).toBe(201);
    expect([created.body.images[0].width, created.body.images[0].height]).toEqual([300, 300]);
  });

  it('lists the filters, Normal first, publicly and cacheably', async () => {
    const response = await server.request('/api/filters');
    expect(response.status).toBe(200);
    const { filters } = response.body as { filters: { name: string; label: string }[] };
    expect(filters.length).toBeGreaterThanOrEqual(13);
    expect(filters[0]).toEqual({ name: 'normal', label: 'Normal' });
    expect(filters.map((filter) => filter.name)).toEqual(filterNames);
    expect(response.headers.get('cache-control')).toMatch(/public/);
  });

  it('documents GET /api/filters and the edits field in the OpenAPI document', async () => {
    const document = (await server.request('/api/openapi.json')).body;
    expect(document.paths['/api/filters'].get).toBeDefined();
    expect(JSON.stringify(document.paths['/api/posts'].post)).toContain('edits');
  });

  it('applies a story’s edits', async () => {
    const created = await postWithEdits(
      server,
      author,
      [photo],
      '[{"crop":{"x":0.25,"y":0,"width":0.75,"height":1},"filter":"inkwell"}]',
      { path: '/api/stories' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const story = created.body;
    expect([story.image.width, story.image.height]).toEqual([300, 300]);
    const { data } = await sharp(await fetchBytes(server, story.image.variants.at(-1).url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Inkwell is black and white.
    for (let offset = 0; offset < data.length; offset += 3 * 97) {
      expect(Math.abs(data[offset]! - data[offset + 2]!)).toBeLessThanOrEqual(2);
    }
  });

  it('refuses a story’s bad edits with 400', async () => {
    const refused = await postWithEdits(server, author, [photo], '[{"filter":"nope"}]', {
      path: '/api/stories',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('validation_error');
  });
});

import { limits } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { insertStory } from '../repositories/stories.repository';
import { mediaKey, variantKey } from '../storage/storage';
import type { TestUser } from '../test/harness';
import {
  TestClock,
  dialects,
  disposeTestServer,
  signUpUser,
  startTestServer,
} from '../test/harness';

describe.each(dialects)('StoriesService.removeExpired on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let person: TestUser;
  const clock = new TestClock(Date.parse('2026-03-01T12:00:00.000Z'));

  beforeAll(async () => {
    server = await startTestServer(dialect, {}, undefined, { clock });
    person = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  /** A story row shared at `createdMs`, with its original and one variant stored when `files`. */
  async function addStory(createdMs: number, index: number, files: boolean) {
    const key = mediaKey(
      'stories',
      person.id,
      createdMs,
      'jpg',
      index.toString(16).padStart(32, '0'),
    );
    const variant = variantKey(key, 320, 'webp');
    if (files) {
      await server.context.storage.put(key, Buffer.from('original'), 'image/jpeg');
      await server.context.storage.put(variant, Buffer.from('variant'), 'image/webp');
    }
    await insertStory(server.context.database.db, {
      id: newId(),
      user_id: person.id,
      image_key: key,
      width: 320,
      height: 240,
      placeholder: null,
      variants: [{ key: variant, width: 320, height: 240 }],
      created_at: new Date(createdMs).toISOString(),
      expires_at: new Date(createdMs + limits.storyLifetimeMs).toISOString(),
    });
    return [key, variant];
  }

  const exists = async (key: string) => (await server.context.storage.head(key)) !== null;

  it('removes every expired story in batches, rows and files, and leaves live ones', async () => {
    const now = clock.now().getTime();
    const expiredAt = now - limits.storyLifetimeMs;
    // More than one batch of 500, all expired at or before now; two with files on the store.
    const expiredKeys: string[] = [];
    for (let index = 0; index < 1_100; index++) {
      const keys = await addStory(expiredAt - index, index, index < 2);
      if (index < 2) expiredKeys.push(...keys);
    }
    const liveKeys = await addStory(expiredAt + 1, 5_000, true);

    const removed = await server.context.services.stories.removeExpired();
    expect(removed).toBe(1_100 * 2);
    for (const key of expiredKeys) expect(await exists(key)).toBe(false);
    for (const key of liveKeys) expect(await exists(key)).toBe(true);
    const left = await server.context.database.db
      .selectFrom('stories')
      .select('image_key')
      .execute();
    expect(left.map((row) => row.image_key)).toEqual([liveKeys[0]]);

    // A millisecond later the last one has had its 24 hours too; again, nothing is left.
    clock.set(now + 1);
    expect(await server.context.services.stories.removeExpired()).toBe(2);
    for (const key of liveKeys) expect(await exists(key)).toBe(false);
    expect(await server.context.services.stories.removeExpired()).toBe(0);
  });
});

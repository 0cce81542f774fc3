/**
 * Seeded stories: about a third of the people have 1–3 live ones (half, in a community as small
 * as the demo's, so its strip has people in it), shared in the 20 hours before `now`, each a
 * photograph of the seed's pool with its own storage keys; a few people have seen each already,
 * and the first person (the demo account) all those of half the sharers they follow.
 * Someone following 300 people then has about 100 trays, as the bench's stories row asks.
 */
import type { Insertable, Kysely } from 'kysely';
import { limits } from '@pinhole/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { DB, StoriesTable, StoryViewsTable } from '../db/schema';
import type { ProcessedImage } from '../media/image';
import type { Random } from '../random';
import { storedVariants } from '../repositories/stored-variants';
import { mediaKey, variantKey } from '../storage/storage';
import { skewedPicker } from './seed-shape';
import { insertStories, insertStoryViews } from './seed.repository';

const hourMs = 60 * 60 * 1000;

/** The share of people with live stories. */
export const storyShareOf = (people: number) => (people <= 50 ? 0.5 : 1 / 3);

export interface SeedStoriesInput {
  db: Kysely<DB>;
  random: Random;
  users: readonly { id: string }[];
  pool: readonly ProcessedImage[];
  now: number;
  /** Whom the first person follows (indexes into `users`). */
  followedByFirst: ReadonlySet<number>;
  /** Writes one photograph's files under these keys (original first, then the variants). */
  writeFiles: (poolIndex: number, image: ProcessedImage, keys: string[]) => Promise<void>;
}

export async function seedStories(
  input: SeedStoriesInput,
): Promise<{ stories: number; views: number }> {
  const { random, users, pool, now } = input;
  if (pool.length === 0 || users.length === 0) return { stories: 0, views: 0 };
  const share = storyShareOf(users.length);
  const pickViewer = skewedPicker(random, users.length, 1.6);
  const stories: Insertable<StoriesTable>[] = [];
  const views: StoryViewsTable[] = [];
  let followedSharers = 0;
  for (const [authorIndex, author] of users.entries()) {
    if (!random.chance(share)) continue;
    // The first person (the demo account) has seen everything of every other sharer they
    // follow, so their strip shows both rings: coloured for unviewed trays, grey for seen ones.
    let firstHasSeen = false;
    if (input.followedByFirst.has(authorIndex)) {
      firstHasSeen = followedSharers % 2 === 1;
      followedSharers += 1;
    }
    for (let count = random.int(1, 3); count > 0; count--) {
      const createdMs = now - random.int(60_000, 20 * hourMs);
      const poolIndex = random.int(0, pool.length - 1);
      const image = pool[poolIndex]!;
      const nonce = Buffer.from(random.bytes16()).toString('hex');
      const key = mediaKey('stories', author.id, createdMs, image.original.extension, nonce);
      const keys = [
        key,
        ...image.variants.map((variant) => variantKey(key, variant.width, variant.extension)),
      ];
      await input.writeFiles(poolIndex, image, keys);
      const id = uuidv7({ msecs: createdMs, random: random.bytes16() });
      stories.push({
        id,
        user_id: author.id,
        image_key: key,
        width: image.original.width,
        height: image.original.height,
        placeholder: image.placeholder,
        variants: storedVariants.encode(
          image.variants.map((variant, at) => ({
            key: keys[at + 1]!,
            width: variant.width,
            height: variant.height,
          })),
        ),
        created_at: new Date(createdMs).toISOString(),
        expires_at: new Date(createdMs + limits.storyLifetimeMs).toISOString(),
      });
      // The random viewers below leave the first person out: their rings stay as chosen above.
      const seen = new Set<number>([authorIndex, 0]);
      if (firstHasSeen) {
        views.push({
          story_id: id,
          viewer_id: users[0]!.id,
          viewed_at: new Date(createdMs + random.int(0, now - createdMs)).toISOString(),
        });
      }
      for (let tries = random.int(0, 4); tries > 0; tries--) {
        const viewer = pickViewer();
        if (seen.has(viewer)) continue;
        seen.add(viewer);
        views.push({
          story_id: id,
          viewer_id: users[viewer]!.id,
          viewed_at: new Date(createdMs + random.int(0, now - createdMs)).toISOString(),
        });
      }
    }
  }
  await input.db.transaction().execute(async (trx) => {
    await insertStories(trx, stories);
    await insertStoryViews(trx, views);
  });
  return { stories: stories.length, views: views.length };
}

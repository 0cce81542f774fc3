/**
 * Seeded likes: each post gets exactly its planned number, from distinct people, the active ones
 * more often, at times between the post and `now` (most soon after it was shared).
 */
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { DB, LikesTable } from '../db/schema';
import type { Random } from '../random';
import { skewedPicker } from './seed-shape';
import { insertLikes } from './seed.repository';

export interface LikesToWrite {
  userIds: readonly string[];
  postIds: readonly string[];
  postTimes: Float64Array;
  likesPerPost: Int32Array;
  now: number;
  rowsPerTransaction: number;
  log: (message: string) => void;
}

/** Writes the planned likes; returns how many. */
export async function writeLikes(
  db: Kysely<DB>,
  random: Random,
  input: LikesToWrite,
): Promise<number> {
  const userCount = input.userIds.length;
  const likeCount = input.likesPerPost.reduce((sum, count) => sum + count, 0);
  const pickLiker = skewedPicker(random, userCount, 1.6);
  const everyone = Int32Array.from({ length: userCount }, (_value, index) => index);
  let rows: LikesTable[] = [];
  let written = 0;
  const flush = async () => {
    const batch = rows;
    rows = [];
    await db.transaction().execute((trx) => insertLikes(trx, batch));
    written += batch.length;
    if (written % 200_000 < batch.length || written === likeCount) {
      input.log(`likes: ${written}/${likeCount}`);
    }
  };
  for (const [index, postMs] of input.postTimes.entries()) {
    const wanted = input.likesPerPost[index] ?? 0;
    if (wanted === 0) continue;
    const chosen: number[] = [];
    if (wanted * 3 <= userCount) {
      const seen = new Set<number>();
      for (let attempt = 0; seen.size < wanted; attempt++) {
        const user = attempt < wanted * 8 ? pickLiker() : random.int(0, userCount - 1);
        if (!seen.has(user)) {
          seen.add(user);
          chosen.push(user);
        }
      }
    } else {
      // Popular posts: a partial Fisher–Yates over everyone (the array stays a permutation).
      for (let slot = 0; slot < wanted; slot++) {
        const other = random.int(slot, userCount - 1);
        const swap = everyone[slot]!;
        everyone[slot] = everyone[other]!;
        everyone[other] = swap;
        chosen.push(everyone[slot]!);
      }
    }
    for (const user of chosen) {
      const likedMs = Math.floor(postMs + (input.now - postMs) * Math.pow(random.next(), 3));
      rows.push({
        id: uuidv7({ msecs: likedMs, random: random.bytes16() }),
        post_id: input.postIds[index]!,
        user_id: input.userIds[user]!,
        created_at: new Date(likedMs).toISOString(),
      });
    }
    if (rows.length >= input.rowsPerTransaction) await flush();
  }
  if (rows.length > 0) await flush();
  return written;
}

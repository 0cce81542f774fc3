/**
 * Seeded comments: each post gets its planned number, from a skewed set of people (the same
 * people come back to talk), at times between the post and `now`.
 */
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { CommentsTable, DB } from '../db/schema';
import type { Random } from '../random';
import { commentPhrases } from './content';
import { skewedPicker } from './seed-shape';
import { insertComments } from './seed.repository';

export interface CommentsToWrite {
  userIds: readonly string[];
  postIds: readonly string[];
  postTimes: Float64Array;
  commentsPerPost: Int32Array;
  now: number;
  rowsPerTransaction: number;
}

/** Writes the planned comments; returns how many. */
export async function writeComments(
  db: Kysely<DB>,
  random: Random,
  input: CommentsToWrite,
): Promise<number> {
  const pickCommenter = skewedPicker(random, input.userIds.length, 1.8);
  let rows: CommentsTable[] = [];
  let written = 0;
  const flush = async () => {
    const batch = rows;
    rows = [];
    await db.transaction().execute((trx) => insertComments(trx, batch));
    written += batch.length;
  };
  for (const [index, postMs] of input.postTimes.entries()) {
    for (let count = input.commentsPerPost[index] ?? 0; count > 0; count--) {
      const commentedMs = Math.floor(postMs + (input.now - postMs) * Math.pow(random.next(), 2.5));
      rows.push({
        id: uuidv7({ msecs: commentedMs, random: random.bytes16() }),
        post_id: input.postIds[index]!,
        user_id: input.userIds[pickCommenter()]!,
        content: random.pick(commentPhrases),
        created_at: new Date(commentedMs).toISOString(),
      });
    }
    if (rows.length >= input.rowsPerTransaction) await flush();
  }
  if (rows.length > 0) await flush();
  return written;
}

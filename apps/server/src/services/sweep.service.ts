import type { AppContext } from '../context';
import { listImageKeys } from '../repositories/posts.repository';
import { bucketName } from '../storage/storage';

/** Files younger than this may belong to an upload still in flight. */
const graceMs = 10 * 60 * 1000;

/** Removes stored files that no post references (left by a crash mid-upload). */
export async function sweepOrphans(context: AppContext, now = Date.now()): Promise<number> {
  const referenced = new Set(await listImageKeys(context.database.db));
  let removed = 0;
  for await (const object of context.storage.list(bucketName)) {
    if (referenced.has(object.key)) continue;
    if (now - object.lastModified.getTime() < graceMs) continue;
    await context.storage.delete(object.key);
    removed += 1;
  }
  return removed;
}

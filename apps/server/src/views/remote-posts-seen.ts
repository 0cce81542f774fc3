import { isRemoteUsername } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PostRow } from '../repositories/posts.repository';
import { listRemoteUrls, markRemoteMediaViewed } from '../repositories/remote-posts.repository';

/** A copy's last view is written at most this often. */
const viewResolutionMs = 60 * 60_000;

/**
 * The remote posts among rows about to be shown: their pages on their own servers, and a note
 * that they are being looked at (their photos' copies are kept longer, and one removed after
 * its retention is fetched again). Pages are cached until a post changes, and removing a copy
 * changes its post, so the next page showing it comes here. Local-only pages ask nothing.
 * Part of making a page's JSON (its `remote_url`s), hence a view beside post-json.ts, not a
 * service of its own.
 */
export async function remotePostsSeen(
  db: Kysely<DB>,
  rows: readonly PostRow[],
  now: Date,
): Promise<Map<string, string | null>> {
  const remote = rows.filter((row) => isRemoteUsername(row.author_username)).map((row) => row.id);
  if (remote.length === 0) return new Map();
  const urls = await listRemoteUrls(db, remote);
  await markRemoteMediaViewed(
    db,
    [...urls.keys()],
    now.toISOString(),
    new Date(now.getTime() - viewResolutionMs).toISOString(),
  );
  return urls;
}

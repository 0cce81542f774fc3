import type { ProfileListQuery, ProfileSummaryPage } from '@pinhole/contracts';
import { limits } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { followedAmong } from '../repositories/follows.repository';
import type { ListedPersonRow, PeoplePageOptions } from '../repositories/people-lists.repository';
import type { Storage } from '../storage/storage';
import { decodeCursor, encodeCursor } from '../pagination/post-cursor';
import { toProfileSummary } from './profile-summary';

/**
 * A page of a list of people as every list answers it (`{ profiles, next_cursor }`): `load`
 * reads one row more than the page, which tells whether another page exists, and the viewer's
 * follows of those shown are read in one query.
 */
export async function peoplePage(
  db: Kysely<DB>,
  storage: Storage,
  query: ProfileListQuery,
  viewerId: string | null,
  load: (options: PeoplePageOptions) => Promise<ListedPersonRow[]>,
): Promise<ProfileSummaryPage> {
  const limit = query.limit ?? limits.listDefaultLimit;
  const after = query.cursor !== undefined ? decodeCursor(query.cursor) : undefined;
  const rows = await load({ limit: limit + 1, after });
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const followed = viewerId
    ? await followedAmong(
        db,
        viewerId,
        pageRows.map((row) => row.id),
      )
    : new Set<string>();
  return {
    profiles: pageRows.map((row) => toProfileSummary(row, storage, followed.has(row.id))),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.listed_at, id: last.id }) : null,
  };
}

import type { Insertable, Kysely } from 'kysely';
import type { DB, ReportsTable } from '../db/schema';
import type { PostPosition } from './posts.repository';

const reportColumns = [
  'reports.id',
  'reports.target_type',
  'reports.target_id',
  'reports.target_user_id',
  'reports.reason',
  'reports.note',
  'reports.status',
  'reports.resolution',
  'reports.created_at',
  'profiles.id as reporter_id',
  'profiles.username as reporter_username',
  'profiles.full_name as reporter_full_name',
  'profiles.avatar_key as reporter_avatar_key',
  'profiles.is_verified as reporter_is_verified',
] as const;

function selectReports(db: Kysely<DB>) {
  return db
    .selectFrom('reports')
    .innerJoin('profiles', 'profiles.id', 'reports.reporter_id')
    .select(reportColumns);
}

export type ReportRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectReports>['executeTakeFirst']>>
>;

/** Inserts the report unless this reporter already reported this target; the id either way. */
export async function insertReportOnce(
  db: Kysely<DB>,
  report: Insertable<ReportsTable>,
): Promise<{ id: string; created: boolean }> {
  const result = await db
    .insertInto('reports')
    .values(report)
    .onConflict((conflict) =>
      conflict.columns(['reporter_id', 'target_type', 'target_id']).doNothing(),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return { id: report.id, created: true };
  const existing = await db
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', report.reporter_id)
    .where('target_type', '=', report.target_type)
    .where('target_id', '=', report.target_id)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

export function findReport(db: Kysely<DB>, id: string) {
  return selectReports(db).where('reports.id', '=', id).executeTakeFirst();
}

/** Oldest first for the open queue (first come, first seen), newest first once resolved. */
export function listReports(
  db: Kysely<DB>,
  status: 'open' | 'resolved',
  limit: number,
  after?: PostPosition,
) {
  const direction = status === 'open' ? 'asc' : 'desc';
  let query = selectReports(db)
    .where('reports.status', '=', status)
    .orderBy('reports.created_at', direction)
    .orderBy('reports.id', direction)
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('reports.created_at', 'reports.id'),
        status === 'open' ? '>' : '<',
        eb.tuple(after.createdAt, after.id),
      ),
    );
  }
  return query.execute();
}

/** Resolves every open report on the target: one decision answers them all. */
export async function resolveReportsOn(
  db: Kysely<DB>,
  target: { type: ReportsTable['target_type']; id: string },
  resolution: NonNullable<ReportsTable['resolution']>,
  by: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('reports')
    .set({ status: 'resolved', resolution, resolved_by: by, resolved_at: at })
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('status', '=', 'open')
    .execute();
}

/** What a report points at, with its author's profile: null when it is gone. */
export function findPostTarget(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .innerJoin('media_attachments as cover', (join) =>
      join.onRef('cover.post_id', '=', 'posts.id').on('cover.position', '=', 0),
    )
    .select([
      'posts.id',
      'posts.caption as text',
      'cover.variants as cover_variants',
      'profiles.id as author_id',
      'profiles.is_private',
      'profiles.suspended_at',
    ])
    .where('posts.id', '=', id)
    .executeTakeFirst();
}

export function findCommentTarget(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .innerJoin('profiles as post_author', 'post_author.id', 'posts.user_id')
    .innerJoin('profiles', 'profiles.id', 'comments.user_id')
    .select([
      'comments.id',
      'comments.content as text',
      'comments.post_id',
      'profiles.id as author_id',
      'profiles.suspended_at',
      'post_author.id as post_author_id',
      'post_author.is_private as post_author_is_private',
      'post_author.suspended_at as post_author_suspended_at',
    ])
    .where('comments.id', '=', id)
    .executeTakeFirst();
}

/** People by id, as report previews and the audit log show them. */
export function findPeople(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('profiles')
    .select([
      'id',
      'username',
      'full_name',
      'avatar_key',
      'is_verified',
      'is_private',
      'bio',
      'suspended_at',
    ])
    .where('id', 'in', ids)
    .execute();
}

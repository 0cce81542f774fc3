import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';

/**
 * SQL that is true when `viewerId` may see the content of the author in the query's `profiles`
 * row: services/visibility.ts's rules, in its order, for writes that check and write in one
 * statement. A suspended author's content is for admins only; the author sees their own; nobody
 * blocked either way sees it; a public account's is for everyone, a private one's for approved
 * followers. Both dialects (SQLite reads it as 0/1).
 */
export function contentVisibleTo(viewerId: string): RawBuilder<boolean> {
  return sql<boolean>`case
    when profiles.suspended_at is not null then
      exists (select 1 from users where users.id = ${viewerId} and users.role = 'admin')
    when profiles.id = ${viewerId} then 1 = 1
    when exists (
      select 1 from blocks
      where (blocks.blocker_id = ${viewerId} and blocks.blocked_id = profiles.id)
         or (blocks.blocker_id = profiles.id and blocks.blocked_id = ${viewerId})
    ) then 1 = 0
    when profiles.is_private = 0 then 1 = 1
    else exists (
      select 1 from follows
      where follows.follower_id = ${viewerId} and follows.followee_id = profiles.id
    )
  end`;
}

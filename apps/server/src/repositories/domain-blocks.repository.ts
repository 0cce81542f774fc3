import type { ExpressionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB, DomainBlocksTable } from '../db/schema';

/** Newest first. */
export function listDomainBlocks(db: Kysely<DB>) {
  return db
    .selectFrom('domain_blocks')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('domain')
    .execute();
}

export function findDomainBlock(db: Kysely<DB>, domain: string) {
  return db.selectFrom('domain_blocks').selectAll().where('domain', '=', domain).executeTakeFirst();
}

/** A new block, or a changed severity or reason of one (its `created_at` stays). */
export async function saveDomainBlock(db: Kysely<DB>, block: DomainBlocksTable): Promise<void> {
  await db
    .insertInto('domain_blocks')
    .values(block)
    .onConflict((oc) =>
      oc.column('domain').doUpdateSet({ severity: block.severity, reason: block.reason }),
    )
    .execute();
}

export async function deleteDomainBlock(db: Kysely<DB>, domain: string): Promise<void> {
  await db.deleteFrom('domain_blocks').where('domain', '=', domain).execute();
}

/** `a.b.example` → `a.b.example`, `b.example`, `example`: every name a block may be written as. */
export function domainsCovering(host: string): string[] {
  const labels = host.toLowerCase().replace(/:\d+$/, '').split('.');
  return labels.map((_, index) => labels.slice(index).join('.')).filter(Boolean);
}

/** The blocks that cover a host (itself or a parent domain), a suspension first. */
export function findBlocksCovering(db: Kysely<DB>, host: string) {
  return db
    .selectFrom('domain_blocks')
    .selectAll()
    .where('domain', 'in', domainsCovering(host))
    .orderBy('severity', 'desc')
    .execute();
}

/** The local ids of the remote people of a domain and its subdomains (remote_actors_by_host). */
export async function listPeopleOfDomain(db: Kysely<DB>, domain: string): Promise<string[]> {
  const rows = await db
    .selectFrom('remote_actors')
    .select('profile_id')
    .where((eb) => eb.or([eb('host', '=', domain), eb('host', 'like', `%.${domain}`)]))
    .execute();
  return rows.map((row) => row.profile_id);
}

/**
 * Hides (or shows again) these people the way a suspension does: every list already leaves out
 * suspended profiles, and migration 0012's trigger makes every instance's caches forget them.
 * `from` says which rows may change: null for those not suspended, a stamp for those suspended
 * with exactly that stamp (a domain block's own), so an admin's own suspension of one of them
 * outlives the domain's.
 */
export async function setSuspendedStamp(
  db: Kysely<DB>,
  ids: readonly string[],
  from: string | null,
  to: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('profiles')
    .set({ suspended_at: to })
    .where('id', 'in', ids)
    .where('suspended_at', from === null ? 'is' : '=', from)
    .execute();
}

/**
 * Removes a person's likes, comments and follows both ways, and the notifications they caused,
 * with the counters others see adjusted first (as deleting an account does). Their own posts stay.
 * The tables' triggers tell every instance's caches.
 */
export async function removeInteractionsOf(db: Kysely<DB>, userId: string): Promise<void> {
  await sql`update posts set likes_count = likes_count - 1
    where id in (select post_id from likes where user_id = ${userId})`.execute(db);
  await sql`update posts set comments_count = comments_count -
      (select count(*) from comments where comments.post_id = posts.id and comments.user_id = ${userId})
    where id in (select post_id from comments where user_id = ${userId})`.execute(db);
  await sql`update profiles set followers_count = followers_count - 1
    where id in (select followee_id from follows where follower_id = ${userId})`.execute(db);
  await sql`update profiles set following_count = following_count - 1
    where id in (select follower_id from follows where followee_id = ${userId})`.execute(db);
  await db.deleteFrom('likes').where('user_id', '=', userId).execute();
  await db.deleteFrom('comments').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
    .execute();
  await db
    .deleteFrom('follow_requests')
    .where((eb) => eb.or([eb('requester_id', '=', userId), eb('target_id', '=', userId)]))
    .execute();
  await db.deleteFrom('notifications').where('actor_id', '=', userId).execute();
}

/**
 * True for a post whose author is not of a blocked server (silenced or suspended): what explore
 * and hashtag pages keep. Local authors have no `remote_actors` row: one probe of its key.
 */
export function authorNotSilenced(eb: ExpressionBuilder<DB, 'posts'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('remote_actors')
        .innerJoin('domain_blocks', (join) =>
          join.on((on) =>
            on.or([
              on('domain_blocks.domain', '=', on.ref('remote_actors.host')),
              on('remote_actors.host', 'like', sql<string>`'%.' || domain_blocks.domain`),
            ]),
          ),
        )
        .select('remote_actors.profile_id')
        .whereRef('remote_actors.profile_id', '=', 'posts.user_id'),
    ),
  );
}

/** Actors their server said were deleted: never made a person here again. */
export async function markActorGone(db: Kysely<DB>, actorUrl: string, at: string): Promise<void> {
  await db
    .insertInto('gone_remote_actors')
    .values({ actor_url: actorUrl, gone_at: at })
    .onConflict((oc) => oc.column('actor_url').doNothing())
    .execute();
}

export async function isActorGone(db: Kysely<DB>, actorUrl: string): Promise<boolean> {
  const row = await db
    .selectFrom('gone_remote_actors')
    .select('actor_url')
    .where('actor_url', '=', actorUrl)
    .executeTakeFirst();
  return row !== undefined;
}

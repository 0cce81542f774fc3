import type { Kysely, Migration } from 'kysely';

/**
 * Safety across servers.
 *
 * - `domain_blocks`: a server an admin keeps out. `suspend`: nothing comes in from it or goes
 *   out to it, and its people are hidden here; `silence`: its posts stay out of explore and
 *   hashtag pages. A block of `example.com` covers its subdomains too.
 * - `gone_remote_actors`: actors whose server said they were deleted; their rows are gone, and
 *   an activity still signed by them is refused rather than bringing the person back.
 * - `remote_actors_by_host`: the people of one server, found at once when it is blocked.
 */
export const domainBlocks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('domain_blocks')
      .addColumn('domain', 'text', (c) => c.primaryKey())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('gone_remote_actors')
      .addColumn('actor_url', 'text', (c) => c.primaryKey())
      .addColumn('gone_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('remote_actors_by_host')
      .on('remote_actors')
      .column('host')
      .execute();
  },
};

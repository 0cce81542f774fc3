import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * A profile picture's ThumbHash was made with its variants but never kept, so
 * `avatar.placeholder` was always null. Pictures set before stay without one (null, as the
 * contract allows) until they are replaced. The cache trigger of migration 0002 already names
 * `profile:<id>` when `avatar_key` changes, which a new placeholder always comes with.
 *
 * Also `profiles_suspended`: the few suspended accounts, found without reading every profile, so
 * a profile's follower counts can leave them out on every read (services/profiles.service.ts).
 */
export const avatarPlaceholders: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table profiles add column avatar_placeholder text`.execute(db);
    await sql`create index profiles_suspended on profiles (suspended_at) where suspended_at is not null`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index profiles_suspended`.execute(db);
    await sql`alter table profiles drop column avatar_placeholder`.execute(db);
  },
};

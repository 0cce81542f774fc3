import type { Kysely, Migration } from 'kysely';

/**
 * Password reset by email.
 *
 * - `password_resets`: one row per link sent (or printed by `npm run admin -- reset-link`). The
 *   key is the SHA-256 of the token, never the token: a copy of the database does not yield links
 *   that work. `used_at` makes a link single-use (set in the same statement that checks it), and
 *   the row is kept until it expires so the per-account count of links asked for in the last hour
 *   (`created_at`) holds across instances and restarts. A deleted account's rows go with it, so
 *   its links stop working.
 * - No cache trigger: nothing cached is read from this table; ending the sessions after a reset
 *   deletes `sessions` rows, whose own triggers (migration 0002) tell every instance.
 */
export const passwordResets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('password_resets_by_user')
      .on('password_resets')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('password_resets_by_expiry')
      .on('password_resets')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('password_resets').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/**
 * ActivityPub through Fedify, kept in our own database so any instance of a cluster can sign,
 * cache and deliver:
 *
 * - `federation_keys`: each local person's key pairs (RSA for draft-cavage and RFC 9421
 *   signatures, Ed25519 for Object Integrity Proofs), as JWK, made on first need. The owner
 *   `instance` is the instance actor's.
 * - `federation_kv`: Fedify's key–value store (fetched documents, remote keys, idempotence
 *   marks). `key` is the JSON of Fedify's key array; `expires_at` null keeps it for ever.
 * - `federation_queue`: Fedify's message queue (deliveries out, activities in). A message is
 *   taken by writing `claimed_until`; one whose taker died is taken again after that time, so a
 *   crash or a restart loses nothing.
 * - `remote_actors`: a person of another server is a person here too: a `users` row that can
 *   never sign in (no password, an email the sign-in form refuses) and a `profiles` row whose
 *   username is `user@host`, so follows, likes, comments, blocks and notifications keep their
 *   tables and code. This row says where they live: their actor, inboxes and profile page.
 * - `remote_follows`: the id of a remote person's `Follow` of a local one, which the `Accept` or
 *   `Reject` sent when the owner decides names (Mastodon matches on it).
 * - `remote_comments`: the Note a remote reply came as, so its Update or Delete finds the comment.
 */
export const federation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('federation_keys')
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('algorithm', 'text', (c) => c.notNull())
      .addColumn('private_key', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('federation_keys_pk', ['owner_id', 'algorithm'])
      .execute();
    await db.schema
      .createTable('federation_kv')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .execute();
    await db.schema
      .createTable('federation_queue')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('ordering_key', 'text')
      .addColumn('ready_at', 'text', (c) => c.notNull())
      .addColumn('claimed_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('federation_queue_ready')
      .on('federation_queue')
      .columns(['ready_at'])
      .execute();
    await db.schema
      .createTable('remote_actors')
      .addColumn('profile_id', 'text', (c) =>
        c.primaryKey().references('profiles.id').onDelete('cascade'),
      )
      .addColumn('actor_url', 'text', (c) => c.notNull().unique())
      .addColumn('inbox_url', 'text', (c) => c.notNull())
      .addColumn('shared_inbox_url', 'text')
      .addColumn('profile_url', 'text')
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('remote_follows')
      .addColumn('follower_id', 'text', (c) =>
        c.notNull().references('profiles.id').onDelete('cascade'),
      )
      .addColumn('followee_id', 'text', (c) =>
        c.notNull().references('profiles.id').onDelete('cascade'),
      )
      .addColumn('activity_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('remote_follows_pk', ['follower_id', 'followee_id'])
      .execute();
    await db.schema
      .createTable('remote_comments')
      .addColumn('comment_id', 'text', (c) =>
        c.primaryKey().references('comments.id').onDelete('cascade'),
      )
      .addColumn('note_url', 'text', (c) => c.notNull().unique())
      .execute();
  },
};

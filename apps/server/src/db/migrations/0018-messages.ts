import type { Kysely, Migration } from 'kysely';

/**
 * Direct messages. A conversation has members; a one-to-one conversation carries `pair_key` (the
 * two ids, sorted) so starting it again finds the same one. A member row says whether the
 * conversation is still a request for that person, whether they muted it and up to when they
 * read it; leaving deletes the row. Messages cascade with their conversation and their sender, so
 * deleting an account removes what it wrote. `profiles.allow_messages_from` says who may start a
 * conversation with someone.
 */
export const messages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('profiles')
      .addColumn('allow_messages_from', 'text', (c) => c.notNull().defaultTo('everyone'))
      .execute();
    await db.schema
      .createTable('conversations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('is_group', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text')
      .addColumn('pair_key', 'text', (c) => c.unique())
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('conversation_members')
      .addColumn('conversation_id', 'text', (c) =>
        c.notNull().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('is_request', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_read_at', 'text')
      .addColumn('joined_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('conversation_members_pair', ['conversation_id', 'user_id'])
      .execute();
    // The inbox: a person's conversations, read with the conversation's activity.
    await db.schema
      .createIndex('conversation_members_by_user')
      .on('conversation_members')
      .columns(['user_id', 'conversation_id'])
      .execute();
    await db.schema
      .createTable('direct_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) =>
        c.notNull().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('text', 'text')
      .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('direct_messages_by_conversation')
      .on('direct_messages')
      .columns(['conversation_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('conversations_by_activity')
      .on('conversations')
      .columns(['updated_at', 'id'])
      .execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/**
 * A story reply names its story: `direct_messages.story_id`. No foreign key on purpose: a story
 * is deleted when it expires (or by its author), and the reply must still say it answered one
 * ("Story unavailable") instead of forgetting it, as `ON DELETE SET NULL` would. Nothing else is
 * needed from 0024 or any later migration; old replies (text with the story's address) stay text.
 */
export const messageStoryReply: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('direct_messages').addColumn('story_id', 'text').execute();
  },
};

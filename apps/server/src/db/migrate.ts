import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
import { initial } from './migrations/0001-initial';
import { cacheChangesAndAvatarKeys } from './migrations/0002-cache-changes-and-avatar-keys';
import { follows } from './migrations/0003-follows';
import { postImagesAndSaves } from './migrations/0004-post-images-and-saves';
import { accountAndImports } from './migrations/0005-account-and-imports';
import { importCounts } from './migrations/0006-import-counts';
import { discoveryAndNotifications } from './migrations/0007-discovery-and-notifications';
import { discoveryExtra } from './migrations/0008-discovery-extra';
import { notificationsExtra } from './migrations/0009-notifications-extra';
import { stories } from './migrations/0010-stories';
import { hashtagFolding } from './migrations/0011-hashtag-folding';
import { moderation } from './migrations/0012-moderation';
import { blocks } from './migrations/0013-blocks';
import { passwordResets } from './migrations/0014-password-resets';
import { avatarPlaceholders } from './migrations/0015-avatar-placeholders';
import { instanceSettings } from './migrations/0016-instance-settings';
import { federation } from './migrations/0017-federation';
import { messages } from './migrations/0018-messages';
import { push } from './migrations/0019-push';
import { domainBlocks } from './migrations/0020-domain-blocks';
import { blurhash } from './migrations/0021-blurhash';
import { remotePosts } from './migrations/0022-remote-posts';
import { messagePhotos } from './migrations/0023-message-photos';
import { mediaAttachments } from './migrations/0024-media-attachments';
import { messageStoryReply } from './migrations/0025-message-story-reply';
import { videoJobs } from './migrations/0026-video-jobs';
import type { DB } from './schema';

/** Migrations are bundled in code (no folder scan) so the built server carries them. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-cache-changes-and-avatar-keys': cacheChangesAndAvatarKeys,
  '0003-follows': follows,
  '0004-post-images-and-saves': postImagesAndSaves,
  '0005-account-and-imports': accountAndImports,
  '0006-import-counts': importCounts,
  '0007-discovery-and-notifications': discoveryAndNotifications,
  '0008-discovery-extra': discoveryExtra,
  '0009-notifications-extra': notificationsExtra,
  '0010-stories': stories,
  '0011-hashtag-folding': hashtagFolding,
  '0012-moderation': moderation,
  '0013-blocks': blocks,
  '0014-password-resets': passwordResets,
  '0015-avatar-placeholders': avatarPlaceholders,
  '0016-instance-settings': instanceSettings,
  '0017-federation': federation,
  '0018-messages': messages,
  '0019-push': push,
  '0020-domain-blocks': domainBlocks,
  '0021-blurhash': blurhash,
  '0022-remote-posts': remotePosts,
  '0023-message-photos': messagePhotos,
  '0024-media-attachments': mediaAttachments,
  '0025-message-story-reply': messageStoryReply,
  '0026-video-jobs': videoJobs,
};

/** Every migration this version knows, oldest first: a backup's schema must be one of them. */
export const migrationNames: readonly string[] = Object.keys(migrations);

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/**
 * Runs pending migrations. Kysely takes a lock (a lock row on PostgreSQL, the single connection on
 * SQLite), so two instances starting at once migrate one after the other.
 */
export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason =
      error instanceof Error
        ? error.message
        : `migration ${failed?.migrationName ?? 'unknown'} failed`;
    throw new Error(`Database migration failed: ${reason}`);
  }
}

/** Migrates up to and including `name` only: tests build a database as an older version left it. */
export async function migrateUpTo(db: Kysely<DB>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(`migration to ${name} failed`);
}

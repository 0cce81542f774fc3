import type { Kysely } from 'kysely';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { listAllMessageFileKeys } from '../repositories/message-images.repository';
import { listPostMediaKeys } from '../repositories/media-attachments.repository';
import { listAvatarKeys } from '../repositories/profiles.repository';
import { listStoryImageKeys } from '../repositories/stories.repository';
import type { MediaKind } from '../storage/storage';
import { isInterruptedWrite } from '../storage/local';
import { bucketName, mediaKindOf } from '../storage/storage';

/** Files younger than this may belong to an upload still in flight. */
const graceMs = 10 * 60 * 1000;
/** A half-written file this old was left by a killed process, not by a slow disk. */
const interruptedWriteGraceMs = 60 * 60 * 1000;

/**
 * Who owns each kind of stored file: the keys that rows still reference. A new kind of media
 * (storage/storage.ts `mediaKinds`) plugs in here with the query listing its owners' keys; until
 * it does, its files are left alone (never removed for want of an owner query).
 */
export type OwnerQueries = Partial<Record<MediaKind, (db: Kysely<DB>) => Promise<string[]>>>;

export const ownerQueries: OwnerQueries = {
  posts: listPostMediaKeys,
  avatars: listAvatarKeys,
  stories: listStoryImageKeys,
  // Copies of remote photos are post photos too, under another folder.
  remoteMedia: listPostMediaKeys,
  messages: listAllMessageFileKeys,
};

/** What expires by time rather than by a missing owner row: stories past their 24 hours. */
export interface Expiring {
  removeExpired(now: number): Promise<number>;
}

export interface SweepResult {
  /** Files removed: those of expired stories, those nothing references, interrupted writes. */
  removed: number;
  /** Files whose key is of no kind we write: left alone, worth a look. */
  unknown: number;
}

export class SweepService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly owners: OwnerQueries = ownerQueries,
    private readonly expiring?: Expiring,
  ) {}

  /**
   * Removes expired stories (rows and files), then stored files that nothing references (left
   * by a crash mid-upload, or replaced). `now` is the app's clock unless given.
   */
  async run(now = this.infra.clock.now().getTime()): Promise<SweepResult> {
    const { db } = this.infra.database;
    const expiredFiles = (await this.expiring?.removeExpired(now)) ?? 0;
    const referenced = new Map<MediaKind, Set<string>>();
    for (const [kind, query] of Object.entries(this.owners) as [
      MediaKind,
      typeof listAvatarKeys,
    ][]) {
      referenced.set(kind, new Set(await query(db)));
    }
    const result: SweepResult = { removed: expiredFiles, unknown: 0 };
    for await (const object of this.infra.storage.list(bucketName)) {
      const kind = mediaKindOf(object.key);
      if (kind === null && isInterruptedWrite(object.key)) {
        if (now - object.lastModified.getTime() < interruptedWriteGraceMs) continue;
        await this.infra.storage.delete(object.key);
        result.removed += 1;
        continue;
      }
      if (kind === null) {
        result.unknown += 1;
        continue;
      }
      const owned = referenced.get(kind);
      if (!owned || owned.has(object.key)) continue;
      if (now - object.lastModified.getTime() < graceMs) continue;
      await this.infra.storage.delete(object.key);
      result.removed += 1;
    }
    return result;
  }
}

import type { PhotoEdit, Story, StoryViewers } from '@pinhole/contracts';
import { limits, messages } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { foreignKeyViolation } from '../db/errors';
import { AppError, notFound } from '../errors';
import { newId } from '../ids';
import { followedAmong, isFollowing } from '../repositories/follows.repository';
import type { StoryRow } from '../repositories/stories.repository';
import {
  deleteExpiredStories,
  deleteStory,
  findLiveStory,
  insertStory,
  insertVisibleStoryView,
  listRecentPublicStories,
  listStoryViewers,
  listTrayStories,
  viewedAmong,
} from '../repositories/stories.repository';
import { cacheTags } from '../cache/cache-tags';
import { EncodedBody } from '../cache/encoded-body';
import type { Tagged } from '../cache/tagged-cache';
import { mediaUrls } from '../storage/media-urls';
import { keysOfUploads, storeUploads } from '../media/store-uploads';
import { insertVideoJobs } from '../repositories/video-jobs.repository';
import type { VideoJobsService } from './video-jobs.service';
import { toProfileSummary } from '../views/profile-summary';
import type { StoryTraysEntry } from '../cache/read-caches';
import { toStory, toTrays } from '../views/story-json';
import { canSeeContentOf } from '../policies/visibility';
import { listBlockedEitherWay } from '../repositories/blocks.repository';

const notYourStory = () => new AppError('forbidden', messages.notYourStory);
const viewersAuthorOnly = () => new AppError('forbidden', messages.storyViewersAuthorOnly);

/** Expired stories removed per statement by the sweep. */
const expiryBatch = 500;

/**
 * Stories: photos shown for 24 hours. Whether one is live is decided against `expires_at` with
 * the app's clock (`infra.clock`), in every query: at exactly created_at + 24 h it is in no list
 * and answers 404, whether or not the sweep has removed its row and files yet.
 */
export class StoriesService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly videoJobs?: VideoJobsService,
  ) {}

  private get db() {
    return this.infra.database.db;
  }

  #nowIso(): string {
    return this.infra.clock.now().toISOString();
  }

  #urls() {
    return mediaUrls(this.infra.storage, this.infra.signer);
  }

  /**
   * Shares the photo in `file` as a story: checked, cleaned and resized exactly as a post's photo
   * (the variants stop at 1080 px, the widest a post has), with the author's `edit` applied. Refused or failed uploads leave no
   * file and no row.
   */
  async create(
    userId: string,
    file: string,
    edit: PhotoEdit | null = null,
    declaredVideo = false,
  ): Promise<Story> {
    const [stored] = await storeUploads(this.infra, 'stories', userId, [file], [edit], {
      tools: this.infra.videoTools,
      // A story is at most 60 s, whatever VIDEO_MAX_SECONDS allows posts.
      maxSeconds: Math.min(this.infra.config.video.maxSeconds, limits.storyVideoMaxSeconds),
      declared: [declaredVideo],
    });
    const id = newId();
    const video = stored!.type === 'video' ? stored! : null;
    try {
      const createdAt = this.infra.clock.now();
      // Read back inside the transaction: once it commits, nothing may fail the request.
      const story = await this.db.transaction().execute(async (trx) => {
        await insertStory(trx, {
          id,
          user_id: userId,
          image_key: stored!.key,
          width: stored!.width,
          height: stored!.height,
          placeholder: stored!.placeholder,
          variants: stored!.variants,
          created_at: createdAt.toISOString(),
          expires_at: new Date(createdAt.getTime() + limits.storyLifetimeMs).toISOString(),
          // A video waits for its transcode (VideoJobsService), shown to its author only.
          ...(video ? { status: 'processing' as const, duration_s: video.durationS } : {}),
        });
        if (video) {
          const now = createdAt.toISOString();
          await insertVideoJobs(trx, [{ mediaId: id, kind: 'story', ownerId: userId, now }]);
        }
        const row = await findLiveStory(trx, id, createdAt.toISOString());
        if (!row) throw notFound();
        return toStory(row, this.#urls(), this.infra.storage, {
          viewed: false,
          followedByMe: false,
        });
      });
      if (video) this.videoJobs?.kick();
      return story;
    } catch (error) {
      await this.infra.storage.discard(keysOfUploads([stored!]));
      throw error;
    }
  }

  /** A live story the viewer may see (a private account's: its owner and approved followers). */
  async #visible(storyId: string, viewerId: string | null): Promise<StoryRow> {
    const row = await findLiveStory(this.db, storyId, this.#nowIso());
    if (!row) throw notFound();
    // A video story still transcoding (or failed) is its author's only.
    if (row.status !== 'ready' && row.user_id !== viewerId) throw notFound();
    const owner = {
      id: row.user_id,
      is_private: row.author_is_private,
      suspended_at: row.author_suspended_at,
    };
    if (!(await canSeeContentOf(this.db, viewerId, owner))) throw notFound();
    return row;
  }

  async get(storyId: string, viewerId: string | null): Promise<Story> {
    const row = await this.#visible(storyId, viewerId);
    const viewed =
      viewerId !== null && (await viewedAmong(this.db, viewerId, [row.id])).has(row.id);
    const followedByMe =
      viewerId !== null &&
      viewerId !== row.user_id &&
      (await isFollowing(this.db, viewerId, row.user_id));
    return toStory(row, this.#urls(), this.infra.storage, { viewed, followedByMe });
  }

  /** Marks the story seen by the viewer; idempotent (the first view's time stays). */
  async markViewed(storyId: string, viewerId: string): Promise<void> {
    let added: boolean;
    try {
      // The check and the write in one statement: a first view is one round trip.
      added = await insertVisibleStoryView(this.db, {
        story_id: storyId,
        viewer_id: viewerId,
        viewed_at: this.#nowIso(),
      });
    } catch (error) {
      // The story was deleted while the view was written.
      if (foreignKeyViolation(error)) throw notFound();
      throw error;
    }
    // Nothing added: seen before (fine, the first view's time stays), or not there for them.
    if (!added) await this.#visible(storyId, viewerId);
  }

  /**
   * Who has seen the story, newest first: for its author only. The author's own view is not
   * counted: "Seen by N" means other people.
   */
  async viewers(storyId: string, viewerId: string): Promise<StoryViewers> {
    const row = await this.#visible(storyId, viewerId);
    if (row.user_id !== viewerId) throw viewersAuthorOnly();
    // Someone blocked either way is left out, as from every list the author reads.
    const hidden = new Set(await listBlockedEitherWay(this.db, viewerId));
    const viewers = (await listStoryViewers(this.db, storyId)).filter(
      (person) => person.id !== viewerId && !hidden.has(person.id),
    );
    const followed = await followedAmong(
      this.db,
      viewerId,
      viewers.map((person) => person.id),
    );
    return {
      viewers: viewers.map((person) => ({
        profile: toProfileSummary(person, this.infra.storage, followed.has(person.id)),
        viewed_at: person.viewed_at,
      })),
      views_count: viewers.length,
    };
  }

  /** Deletes the viewer's own story with its views and files; someone else's is 403. */
  async delete(storyId: string, viewerId: string): Promise<void> {
    const row = await this.#visible(storyId, viewerId);
    if (row.user_id !== viewerId) throw notYourStory();
    const keys = await deleteStory(this.db, storyId);
    if (keys === null) throw notFound();
    await this.infra.storage.discard(keys);
  }

  /**
   * Removes every story expired by `now`, rows and files, and returns how many files went (the
   * sweep, and a timer on each instance). Two instances may run it at once: each removes what it
   * finds, neither fails.
   */
  async removeExpired(now: number = this.infra.clock.now().getTime()): Promise<number> {
    const nowIso = new Date(now).toISOString();
    let removed = 0;
    for (;;) {
      const keys = await deleteExpiredStories(this.db, nowIso, expiryBatch);
      if (keys.length === 0) return removed;
      await this.infra.storage.discard(keys);
      removed += keys.length;
    }
  }

  /**
   * `GET /api/stories` as a JSON body. Kept per reader until a story is shared or removed, the
   * reader views one, follows or unfollows, an author changes what their summary shows, or an
   * account changes its privacy (each a change-log topic, so on every instance at once), and
   * never past the moment its first story expires. The caller has synced the caches.
   */
  async trays(viewerId: string | null): Promise<EncodedBody> {
    const cache = this.infra.caches.storyTrays;
    // Private accounts' files are signed: a body lives one signing window at most.
    const key = `${viewerId ?? '-'}:${this.infra.signer.window()}`;
    const now = this.infra.clock.now().getTime();
    const kept = cache.peek(key);
    if (kept && now >= kept.validUntil) cache.delete(key);
    const entry = await cache.get(key, () => this.#loadTrays(viewerId, now));
    return entry.body;
  }

  async #loadTrays(viewerId: string | null, now: number): Promise<Tagged<StoryTraysEntry>> {
    const nowIso = new Date(now).toISOString();
    const rows =
      viewerId === null
        ? await listRecentPublicStories(this.db, nowIso, limits.storyTraysSignedOutLimit)
        : await listTrayStories(this.db, viewerId, nowIso);
    const viewed =
      viewerId === null
        ? new Set<string>()
        : await viewedAmong(
            this.db,
            viewerId,
            rows.map((row) => row.id),
          );
    const urls = this.#urls();
    const stories = rows.map((row) =>
      toStory(row, urls, this.infra.storage, {
        viewed: viewed.has(row.id),
        // Signed in, every tray but your own is of someone you follow.
        followedByMe: viewerId !== null && row.user_id !== viewerId,
      }),
    );
    const tags = new Set<string>([cacheTags.anyStory, cacheTags.anyPrivacy]);
    if (viewerId !== null) {
      tags.add(cacheTags.followsOf(viewerId));
      tags.add(cacheTags.storyViewsOf(viewerId));
      tags.add(cacheTags.blocksOf(viewerId));
    }
    let validUntil = Number.POSITIVE_INFINITY;
    for (const row of rows) {
      tags.add(cacheTags.profile(row.user_id));
      validUntil = Math.min(validUntil, Date.parse(row.expires_at));
    }
    const body = JSON.stringify({ trays: toTrays(stories, viewerId) });
    return {
      value: { body: new EncodedBody(Buffer.from(body)), validUntil },
      tags: [...tags],
    };
  }
}

import type { BlockResult, BlockedPage, ProfileListQuery } from '@pinhole/contracts';
import { limits, safetyMessages } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { AppError, notFound } from '../errors';
import { nowIso } from '../ids';
import {
  deleteBlock,
  deleteNotificationsBetween,
  insertBlock,
} from '../repositories/blocks.repository';
import {
  addToFollowCounts,
  deleteFollow,
  deleteFollowRequest,
} from '../repositories/follows.repository';
import { listPeople } from '../repositories/people-lists.repository';
import { findProfileById } from '../repositories/profiles.repository';
import { decodeCursor, encodeCursor } from './post-cursor';
import { toProfileSummary } from './profile-summary';

/**
 * Blocks (API.md, Safety and moderation). A block ends the follows and pending requests both
 * ways, moving the counters in the same transaction and only for rows really removed (as
 * unfollow does), and forgets the notifications either had from the other. What each list and
 * call hides is decided where that list is read: direct reads and writes ask
 * `isBlockedEitherWay` (services/visibility.ts), lists read from the database add `notBlockedWith`
 * to their query, and lists served from the shared caches drop the people in the viewer's
 * `hiddenPeopleOf` set after the cache (services/hidden-people.ts).
 */
export class BlocksService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  async block(viewerId: string, targetId: string): Promise<BlockResult> {
    if (viewerId === targetId)
      throw new AppError('validation_error', safetyMessages.cannotBlockYourself);
    const ended = await this.db.transaction().execute(async (trx) => {
      if (!(await findProfileById(trx, targetId))) throw notFound();
      await insertBlock(trx, { blocker_id: viewerId, blocked_id: targetId, created_at: nowIso() });
      const endedFollows: { followerId: string; followeeId: string; followersCount: number }[] = [];
      for (const [followerId, followeeId] of [
        [viewerId, targetId],
        [targetId, viewerId],
      ] as const) {
        await deleteFollowRequest(trx, followerId, followeeId);
        if (await deleteFollow(trx, followerId, followeeId)) {
          const followersCount = await addToFollowCounts(trx, followerId, followeeId, -1);
          endedFollows.push({ followerId, followeeId, followersCount });
        }
      }
      await deleteNotificationsBetween(trx, viewerId, targetId);
      return endedFollows;
    });
    for (const follow of ended)
      await this.infra.events.publish({ type: 'follow.removed', ...follow });
    await this.infra.events.publish({
      type: 'block.added',
      blockerId: viewerId,
      blockedId: targetId,
    });
    return { blocked: true };
  }

  /** Ends the block; the follows it ended stay ended. Idempotent. */
  async unblock(viewerId: string, targetId: string): Promise<BlockResult> {
    if (viewerId === targetId)
      throw new AppError('validation_error', safetyMessages.cannotBlockYourself);
    if (!(await findProfileById(this.db, targetId))) throw notFound();
    await deleteBlock(this.db, viewerId, targetId);
    await this.infra.events.publish({
      type: 'block.removed',
      blockerId: viewerId,
      blockedId: targetId,
    });
    return { blocked: false };
  }

  /** The people the viewer blocked, newest block first. */
  async list(viewerId: string, query: ProfileListQuery): Promise<BlockedPage> {
    const limit = query.limit ?? limits.listDefaultLimit;
    const after = query.cursor !== undefined ? decodeCursor(query.cursor) : undefined;
    // One extra row tells whether another page exists.
    const rows = await listPeople(this.db, 'blocks', viewerId, { limit: limit + 1, after });
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    return {
      // A block ended every follow between the two, and no new one can be made: never followed.
      profiles: pageRows.map((row) => toProfileSummary(row, this.infra.storage, false)),
      next_cursor:
        rows.length > limit && last
          ? encodeCursor({ createdAt: last.listed_at, id: last.id })
          : null,
    };
  }
}

import type { BlockResult, BlockedPage, ProfileListQuery } from '@pinhole/contracts';
import { limits, safetyMessages } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { AppError, notFound } from '../errors';
import { nowIso } from '../ids';
import { deleteBlock, insertBlock } from '../repositories/blocks.repository';
import {
  addToFollowCounts,
  deleteFollow,
  deleteFollowRequest,
} from '../repositories/follows.repository';
import { listPeople } from '../repositories/people-lists.repository';
import { findProfileById } from '../repositories/profiles.repository';
import { remotePeopleAmong } from '../repositories/remote-people.repository';
import { decodeCursor, encodeCursor } from '../pagination/post-cursor';
import { toProfileSummary } from '../views/profile-summary';

/**
 * Blocks, a safety rule: a block ends the follows and pending requests both
 * ways, moving the counters in the same transaction and only for rows really removed (as
 * unfollow does); once it committed, its `block.added` has the notifications either had from
 * the other forgotten (events/subscribers/notifications.ts). What each list and call hides is
 * decided where that list is read: direct reads and writes ask `isBlockedEitherWay`
 * (policies/visibility.ts), lists read from the database add `notBlockedWith` to their query,
 * and lists served from the shared caches drop the people in the viewer's `hiddenPeopleOf` set
 * after the cache (policies/hidden-people.ts).
 */
export class BlocksService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  async block(viewerId: string, targetId: string): Promise<BlockResult> {
    if (viewerId === targetId)
      throw new AppError('validation_error', safetyMessages.cannotBlockYourself);
    const { endedFollows, endedRequests, remote } = await this.db
      .transaction()
      .execute(async (trx) => {
        if (!(await findProfileById(trx, targetId))) throw notFound();
        await insertBlock(trx, {
          blocker_id: viewerId,
          blocked_id: targetId,
          created_at: nowIso(),
        });
        const endedFollows: { followerId: string; followeeId: string; followersCount: number }[] =
          [];
        const endedRequests: { requesterId: string; ownerId: string }[] = [];
        for (const [followerId, followeeId] of [
          [viewerId, targetId],
          [targetId, viewerId],
        ] as const) {
          if (await deleteFollowRequest(trx, followerId, followeeId)) {
            endedRequests.push({ requesterId: followerId, ownerId: followeeId });
          }
          if (await deleteFollow(trx, followerId, followeeId)) {
            const followersCount = await addToFollowCounts(trx, followerId, followeeId, -1);
            endedFollows.push({ followerId, followeeId, followersCount });
          }
        }
        const remote = await remotePeopleAmong(trx, [viewerId, targetId]);
        return { endedFollows, endedRequests, remote };
      });
    for (const follow of endedFollows) {
      await this.infra.events.publish({
        type: 'follow.removed',
        ...follow,
        followerRemote: remote.has(follow.followerId),
        followeeRemote: remote.has(follow.followeeId),
      });
    }
    for (const request of endedRequests) {
      await this.infra.events.publish({
        type: 'follow_request.ended',
        ...request,
        reason: 'blocked',
        requesterRemote: remote.has(request.requesterId),
        ownerRemote: remote.has(request.ownerId),
      });
    }
    await this.infra.events.publish({
      type: 'block.added',
      blockerId: viewerId,
      blockedId: targetId,
      blockerRemote: remote.has(viewerId),
      blockedRemote: remote.has(targetId),
    });
    return { blocked: true };
  }

  /** Ends the block; the follows it ended stay ended. Idempotent. */
  async unblock(viewerId: string, targetId: string): Promise<BlockResult> {
    if (viewerId === targetId)
      throw new AppError('validation_error', safetyMessages.cannotBlockYourself);
    if (!(await findProfileById(this.db, targetId))) throw notFound();
    await deleteBlock(this.db, viewerId, targetId);
    const remote = await remotePeopleAmong(this.db, [viewerId, targetId]);
    await this.infra.events.publish({
      type: 'block.removed',
      blockerId: viewerId,
      blockedId: targetId,
      blockerRemote: remote.has(viewerId),
      blockedRemote: remote.has(targetId),
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

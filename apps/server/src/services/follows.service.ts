import type { FollowResult, ProfileListQuery, ProfileSummaryPage } from '@pinhole/contracts';
import { messages } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { AppError, notFound } from '../errors';
import { newId, nowIso } from '../ids';
import { isBlockedEitherWay } from '../repositories/blocks.repository';
import {
  addToFollowCounts,
  deleteFollowRequest,
  insertFollow,
  insertFollowRequest,
  isFollowing,
  listRequesterIds,
} from '../repositories/follows.repository';
import {
  followWithoutRequest,
  unfollowAndWithdraw,
} from '../repositories/follow-writes.repository';
import { listPeople } from '../repositories/people-lists.repository';
import { notifyWhileFollowing } from '../repositories/notification-records.repository';
import { isRemotePerson, remotePeopleAmong } from '../repositories/remote-people.repository';
import { findProfileById } from '../repositories/profiles.repository';
import { peoplePage } from '../views/people-page';
import { canSeeContentOf } from '../policies/visibility';

export const privateAccount = () => new AppError('forbidden', messages.accountPrivate);

/**
 * Follows, follow requests and the lists of people. Every follow moves both counters in its own
 * transaction, only when a row was really added or removed, so `followers_count` and
 * `following_count` always equal the rows (as likes keep `likes_count`).
 */
export class FollowsService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * Follows a public account at once; asks a private one (a request its owner answers).
   * Idempotent: following twice, or asking twice, changes nothing.
   */
  async follow(viewerId: string, targetId: string): Promise<FollowResult> {
    if (viewerId === targetId) {
      throw new AppError('validation_error', messages.cannotFollowYourself);
    }
    const outcome =
      (await this.#followWithoutRequest(viewerId, targetId)) ??
      (await this.#askRemote(viewerId, targetId)) ??
      (await this.db.transaction().execute(async (trx) => {
        const target = await findProfileById(trx, targetId);
        // Blocked either way: the person is not there for the viewer, as their profile is not.
        if (!target || (await isBlockedEitherWay(trx, viewerId, targetId))) throw notFound();
        const followerRemote = (await remotePeopleAmong(trx, [viewerId])).has(viewerId);
        if (target.is_private && !(await isFollowing(trx, viewerId, targetId))) {
          const asked = await insertFollowRequest(trx, {
            requester_id: viewerId,
            target_id: targetId,
            created_at: nowIso(),
          });
          return {
            following: false,
            requested: true,
            followersCount: target.followers_count,
            changed: asked,
            followerRemote,
            targetRemote: false,
          };
        }
        const { added, followersCount } = await this.#addFollow(trx, viewerId, targetId);
        if (added) await this.#tellFollowed(trx, viewerId, targetId);
        return {
          following: true,
          requested: false,
          followersCount,
          changed: added,
          followerRemote,
          targetRemote: false,
        };
      }));
    if (outcome.changed && outcome.following) {
      await this.infra.events.publish({
        type: 'follow.added',
        followerId: viewerId,
        followeeId: targetId,
        followersCount: outcome.followersCount,
        followerRemote: outcome.followerRemote,
      });
    } else if (outcome.changed) {
      await this.infra.events.publish({
        // A remote person's server answers for them; an owner here is asked here.
        type: outcome.targetRemote ? 'follow_request.sent_remote' : 'follow_request.sent',
        requesterId: viewerId,
        ownerId: targetId,
      });
    }
    return {
      following: outcome.following,
      requested: outcome.requested,
      followers_count: outcome.followersCount,
    };
  }

  /** Ends a follow, or withdraws a pending request. Idempotent. */
  async unfollow(viewerId: string, targetId: string): Promise<FollowResult> {
    if (viewerId === targetId) {
      throw new AppError('validation_error', messages.cannotFollowYourself);
    }
    // The statements are the database's own (repositories/follow-writes.repository.ts).
    const outcome = await unfollowAndWithdraw(this.db, viewerId, targetId);
    if (!outcome) throw notFound();
    const { withdrawn, removed, followersCount, followerRemote, followeeRemote } = outcome;
    if (withdrawn) {
      await this.infra.events.publish({
        type: 'follow_request.ended',
        requesterId: viewerId,
        ownerId: targetId,
        reason: 'withdrawn',
        requesterRemote: followerRemote,
        ownerRemote: followeeRemote,
      });
    }
    if (removed) {
      await this.infra.events.publish({
        type: 'follow.removed',
        followerId: viewerId,
        followeeId: targetId,
        followersCount,
        followerRemote,
        followeeRemote,
      });
    }
    return { following: false, requested: false, followers_count: followersCount };
  }

  /**
   * A person of another server is followed when their server says so: until its Accept the
   * follow is a request (counts and feeds unchanged), which federation/remote-follows.ts sends.
   * Undefined for a local person.
   */
  async #askRemote(viewerId: string, targetId: string) {
    if (!(await isRemotePerson(this.db, targetId))) return undefined;
    return this.db.transaction().execute(async (trx) => {
      const target = await findProfileById(trx, targetId);
      if (!target || (await isBlockedEitherWay(trx, viewerId, targetId))) throw notFound();
      const followersCount = target.followers_count;
      const remote = { followerRemote: false, targetRemote: true };
      if (await isFollowing(trx, viewerId, targetId)) {
        return { following: true, requested: false, followersCount, changed: false, ...remote };
      }
      const asked = await insertFollowRequest(trx, {
        requester_id: viewerId,
        target_id: targetId,
        created_at: nowIso(),
      });
      return { following: false, requested: true, followersCount, changed: asked, ...remote };
    });
  }

  /**
   * A follow of a public account here (or of one already followed), with its notification and
   * both counters, in the statements the database suits (repositories/follow-writes.repository.ts).
   * Undefined for a follow that needs a request (a private account, a remote person), which
   * #askRemote or the follow's transaction makes.
   */
  async #followWithoutRequest(viewerId: string, targetId: string) {
    const outcome = await followWithoutRequest(this.db, {
      followerId: viewerId,
      followeeId: targetId,
      createdAt: nowIso(),
      notificationId: newId(),
    });
    if (!outcome?.visible) throw notFound();
    if (outcome.needsRequest) return undefined;
    const { added, followersCount, followerRemote } = outcome;
    return {
      following: true,
      requested: false,
      followersCount,
      changed: added,
      followerRemote,
      targetRemote: false,
    };
  }

  /** The owner approves a pending request: the follow is made. 404 when there is no request. */
  async approve(ownerId: string, requesterId: string): Promise<void> {
    const remote = await this.db.transaction().execute(async (trx) => {
      if (!(await deleteFollowRequest(trx, requesterId, ownerId))) throw notFound();
      await this.#addFollow(trx, requesterId, ownerId);
      return remotePeopleAmong(trx, [requesterId, ownerId]);
    });
    await this.infra.events.publish({
      type: 'follow_request.approved',
      requesterId,
      ownerId,
      requesterRemote: remote.has(requesterId),
      ownerRemote: remote.has(ownerId),
    });
  }

  /** The owner declines a request; declining one that is gone changes nothing. */
  async decline(ownerId: string, requesterId: string): Promise<void> {
    if (await deleteFollowRequest(this.db, requesterId, ownerId)) {
      const remote = await remotePeopleAmong(this.db, [requesterId, ownerId]);
      await this.infra.events.publish({
        type: 'follow_request.ended',
        requesterId,
        ownerId,
        reason: 'declined',
        requesterRemote: remote.has(requesterId),
        ownerRemote: remote.has(ownerId),
      });
    }
  }

  /**
   * Going public: every pending request becomes a follow, in the caller's transaction. The
   * requesters whose follow was made; the caller tells each as `follow_request.approved` once
   * its transaction committed.
   */
  async approveAllIn(trx: Kysely<DB>, ownerId: string): Promise<string[]> {
    const requesters = await listRequesterIds(trx, ownerId);
    for (const requesterId of requesters) {
      await deleteFollowRequest(trx, requesterId, ownerId);
      await this.#addFollow(trx, requesterId, ownerId);
    }
    return requesters;
  }

  async followers(
    profileId: string,
    viewerId: string | null,
    query: ProfileListQuery,
  ): Promise<ProfileSummaryPage> {
    await this.requireVisible(profileId, viewerId);
    return peoplePage(this.db, this.infra.storage, query, viewerId, (options) =>
      listPeople(this.db, 'followers', profileId, { ...options, viewerId }),
    );
  }

  async following(
    profileId: string,
    viewerId: string | null,
    query: ProfileListQuery,
  ): Promise<ProfileSummaryPage> {
    await this.requireVisible(profileId, viewerId);
    return peoplePage(this.db, this.infra.storage, query, viewerId, (options) =>
      listPeople(this.db, 'following', profileId, { ...options, viewerId }),
    );
  }

  /** The viewer's own pending requests, newest first. */
  async requests(viewerId: string, query: ProfileListQuery): Promise<ProfileSummaryPage> {
    return peoplePage(this.db, this.infra.storage, query, viewerId, (options) =>
      listPeople(this.db, 'requests', viewerId, options),
    );
  }

  /**
   * The followed person's notification, in the follow's own transaction, when the request's
   * transaction finds the account open after all (made public meanwhile), as followWithoutRequest
   * writes it with every other follow: a subscriber's write after the commit was a round trip
   * more and a row hold against an unfollow in between.
   */
  async #tellFollowed(trx: Kysely<DB>, followerId: string, followeeId: string) {
    await notifyWhileFollowing(
      trx,
      { followerId, followeeId },
      {
        id: newId(),
        userId: followeeId,
        actorId: followerId,
        type: 'follow',
        createdAt: nowIso(),
        readAt: null,
        once: true,
      },
    );
  }

  /** Makes a follow (a direct one, or an approved request). */
  async #addFollow(trx: Kysely<DB>, followerId: string, followeeId: string) {
    const added = await insertFollow(trx, {
      follower_id: followerId,
      followee_id: followeeId,
      created_at: nowIso(),
    });
    const followersCount = added
      ? await addToFollowCounts(trx, followerId, followeeId, 1)
      : ((await findProfileById(trx, followeeId))?.followers_count ?? 0);
    return { added, followersCount };
  }

  /**
   * 404 for nobody and for someone blocked either way, 403 `This account is private` for a viewer
   * who may not see its content.
   */
  async requireVisible(profileId: string, viewerId: string | null): Promise<void> {
    const owner = await findProfileById(this.db, profileId);
    if (!owner) throw notFound();
    if (viewerId !== null && viewerId !== profileId) {
      if (await isBlockedEitherWay(this.db, viewerId, profileId)) throw notFound();
    }
    if (await canSeeContentOf(this.db, viewerId, owner)) return;
    // A suspended account is not there at all: to everyone but admins it looks deleted.
    throw owner.suspended_at === null ? privateAccount() : notFound();
  }
}

import {
  isRemoteUsername,
  type Avatar,
  type Profile,
  type UpdateProfileRequest,
} from '@pinhole/contracts';
import type { Selectable } from 'kysely';
import type { Infrastructure } from '../context';
import type { ProfilesTable } from '../db/schema';
import { uniqueViolation } from '../db/errors';
import { conflictFor, notFound } from '../errors';
import { blocksBetween } from '../repositories/blocks.repository';
import { countSuspendedFollows, findRelationship } from '../repositories/follows.repository';
import {
  findProfileById,
  findProfileByUsername,
  updateProfile,
  usernameExists,
} from '../repositories/profiles.repository';
import { storedVariants } from '../repositories/stored-variants';
import { isAdmin } from '../repositories/users.repository';
import { findRemoteActorByProfileId } from '../repositories/federation-actors.repository';
import { remotePeopleAmong } from '../repositories/remote-people.repository';
import type { Storage } from '../storage/storage';
import { indexPersonNames } from '../discovery/discovery-index';
import type { FollowsService } from './follows.service';
import { avatarUrl } from '../storage/media-urls';

export interface Relationship {
  followedByMe: boolean;
  followsMe: boolean;
  requestedByMe: boolean;
  /** The viewer blocked this person (their profile then shows "You blocked …" with Unblock). */
  blockedByMe?: boolean;
}

const strangers: Relationship = { followedByMe: false, followsMe: false, requestedByMe: false };

function toAvatar(row: Selectable<ProfilesTable>, storage: Storage): Avatar | null {
  if (row.avatar_key === null) return null;
  return {
    placeholder: row.avatar_placeholder,
    variants: storedVariants.decode(row.avatar_variants).map((variant) => ({
      url: storage.publicUrl(variant.key),
      width: variant.width,
      height: variant.height,
    })),
  };
}

export function toProfile(
  row: Selectable<ProfilesTable>,
  storage: Storage,
  relationship: Relationship = strangers,
  remoteUrl: string | null = null,
): Profile {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    avatar_url: avatarUrl(storage, row.avatar_key),
    avatar: toAvatar(row, storage),
    bio: row.bio,
    website: row.website,
    is_verified: Boolean(row.is_verified),
    is_private: Boolean(row.is_private),
    posts_count: Number(row.posts_count),
    followers_count: Number(row.followers_count),
    following_count: Number(row.following_count),
    followed_by_me: relationship.followedByMe,
    follows_me: relationship.followsMe,
    requested_by_me: relationship.requestedByMe,
    blocked_by_me: relationship.blockedByMe ?? false,
    created_at: row.created_at,
    is_remote: isRemoteUsername(row.username),
    remote_url: remoteUrl,
  };
}

/**
 * Profiles as a viewer sees them. Not cached: a profile is one row by key, and the viewer's
 * relationship (follows either way, a pending request) must show a follow at once, on any
 * instance, so it is read from the database on every request.
 */
export class ProfilesService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly follows: FollowsService,
  ) {}

  private get db() {
    return this.infra.database.db;
  }

  async get(id: string, viewerId: string | null = null): Promise<Profile> {
    const row = await findProfileById(this.db, id);
    if (!row || !(await this.#shown(row, viewerId))) throw notFound();
    return this.#withRelationship(row, viewerId);
  }

  /** By username in any case: `/:username` pages and links. */
  async getByUsername(username: string, viewerId: string | null = null): Promise<Profile> {
    const row = await findProfileByUsername(this.db, username);
    if (!row || !(await this.#shown(row, viewerId))) throw notFound();
    return this.#withRelationship(row, viewerId);
  }

  /** A suspended account's profile is there for admins only (and for the suspend reply). */
  async #shown(row: { suspended_at: string | null }, viewerId: string | null): Promise<boolean> {
    if (row.suspended_at === null) return true;
    return viewerId !== null && (await isAdmin(this.db, viewerId));
  }

  async updateOwn(userId: string, patch: UpdateProfileRequest): Promise<Profile> {
    const changes: Partial<
      Pick<ProfilesTable, 'username' | 'full_name' | 'bio' | 'website'> & { is_private: number }
    > = {};
    if (patch.username !== undefined) {
      const own = await findProfileById(this.db, userId);
      if (own && own.username !== patch.username) {
        if (await usernameExists(this.db, patch.username)) throw conflictFor(false, true);
        changes.username = patch.username;
      }
    }
    if (patch.full_name !== undefined) changes.full_name = patch.full_name;
    if (patch.bio !== undefined) changes.bio = patch.bio;
    if (patch.website !== undefined) changes.website = patch.website;
    if (patch.is_private !== undefined) changes.is_private = patch.is_private ? 1 : 0;
    const approved = await this.db
      .transaction()
      .execute(async (trx) => {
        await updateProfile(trx, userId, changes);
        if (changes.username !== undefined || changes.full_name !== undefined) {
          // Read back after the write, which holds the row: a concurrent rename cannot slip in.
          const renamed = await findProfileById(trx, userId);
          if (renamed) {
            await indexPersonNames(trx, userId, {
              username: renamed.username,
              fullName: renamed.full_name,
            });
          }
        }
        // Going public answers every pending request with yes.
        return patch.is_private === false ? this.follows.approveAllIn(trx, userId) : [];
      })
      .catch((error: unknown) => {
        // Someone took the name between the check above and this write: the unique index decides.
        if (uniqueViolation(error) !== null) throw conflictFor(false, true);
        throw error;
      });
    const remote = await remotePeopleAmong(this.db, approved);
    for (const requesterId of approved) {
      await this.infra.events.publish({
        type: 'follow_request.approved',
        requesterId,
        ownerId: userId,
        requesterRemote: remote.has(requesterId),
        ownerRemote: false,
      });
    }
    return this.get(userId);
  }

  /**
   * Someone who blocked the viewer is not there for them (404), even if the viewer blocked them
   * too: their choice not to be seen wins. Someone the viewer blocked is there, flagged
   * `blocked_by_me`, as Instagram's "You blocked …" page with Unblock; their posts, stories and
   * lists still answer 404 (visibility.ts). A block ended every follow and request both ways, so
   * the rest of the relationship is that of strangers. Read per request, never from a cache shared
   * between viewers: only the blocker ever sees the flag, and an unblock shows at once.
   */
  async #withRelationship(row: Selectable<ProfilesTable>, viewerId: string | null) {
    let relationship = strangers;
    if (viewerId !== null && viewerId !== row.id) {
      const blocks = await blocksBetween(this.db, viewerId, row.id);
      if (blocks.byOther) throw notFound();
      relationship = blocks.byViewer
        ? { ...strangers, blockedByMe: true }
        : await findRelationship(this.db, viewerId, row.id);
    }
    // Suspended people are not in the lists (people-lists.repository.ts): nor in the counts.
    const suspended = await countSuspendedFollows(this.db, row.id);
    const remote = isRemoteUsername(row.username)
      ? await findRemoteActorByProfileId(this.db, row.id)
      : undefined;
    return toProfile(
      {
        ...row,
        followers_count: Math.max(0, Number(row.followers_count) - suspended.followers),
        following_count: Math.max(0, Number(row.following_count) - suspended.following),
      },
      this.infra.storage,
      relationship,
      remote?.profile_url ?? remote?.actor_url ?? null,
    );
  }
}

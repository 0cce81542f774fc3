import type { Selectable } from 'kysely';
import { isRemoteUsername } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import type { ProfilesTable } from '../db/schema';
import { newId } from '../ids';
import { deleteAccountRows } from '../repositories/account.repository';
import {
  findBlocksCovering,
  isActorGone,
  markActorGone,
} from '../repositories/domain-blocks.repository';
import type { RemotePerson } from '../repositories/federation-actors.repository';
import {
  findRemoteActorByProfileId,
  findRemoteActorByUrl,
  findRemoteComment,
  findRemoteCommentNote,
  findRemoteFollowId,
  insertRemotePerson,
  listLocalFollowersOf,
  listRemoteFollowers,
  saveRemoteComment,
  saveRemoteFollow,
  updateRemotePerson,
} from '../repositories/federation-actors.repository';
import { isFollowing } from '../repositories/follows.repository';
import { findProfileById, findProfileByUsername } from '../repositories/profiles.repository';
import type { RemoteCounts } from '../repositories/remote-people.repository';
import {
  findFollowByActivityId,
  findRemotePersonByUsername,
  updateRemoteCounts,
} from '../repositories/remote-people.repository';
import { findReport } from '../repositories/reports.repository';

export type { RemoteCounts } from '../repositories/remote-people.repository';

/** A local person's profile row, as ActivityPub's Person is made from it (federation/actor.ts). */
export type LocalProfileRow = Selectable<ProfilesTable>;

/** A remote actor as their server just described them, read by the inbox (remote-actors.ts). */
export interface DescribedActor {
  /** `user`, of `user@host`. */
  preferredUsername: string;
  fullName: string;
  bio: string | null;
  actor: Omit<RemotePerson['actor'], 'updated_at'>;
}

/**
 * The people of other servers as this server knows them, and what the inbox links to them (the
 * Follow it answers, the replies it made comments): what federation's doors ask and record,
 * so that none of them reaches a repository itself.
 */
export class RemotePeopleService {
  constructor(private readonly infra: Infrastructure) {}

  get #db() {
    return this.infra.database.db;
  }

  /**
   * The local profile id of a remote actor, their rows made or refreshed from what their server
   * just said. Their username is `user@host`, lowercase, as people write a fediverse handle.
   * A suspended server's people, and an actor its server deleted, are never (re)made here.
   */
  async remember(described: DescribedActor): Promise<string | undefined> {
    const db = this.#db;
    const { actor } = described;
    const suspended = (await findBlocksCovering(db, actor.host)).some(
      (block) => block.severity === 'suspend',
    );
    if (suspended || (await isActorGone(db, actor.actor_url))) return undefined;
    const now = this.infra.clock.now().toISOString();
    const fields = {
      fullName: described.fullName,
      bio: described.bio,
      actor: { ...actor, updated_at: now },
    };
    const known = await findRemoteActorByUrl(db, actor.actor_url);
    if (known) {
      await updateRemotePerson(db, { id: known.profile_id, ...fields });
      return known.profile_id;
    }
    const id = newId();
    const username = `${described.preferredUsername}@${actor.host}`.toLowerCase();
    await db
      .transaction()
      .execute((trx) => insertRemotePerson(trx, { id, username, ...fields }, now));
    return id;
  }

  /** The profile id of a remote actor known here already (an Undo or Delete needs nothing new). */
  async idOf(actorUrl: string): Promise<string | undefined> {
    return (await findRemoteActorByUrl(this.#db, actorUrl))?.profile_id;
  }

  /**
   * A person of this server an activity names, unless suspended (`evenSuspended`: a Flag reports
   * them all the same).
   */
  async localPerson(
    username: string,
    { evenSuspended = false } = {},
  ): Promise<{ id: string; username: string } | undefined> {
    const profile = await findProfileByUsername(this.#db, username.toLowerCase());
    if (!profile || (profile.suspended_at !== null && !evenSuspended)) return undefined;
    return { id: profile.id, username: profile.username };
  }

  /**
   * A Follow between a remote person and one here is kept by its id: their Undo and our Accept
   * name theirs, their Accept or Reject names ours.
   */
  async recordFollow(followerId: string, followeeId: string, activityId: string) {
    await saveRemoteFollow(this.#db, followerId, followeeId, activityId);
  }

  /** The comment a remote reply became, by the reply's Note id. */
  replyComment(noteUrl: string) {
    return findRemoteComment(this.#db, noteUrl);
  }

  /** A remote reply became this comment: its later Update and Delete find it by the Note. */
  async linkReply(commentId: string, noteUrl: string): Promise<void> {
    await saveRemoteComment(this.#db, commentId, noteUrl);
  }

  /** Whether one person follows another (a Reject ends a follow, or a request). */
  follows(followerId: string, followeeId: string): Promise<boolean> {
    return isFollowing(this.#db, followerId, followeeId);
  }

  /** Who followed whom with the Follow of this id (ours to a remote person, or theirs to us). */
  followByActivityId(activityId: string) {
    return findFollowByActivityId(this.#db, activityId);
  }

  /** The id of the Follow a person here sent a remote one, which their Undo names. */
  sentFollowId(followerId: string, followeeId: string): Promise<string | undefined> {
    return findRemoteFollowId(this.#db, followerId, followeeId);
  }

  /**
   * A person here acting upon a remote one (a Follow, its Undo): the local person's username and
   * where the remote one lives. Undefined for anyone else (a remote follower of a remote person
   * is no business of ours).
   */
  async localToRemote(localId: string, remoteId: string) {
    const [local, remote] = await Promise.all([
      findProfileById(this.#db, localId),
      findRemoteActorByProfileId(this.#db, remoteId),
    ]);
    if (!local || !remote || isRemoteUsername(local.username)) return undefined;
    return { username: local.username, remote };
  }

  /** The people here who follow a remote person (their account moved: they follow it there). */
  localFollowersOf(profileId: string): Promise<string[]> {
    return listLocalFollowersOf(this.#db, profileId);
  }

  /**
   * A remote account deleted on its server: its person here goes with everything they did
   * (likes, comments, follows both ways, their posts, notifications), the counters others see
   * adjusted as when a local account is deleted, and the actor is remembered as gone so an
   * activity still signed by its key brings nobody back (the inbox answers 410).
   */
  async forget(actorUrl: string): Promise<void> {
    const now = this.infra.clock.now().toISOString();
    await this.#db.transaction().execute(async (trx) => {
      await markActorGone(trx, actorUrl, now);
      const known = await findRemoteActorByUrl(trx, actorUrl);
      if (known) await deleteAccountRows(trx, known.profile_id);
    });
  }

  /**
   * A report a member asked to forward, as its Flag says it: the reported person's server, the
   * person's actor and the reported comment's Note. Undefined unless the person is remote.
   */
  async reportToForward(reportId: string) {
    const report = await findReport(this.#db, reportId);
    if (!report) return undefined;
    const remote = await findRemoteActorByProfileId(this.#db, report.target_user_id);
    if (!remote) return undefined;
    const objects = [remote.actor_url];
    if (report.target_type === 'comment') {
      const note = await findRemoteCommentNote(this.#db, report.target_id);
      if (note) objects.push(note);
    }
    return { id: report.id, reason: report.reason, note: report.note, remote, objects };
  }

  /** Where a person's remote followers live (what they post or reply is sent there). */
  remoteFollowersOf(profileId: string) {
    return listRemoteFollowers(this.#db, profileId);
  }

  /**
   * A remote person's Follow of someone here, with where to answer it (Accept, Reject) and the
   * Follow's id the answer names. Undefined when there is no such Follow.
   */
  async followToAnswer(followerId: string, followeeId: string) {
    const db = this.#db;
    const [remote, followee, followId] = await Promise.all([
      findRemoteActorByProfileId(db, followerId),
      findProfileById(db, followeeId),
      findRemoteFollowId(db, followerId, followeeId),
    ]);
    if (!remote || !followee || !followId) return undefined;
    return { remote, followeeUsername: followee.username, followId };
  }

  /** A person's username and whether their account is private (how a Delete is addressed). */
  async person(profileId: string) {
    const profile = await findProfileById(this.#db, profileId);
    return profile && { username: profile.username, isPrivate: Boolean(profile.is_private) };
  }

  /**
   * A person here as other servers may see them (their actor, keys, handle and collections): a
   * profile that is not suspended. A remote person's username is user@host: never an actor here.
   */
  async localActor(username: string): Promise<LocalProfileRow | undefined> {
    if (isRemoteUsername(username)) return undefined;
    const profile = await findProfileByUsername(this.#db, username);
    return profile && profile.suspended_at === null ? profile : undefined;
  }

  /** The profile id of a remote person known here by their handle (user@host). */
  async idOfHandle(handle: string): Promise<string | undefined> {
    return (await findRemotePersonByUsername(this.#db, handle))?.id;
  }

  /** The counts a remote person's server reports (their profile here shows them). */
  async keepCounts(profileId: string, counts: RemoteCounts): Promise<void> {
    await updateRemoteCounts(this.#db, profileId, counts);
  }
}

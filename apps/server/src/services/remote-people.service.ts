import type { Infrastructure } from '../context';
import { newId } from '../ids';
import { findBlocksCovering, isActorGone } from '../repositories/domain-blocks.repository';
import type { RemotePerson } from '../repositories/federation-actors.repository';
import {
  findRemoteActorByUrl,
  findRemoteComment,
  insertRemotePerson,
  saveRemoteComment,
  saveRemoteFollow,
  updateRemotePerson,
} from '../repositories/federation-actors.repository';
import { isFollowing } from '../repositories/follows.repository';
import { findProfileByUsername } from '../repositories/profiles.repository';

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

  /** A person of this server an activity names, unless suspended. */
  async localPerson(username: string): Promise<{ id: string; username: string } | undefined> {
    const profile = await findProfileByUsername(this.#db, username.toLowerCase());
    if (!profile || profile.suspended_at !== null) return undefined;
    return { id: profile.id, username: profile.username };
  }

  /**
   * A remote person's Follow of someone here is kept by its id (their Undo and our Accept name
   * it). True when they followed already: their server lost our Accept and asks again.
   */
  async recordFollow(followerId: string, followeeId: string, activityId: string) {
    await saveRemoteFollow(this.#db, followerId, followeeId, activityId);
    return isFollowing(this.#db, followerId, followeeId);
  }

  /** The comment a remote reply became, by the reply's Note id. */
  replyComment(noteUrl: string) {
    return findRemoteComment(this.#db, noteUrl);
  }

  /** A remote reply became this comment: its later Update and Delete find it by the Note. */
  async linkReply(commentId: string, noteUrl: string): Promise<void> {
    await saveRemoteComment(this.#db, commentId, noteUrl);
  }
}

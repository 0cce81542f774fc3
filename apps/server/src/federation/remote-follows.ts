import { randomUUID } from 'node:crypto';
import type { Federation, InboxContext } from '@fedify/fedify';
import type { Accept, Reject } from '@fedify/vocab';
import { Follow, Undo } from '@fedify/vocab';
import type { AppContext } from '../app-context';
import {
  findRemoteActorByProfileId,
  findRemoteActorByUrl,
  findRemoteFollowId,
  saveRemoteFollow,
} from '../repositories/federation-actors.repository';
import { isFollowing } from '../repositories/follows.repository';
import { findProfileById, findProfileByUsername } from '../repositories/profiles.repository';
import { findFollowByActivityId } from '../repositories/remote-people.repository';
import { storedRecipient } from './activities';

type Deps = Pick<AppContext, 'config' | 'database'>;
type InboxDeps = Pick<AppContext, 'database' | 'services'>;

/** A local person following a remote one: who, whom, and where the remote one lives. */
async function localToRemote(deps: InboxDeps, followerId: string, followeeId: string) {
  const db = deps.database.db;
  const [follower, remote] = await Promise.all([
    findProfileById(db, followerId),
    findRemoteActorByProfileId(db, followeeId),
  ]);
  // A remote follower of a remote person is no business of ours.
  if (!follower || !remote || follower.username.includes('@')) return undefined;
  return { follower, remote };
}

/**
 * A local person's follow of someone elsewhere, sent as they ask (a `Follow` with an id kept in
 * `remote_follows`, which their `Accept` names) and withdrawn with `Undo{Follow}`, whether it was
 * still pending or accepted. Called by the event registry (events/subscribers/other-servers.ts).
 */
export function remoteFollowSenders(federation: Federation<void>, deps: Deps & InboxDeps) {
  const db = deps.database.db;
  const context = () => federation.createContext(deps.config.publicUrl, undefined);

  async function sendFollow(followerId: string, followeeId: string) {
    const pair = await localToRemote(deps, followerId, followeeId);
    if (!pair) return;
    const ctx = context();
    const actor = ctx.getActorUri(pair.follower.username);
    const id = new URL(`#follows/${randomUUID()}`, actor);
    await saveRemoteFollow(db, followerId, followeeId, id.href);
    await ctx.sendActivity(
      { identifier: pair.follower.username },
      storedRecipient(pair.remote),
      new Follow({ id, actor, object: new URL(pair.remote.actor_url) }),
    );
  }

  async function sendUndo(followerId: string, followeeId: string) {
    const [pair, followId] = await Promise.all([
      localToRemote(deps, followerId, followeeId),
      findRemoteFollowId(db, followerId, followeeId),
    ]);
    if (!pair || !followId) return;
    const ctx = context();
    const actor = ctx.getActorUri(pair.follower.username);
    const follow = new Follow({
      id: new URL(followId),
      actor,
      object: new URL(pair.remote.actor_url),
    });
    await ctx.sendActivity(
      { identifier: pair.follower.username },
      storedRecipient(pair.remote),
      new Undo({ id: new URL(`${followId}/undo`), actor, object: follow }),
    );
  }

  return { sendFollow, sendUndo };
}

/**
 * The local person whose Follow an `Accept` or `Reject` answers, and the remote person who
 * answered. Matched by the Follow's id; Pixelfed answers with a Follow of an id of its own, so
 * then by who followed whom (the object's actor is ours, the answer's actor is theirs).
 */
async function answeredFollow(deps: InboxDeps, ctx: InboxContext<void>, answer: Accept | Reject) {
  const db = deps.database.db;
  if (!answer.actorId) return undefined;
  const remote = await findRemoteActorByUrl(db, answer.actorId.href);
  if (!remote) return undefined;
  if (answer.objectId) {
    const byId = await findFollowByActivityId(db, answer.objectId.href);
    if (byId?.followee_id === remote.profile_id) {
      return { followerId: byId.follower_id, remoteId: remote.profile_id };
    }
  }
  const follow = await answer.getObject(ctx).catch(() => null);
  if (!(follow instanceof Follow) || !follow.actorId) return undefined;
  if (follow.objectId && follow.objectId.href !== remote.actor_url) return undefined;
  const parsed = ctx.parseUri(follow.actorId);
  if (parsed?.type !== 'actor' || parsed.identifier.includes('@')) return undefined;
  const follower = await findProfileByUsername(db, parsed.identifier);
  return follower ? { followerId: follower.id, remoteId: remote.profile_id } : undefined;
}

/** Their server accepted: the pending request becomes a follow (no request: nothing happens). */
export async function onFollowAccepted(deps: InboxDeps, ctx: InboxContext<void>, accept: Accept) {
  const answered = await answeredFollow(deps, ctx, accept);
  if (answered) await deps.services.follows.approve(answered.remoteId, answered.followerId);
}

/** Their server refused, or later removed a follower: the request or the follow is gone. */
export async function onFollowRejected(deps: InboxDeps, ctx: InboxContext<void>, reject: Reject) {
  const answered = await answeredFollow(deps, ctx, reject);
  if (!answered) return;
  const { followerId, remoteId } = answered;
  if (await isFollowing(deps.database.db, followerId, remoteId)) {
    await deps.services.follows.unfollow(followerId, remoteId);
  } else {
    await deps.services.follows.decline(remoteId, followerId);
  }
}

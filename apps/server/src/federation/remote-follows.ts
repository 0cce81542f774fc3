import { randomUUID } from 'node:crypto';
import type { Federation, InboxContext } from '@fedify/fedify';
import type { Accept, Reject } from '@fedify/vocab';
import { Follow, Undo } from '@fedify/vocab';
import type { AppContext } from '../app-context';
import { storedRecipient } from './activities';

type Deps = Pick<AppContext, 'config'>;
type InboxDeps = Pick<AppContext, 'services'>;

/**
 * A local person's follow of someone elsewhere, sent as they ask (a `Follow` with an id kept in
 * `remote_follows`, which their `Accept` names) and withdrawn with `Undo{Follow}`, whether it was
 * still pending or accepted. Called by the event registry (events/subscribers/other-servers.ts).
 */
export function remoteFollowSenders(federation: Federation<void>, deps: Deps & InboxDeps) {
  const people = deps.services.remotePeople;
  const context = () => federation.createContext(deps.config.publicUrl, undefined);

  async function sendFollow(followerId: string, followeeId: string) {
    const pair = await people.localToRemote(followerId, followeeId);
    if (!pair) return;
    const ctx = context();
    const actor = ctx.getActorUri(pair.username);
    const id = new URL(`#follows/${randomUUID()}`, actor);
    await people.recordFollow(followerId, followeeId, id.href);
    await ctx.sendActivity(
      { identifier: pair.username },
      storedRecipient(pair.remote),
      new Follow({ id, actor, object: new URL(pair.remote.actor_url) }),
    );
  }

  async function sendUndo(followerId: string, followeeId: string) {
    const [pair, followId] = await Promise.all([
      people.localToRemote(followerId, followeeId),
      people.sentFollowId(followerId, followeeId),
    ]);
    if (!pair || !followId) return;
    const ctx = context();
    const actor = ctx.getActorUri(pair.username);
    const follow = new Follow({
      id: new URL(followId),
      actor,
      object: new URL(pair.remote.actor_url),
    });
    await ctx.sendActivity(
      { identifier: pair.username },
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
  const people = deps.services.remotePeople;
  if (!answer.actorId) return undefined;
  const remoteUrl = answer.actorId.href;
  const remoteId = await people.idOf(remoteUrl);
  if (!remoteId) return undefined;
  if (answer.objectId) {
    const byId = await people.followByActivityId(answer.objectId.href);
    if (byId?.followee_id === remoteId) return { followerId: byId.follower_id, remoteId };
  }
  const follow = await answer.getObject(ctx).catch(() => null);
  if (!(follow instanceof Follow) || !follow.actorId) return undefined;
  if (follow.objectId && follow.objectId.href !== remoteUrl) return undefined;
  const parsed = ctx.parseUri(follow.actorId);
  if (parsed?.type !== 'actor' || parsed.identifier.includes('@')) return undefined;
  const follower = await people.localPerson(parsed.identifier);
  return follower ? { followerId: follower.id, remoteId } : undefined;
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
  if (await deps.services.remotePeople.follows(followerId, remoteId)) {
    await deps.services.follows.unfollow(followerId, remoteId);
  } else {
    await deps.services.follows.decline(remoteId, followerId);
  }
}

import type { Federation, InboxContext } from '@fedify/fedify';
import { Accept, Follow, Undo, isActor } from '@fedify/vocab';
import type { AppContext } from '../context';
import { isFollowing } from '../repositories/follows.repository';
import {
  findRemoteActorByUrl,
  saveRemoteFollow,
} from '../repositories/federation-actors.repository';
import { findProfileByUsername } from '../repositories/profiles.repository';
import { acceptOf, recipientOf } from './activities';
import { rememberActor } from './remote-actors';

type Deps = Pick<AppContext, 'database' | 'services' | 'clock'>;

/** The local person an activity is about (its object an actor URI of ours), if any. */
async function localTarget(deps: Deps, ctx: InboxContext<void>, uri: URL | null) {
  if (!uri) return undefined;
  const parsed = ctx.parseUri(uri);
  // A remote person's username is user@host: never an actor of ours.
  if (parsed?.type !== 'actor' || parsed.identifier.includes('@')) return undefined;
  const profile = await findProfileByUsername(deps.database.db, parsed.identifier);
  return profile && profile.suspended_at === null ? profile : undefined;
}

/** The sender, fetched (and cached by Fedify) and remembered as a person here. */
async function senderOf(deps: Deps, ctx: InboxContext<void>, activity: Follow | Undo) {
  const actor = await activity.getActor(ctx);
  if (!isActor(actor) || actor.id?.href !== activity.actorId?.href) return undefined;
  const id = await rememberActor(deps.database.db, actor, deps.clock.now().toISOString());
  return id ? { id, actor } : undefined;
}

/**
 * Activities that arrive: each is checked by Fedify first (a bad, stale or unknown-key signature
 * is a 401 and stores nothing), then done with the same services a local person's action uses,
 * so counts and notifications are the same.
 */
export function listenToInbox(federation: Federation<void>, deps: Deps): void {
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Follow, async (ctx, follow) => {
      if (!follow.id) return;
      const followee = await localTarget(deps, ctx, follow.objectId);
      if (!followee) return;
      const sender = await senderOf(deps, ctx, follow);
      if (!sender) return;
      const db = deps.database.db;
      await saveRemoteFollow(db, sender.id, followee.id, follow.id.href);
      const already = await isFollowing(db, sender.id, followee.id);
      // A new follow is accepted by the `follow.added` subscriber (federation/deliveries.ts),
      // the same way as an approval; a repeated Follow (our Accept got lost) is accepted here.
      await deps.services.follows.follow(sender.id, followee.id);
      if (already) {
        await ctx.sendActivity(
          { identifier: followee.username },
          recipientOf(sender.actor),
          acceptOf(ctx, followee.username, follow.id, sender.actor.id!),
        );
      }
    })
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (object instanceof Follow) {
        if (object.actorId?.href !== undo.actorId?.href || !undo.actorId) return;
        const followee = await localTarget(deps, ctx, object.objectId);
        const sender = await findRemoteActorByUrl(deps.database.db, undo.actorId.href);
        if (!followee || !sender) return;
        await deps.services.follows.unfollow(sender.profile_id, followee.id);
      }
    })
    .on(Accept, () => undefined);
}

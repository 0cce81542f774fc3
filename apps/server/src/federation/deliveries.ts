import type { Federation } from '@fedify/fedify';
import type { AppContext } from '../context';
import {
  findRemoteActorByProfileId,
  findRemoteFollowId,
} from '../repositories/federation-actors.repository';
import { findProfileById } from '../repositories/profiles.repository';
import { acceptOf, rejectOf, storedRecipient } from './activities';

type Deps = Pick<AppContext, 'config' | 'database' | 'events'>;

/**
 * What local actions send to other servers. Subscribers of the domain events: the action is
 * committed first, then its activity is queued (and survives a restart in the queue's table).
 */
export function deliverDomainEvents(federation: Federation<void>, deps: Deps): () => void {
  const db = deps.database.db;
  const context = () => federation.createContext(deps.config.publicUrl, undefined);

  /** A remote follower's Follow of a local person, with where to answer it. */
  async function remoteFollow(followerId: string, followeeId: string) {
    const [remote, followee, followId] = await Promise.all([
      findRemoteActorByProfileId(db, followerId),
      findProfileById(db, followeeId),
      findRemoteFollowId(db, followerId, followeeId),
    ]);
    if (!remote || !followee || !followId) return undefined;
    return { remote, followee, followId: new URL(followId) };
  }

  const unsubscribers = [
    // A follow made (a public account at once, a private one when its owner approves).
    deps.events.on('follow.added', async ({ followerId, followeeId }) => {
      const follow = await remoteFollow(followerId, followeeId);
      if (!follow) return;
      const ctx = context();
      await ctx.sendActivity(
        { identifier: follow.followee.username },
        storedRecipient(follow.remote),
        acceptOf(ctx, follow.followee.username, follow.followId, new URL(follow.remote.actor_url)),
      );
    }),
    deps.events.on('follow_request.declined', async ({ requesterId, ownerId }) => {
      const follow = await remoteFollow(requesterId, ownerId);
      if (!follow) return;
      const ctx = context();
      await ctx.sendActivity(
        { identifier: follow.followee.username },
        storedRecipient(follow.remote),
        rejectOf(ctx, follow.followee.username, follow.followId, new URL(follow.remote.actor_url)),
      );
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}

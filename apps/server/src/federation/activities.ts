import type { Context } from '@fedify/fedify';
import type { Actor, Recipient } from '@fedify/vocab';
import { Accept, Follow, Reject } from '@fedify/vocab';

/** Where to deliver to a remote actor. */
export function recipientOf(actor: Actor): Recipient {
  return {
    id: actor.id,
    inboxId: actor.inboxId,
    endpoints: actor.endpoints ? { sharedInbox: actor.endpoints.sharedInbox } : null,
  };
}

/** A remote actor as we keep them (federation-actors.repository). */
export function storedRecipient(row: {
  actor_url: string;
  inbox_url: string;
  shared_inbox_url: string | null;
}): Recipient {
  return {
    id: new URL(row.actor_url),
    inboxId: new URL(row.inbox_url),
    endpoints: { sharedInbox: row.shared_inbox_url ? new URL(row.shared_inbox_url) : null },
  };
}

/**
 * The Follow an Accept or Reject answers, minimal: its id, and plain URLs for actor and object.
 * Pixelfed reads the object's actor as a URL; Mastodon matches on the id.
 */
function answeredFollow(ctx: Context<void>, followee: string, followId: URL, follower: URL) {
  return new Follow({ id: followId, actor: follower, object: ctx.getActorUri(followee) });
}

export function acceptOf(ctx: Context<void>, followee: string, followId: URL, follower: URL) {
  const actor = ctx.getActorUri(followee);
  return new Accept({
    id: new URL(`#accepts/${encodeURIComponent(followId.href)}`, actor),
    actor,
    object: answeredFollow(ctx, followee, followId, follower),
  });
}

export function rejectOf(ctx: Context<void>, followee: string, followId: URL, follower: URL) {
  const actor = ctx.getActorUri(followee);
  return new Reject({
    id: new URL(`#rejects/${encodeURIComponent(followId.href)}`, actor),
    actor,
    object: answeredFollow(ctx, followee, followId, follower),
  });
}

import type { Federation, InboxContext, InboxListener, InboxListenerSetters } from '@fedify/fedify';
import type { Activity } from '@fedify/vocab';
import {
  Accept,
  Block,
  Create,
  Delete,
  Flag,
  Follow,
  Like,
  Move,
  Note,
  Reject,
  Undo,
  Update,
  isActor,
} from '@fedify/vocab';
import type { AppContext } from '../app-context';
import { AppError } from '../errors';
import { acceptOf, recipientOf } from './activities';
import { receiveFlag } from './flags';
import {
  acceptDeleteOfGoneActor,
  isSelfDelete,
  receiveActorDelete,
  receiveMove,
} from './remote-accounts';
import { commentTextOf, editRemoteReply, tellMentioned } from './inbox-notes';
import { instanceSenderKey } from './keys';
import { rememberActor } from './remote-actors';
import { onFollowAccepted, onFollowRejected } from './remote-follows';
import { deleteRemotePost } from './remote-posts';
import { receiveRemoteNote } from './remote-posts-inbox';

type Deps = Pick<AppContext, 'database' | 'services' | 'clock' | 'events' | 'storage'>;

/** The local person an activity is about (its object an actor URI of ours), if any. */
async function localTarget(deps: Deps, ctx: InboxContext<void>, uri: URL | null) {
  if (!uri) return undefined;
  const parsed = ctx.parseUri(uri);
  // A remote person's username is user@host: never an actor of ours.
  if (parsed?.type !== 'actor' || parsed.identifier.includes('@')) return undefined;
  return deps.services.remotePeople.localPerson(parsed.identifier);
}

/** The sender, fetched (and cached by Fedify) and remembered as a person here. */
async function senderOf(deps: Deps, ctx: InboxContext<void>, activity: Activity) {
  const actor = await activity.getActor(ctx);
  if (!isActor(actor) || actor.id?.href !== activity.actorId?.href) return undefined;
  const id = await rememberActor(deps.services.remotePeople, actor);
  return id ? { id, actor } : undefined;
}

/** The id of a local post an activity is about (its object or reply target a Note URI of ours). */
function localPostId(ctx: InboxContext<void>, uri: URL | null): string | undefined {
  if (!uri) return undefined;
  const parsed = ctx.parseUri(uri);
  return parsed?.type === 'object' && parsed.class === Note ? parsed.values.id : undefined;
}

/** The sender's profile id, when we know them already (an Undo or Delete needs nothing new). */
async function knownSender(deps: Deps, activity: Activity) {
  if (!activity.actorId) return undefined;
  return deps.services.remotePeople.idOf(activity.actorId.href);
}

type ActivityClass<T extends Activity> = Parameters<InboxListenerSetters<void>['on']>[0] & {
  prototype: T;
};

/**
 * A service's refusal (the post is gone, the people block each other) is an answer, not a
 * failure: the activity is dropped rather than retried for hours. Other errors are retried.
 */
function droppingRefusals(setters: InboxListenerSetters<void>) {
  const wrapped = {
    on<T extends Activity>(type: ActivityClass<T>, listener: InboxListener<void, T>) {
      setters.on(type, async (ctx, activity) => {
        try {
          await listener(ctx, activity as T);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      });
      return wrapped;
    },
  };
  return wrapped;
}

/**
 * Activities that arrive: each is checked by Fedify first (a bad, stale or unknown-key signature
 * is a 401 and stores nothing), then done with the same services a local person's action uses,
 * so counts and notifications are the same.
 */
export function listenToInbox(federation: Federation<void>, deps: Deps): void {
  const setters = federation.setInboxListeners('/users/{identifier}/inbox', '/inbox');
  setters.onUnverifiedActivity((ctx, activity, reason) =>
    acceptDeleteOfGoneActor(deps, ctx, activity, reason),
  );
  // What the shared inbox fetches (the sender, the object) is signed by the instance actor:
  // servers in authorized-fetch mode answer only signed fetches.
  setters.setSharedKeyDispatcher((ctx) => instanceSenderKey(deps, ctx));
  droppingRefusals(setters)
    .on(Follow, async (ctx, follow) => {
      if (!follow.id) return;
      const followee = await localTarget(deps, ctx, follow.objectId);
      if (!followee) return;
      const sender = await senderOf(deps, ctx, follow);
      if (!sender) return;
      const people = deps.services.remotePeople;
      await people.recordFollow(sender.id, followee.id, follow.id.href);
      // Followed already: their server lost our Accept and asks again.
      const already = await people.follows(sender.id, followee.id);
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
        const sender = await deps.services.remotePeople.idOf(undo.actorId.href);
        if (!followee || !sender) return;
        await deps.services.follows.unfollow(sender, followee.id);
      } else if (object instanceof Block) {
        const target = await localTarget(deps, ctx, object.objectId);
        const sender = await knownSender(deps, undo);
        if (!target || !sender || object.actorId?.href !== undo.actorId?.href) return;
        await deps.services.blocks.unblock(sender, target.id);
      } else if (object instanceof Like) {
        const postId = localPostId(ctx, object.objectId);
        const sender = await knownSender(deps, undo);
        if (!postId || !sender || object.actorId?.href !== undo.actorId?.href) return;
        await deps.services.likes.set(postId, sender, false);
      }
    })
    // A remote person blocks a local one: each is hidden from the other, follows end both ways.
    .on(Block, async (ctx, block) => {
      const target = await localTarget(deps, ctx, block.objectId);
      if (!target) return;
      const sender = await senderOf(deps, ctx, block);
      if (sender) await deps.services.blocks.block(sender.id, target.id);
    })
    .on(Like, async (ctx, like) => {
      const postId = localPostId(ctx, like.objectId);
      if (!postId) return;
      const sender = await senderOf(deps, ctx, like);
      if (sender) await deps.services.likes.set(postId, sender.id, true);
    })
    // A reply to a local post becomes a comment by user@host; a Note with photos, a post.
    .on(Create, async (ctx, create) => {
      const note = await create.getObject(ctx);
      if (!(note instanceof Note) || !note.id) return;
      if (note.attributionId?.href !== create.actorId?.href) return;
      // A remote person's photo post (kept when someone here follows them or it names someone
      // here; its caption's mentions are told as a post's); otherwise it may still name people.
      if (!note.replyTargetId) {
        if (await receiveRemoteNote(deps, ctx, create, note, 'create')) return;
        return tellMentioned(deps, ctx, note, () => senderOf(deps, ctx, create));
      }
      const postId = localPostId(ctx, note.replyTargetId);
      // Not a reply to a post here: it may still name people here.
      if (!postId) return tellMentioned(deps, ctx, note, () => senderOf(deps, ctx, create));
      const people = deps.services.remotePeople;
      if (await people.replyComment(note.id.href)) return;
      const text = commentTextOf(note);
      if (text === '') return;
      const sender = await senderOf(deps, ctx, create);
      if (!sender) return;
      const comment = await deps.services.comments.add(postId, sender.id, text);
      await people.linkReply(comment.id, note.id.href);
    })
    // Fedify takes one listener per type: an edited reply is a comment here, anything else a post.
    .on(Update, async (ctx, update) => {
      const note = await update.getObject(ctx);
      if (!(note instanceof Note)) return;
      if (note.replyTargetId) {
        await editRemoteReply(deps, note, await knownSender(deps, update));
        return;
      }
      await receiveRemoteNote(deps, ctx, update, note, 'update');
    })
    .on(Delete, async (_ctx, del) => {
      if (isSelfDelete(del)) return receiveActorDelete(deps, del);
      const objectId = del.objectId;
      const sender = await knownSender(deps, del);
      if (!objectId || !sender) return;
      const comment = await deps.services.remotePeople.replyComment(objectId.href);
      // Only its author deletes a comment this way.
      if (comment && comment.user_id === sender) {
        await deps.services.comments.remove(comment.id, sender);
      } else if (!comment) {
        await deleteRemotePost(deps, sender, objectId.href);
      }
    })
    .on(Flag, (ctx, flag) => receiveFlag(deps, ctx, flag))
    .on(Move, (ctx, move) => receiveMove(deps, ctx, move))
    .on(Accept, (ctx, accept) => onFollowAccepted(deps, ctx, accept))
    .on(Reject, (ctx, reject) => onFollowRejected(deps, ctx, reject));
}

import type { DomainEventOf } from '../domain-events';
import type { SubscriberTable } from './subscriber-table';

/**
 * What the outbox sends to other servers (federation/outbox.ts, only when federation is on).
 * Each call queues an activity in the federation queue, which survives a restart.
 */
export interface RemoteDeliveries {
  /** A Like of a remote post, or its Undo, to the post's author. */
  like(postId: string, userId: string, likeId: string, undo: boolean): Promise<void>;
  /** A comment on a remote post, as a reply Note to its author and the commenter's followers. */
  comment(commentId: string, postId: string, userId: string): Promise<void>;
  /** A local post's Create or Update to its author's remote followers. */
  post(postId: string, authorId: string, verb: 'create' | 'update'): Promise<void>;
  /** A local post's Delete to its author's remote followers. */
  postDeleted(postId: string, authorId: string): Promise<void>;
  /** A Block of a remote person (or its Undo) to their server. */
  block(blockerId: string, blockedId: string, undo: boolean): Promise<void>;
  /** A remote person's follow of a local one stands: Accept. */
  acceptFollow(followerId: string, followeeId: string): Promise<void>;
  /** A remote person's request declined: Reject. */
  rejectFollow(followerId: string, followeeId: string): Promise<void>;
  /** A local person asks to follow a remote one: Follow. */
  follow(followerId: string, followeeId: string): Promise<void>;
  /** A local person's follow (or request) of a remote one withdrawn: Undo{Follow}. */
  undoFollow(followerId: string, followeeId: string): Promise<void>;
  /** A deleted account's Delete to its remote followers. */
  accountDeleted(event: DomainEventOf<'account.deleted'>): Promise<void>;
  /** A report forwarded as Flag to the reported person's server. */
  flag(reportId: string): Promise<void>;
}

/**
 * Deliveries to other servers: what a local action sends, queued after it committed. Whether an
 * action concerns another server at all is read from the event, not from the database again.
 */
/** An action of someone here upon someone elsewhere: the one kind another server hears of. */
function fromHereToRemote(actorRemote: boolean, otherRemote: boolean): boolean {
  return !actorRemote && otherRemote;
}

export const otherServerSubscribers: SubscriberTable<RemoteDeliveries> = {
  'like.added': {
    does: "Like to a remote post's server (a liker here)",
    run: async (out, event) => {
      if (fromHereToRemote(event.likerRemote, event.authorRemote))
        await out.like(event.postId, event.userId, event.likeId, false);
    },
  },
  'like.removed': {
    does: "Undo{Like} to a remote post's server (a liker here)",
    run: async (out, event) => {
      if (fromHereToRemote(event.likerRemote, event.authorRemote))
        await out.like(event.postId, event.userId, event.likeId, true);
    },
  },
  'comment.added': {
    does: "a reply Note to a remote post's server (a commenter here)",
    run: async (out, event) => {
      if (fromHereToRemote(event.commenterRemote, event.authorRemote))
        await out.comment(event.commentId, event.postId, event.userId);
    },
  },
  'post.created': {
    does: "Create{Note} to the author's remote followers",
    run: (out, event) => out.post(event.postId, event.authorId, 'create'),
  },
  'post.edited': {
    does: "Update{Note} to the author's remote followers",
    run: (out, event) => out.post(event.postId, event.authorId, 'update'),
  },
  'post.deleted': {
    does: "Delete to the author's remote followers",
    run: (out, event) => out.postDeleted(event.postId, event.authorId),
  },
  'block.added': {
    does: "Block to a remote person's server (a blocker here)",
    run: async (out, event) => {
      if (fromHereToRemote(event.blockerRemote, event.blockedRemote))
        await out.block(event.blockerId, event.blockedId, false);
    },
  },
  'block.removed': {
    does: "Undo{Block} to a remote person's server (a blocker here)",
    run: async (out, event) => {
      if (fromHereToRemote(event.blockerRemote, event.blockedRemote))
        await out.block(event.blockerId, event.blockedId, true);
    },
  },
  // A follow made (a public account at once, a private one when its owner approves).
  'follow.added': {
    does: "Accept to a remote follower's server",
    run: async (out, event) => {
      if (event.followerRemote) await out.acceptFollow(event.followerId, event.followeeId);
    },
  },
  'follow.removed': {
    does: "Undo{Follow} to a remote followee's server (a follower here)",
    run: async (out, event) => {
      if (fromHereToRemote(event.followerRemote, event.followeeRemote))
        await out.undoFollow(event.followerId, event.followeeId);
    },
  },
  'follow_request.sent_remote': {
    does: "Follow to the remote person's server",
    run: (out, event) => out.follow(event.requesterId, event.ownerId),
  },
  // An approved request: the follow exists now, so the requester's server hears Accept.
  'follow_request.approved': {
    does: "Accept to a remote requester's server",
    run: async (out, event) => {
      if (event.requesterRemote) await out.acceptFollow(event.requesterId, event.ownerId);
    },
  },
  // A decline answers Reject; a withdrawal is the requester's own Undo; a block sends Block.
  'follow_request.ended': {
    does: 'Reject (declined) or Undo{Follow} (withdrawn) to the other server',
    run: async (out, event) => {
      if (event.reason === 'declined' && event.requesterRemote) {
        await out.rejectFollow(event.requesterId, event.ownerId);
      }
      if (
        event.reason === 'withdrawn' &&
        fromHereToRemote(event.requesterRemote, event.ownerRemote)
      ) {
        await out.undoFollow(event.requesterId, event.ownerId);
      }
    },
  },
  'account.deleted': {
    does: 'Delete of the actor to its remote followers',
    run: (out, event) => out.accountDeleted(event),
  },
  'report.forwarded': {
    does: "Flag to the reported person's server",
    run: (out, event) => out.flag(event.reportId),
  },
};

import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../domain-events';
import { EventBus } from '../event-bus';
import type { NotificationRecorder } from './notifications';
import { notificationSubscribers } from './notifications';
import { subscribeConcern } from './subscriber-table';

/** A recorder that writes down each call, as `method arg1 arg2`. */
function recordingNotifications() {
  const calls: string[] = [];
  const record =
    (method: string) =>
    async (...args: string[]) => {
      calls.push([method, ...args].join(' '));
    };
  const recorder: NotificationRecorder = {
    commented: (commentId, { authorRemote }) =>
      record('commented')(commentId, ...(authorRemote ? ['(author remote)'] : [])),
    captionWritten: record('captionWritten'),
    mentionedElsewhere: (actorId, userIds) => record('mentionedElsewhere')(actorId, ...userIds),
    followRequested: record('followRequested'),
    followRequestApproved: (requesterId, ownerId) =>
      record('followRequestApproved')(requesterId, ownerId),
    followRequestEnded: record('followRequestEnded'),
    blocked: record('blocked'),
  };
  return { calls, recorder };
}

async function callsFor(events: DomainEvent[]) {
  const bus = new EventBus((error) => {
    throw error;
  });
  const { calls, recorder } = recordingNotifications();
  subscribeConcern(bus, notificationSubscribers, recorder);
  for (const event of events) await bus.publish(event);
  return calls;
}

describe('notification subscribers', () => {
  it('record comments, and leave likes and follows to their own write', async () => {
    expect(
      await callsFor([
        {
          type: 'like.added',
          likeId: 'l1',
          postId: 'post',
          userId: 'fan',
          likesCount: 1,
          likerRemote: false,
          authorRemote: false,
        },
        {
          type: 'like.removed',
          likeId: 'l1',
          postId: 'post',
          userId: 'fan',
          likesCount: 0,
          likerRemote: false,
          authorRemote: false,
        },
        {
          type: 'comment.added',
          commentId: 'comment',
          postId: 'post',
          userId: 'fan',
          commenterRemote: false,
          authorRemote: false,
        },
        {
          type: 'follow.added',
          followerId: 'fan',
          followeeId: 'author',
          followersCount: 1,
          followerRemote: false,
        },
        {
          type: 'follow.removed',
          followerId: 'fan',
          followeeId: 'author',
          followersCount: 0,
          followerRemote: false,
          followeeRemote: false,
        },
      ]),
    ).toEqual(['commented comment']);
  });

  it('follow a request from its asking to its answer, and forget what a block ends', async () => {
    expect(
      await callsFor([
        { type: 'follow_request.sent', requesterId: 'asker', ownerId: 'owner' },
        {
          type: 'follow_request.approved',
          requesterId: 'asker',
          ownerId: 'owner',
          requesterRemote: false,
          ownerRemote: false,
        },
        {
          type: 'follow_request.ended',
          requesterId: 'other',
          ownerId: 'owner',
          reason: 'declined',
          requesterRemote: false,
          ownerRemote: false,
        },
        {
          type: 'block.added',
          blockerId: 'owner',
          blockedId: 'asker',
          blockerRemote: false,
          blockedRemote: false,
        },
      ]),
    ).toEqual([
      'followRequested asker owner',
      'followRequestApproved asker owner',
      'followRequestEnded other owner',
      'blocked owner asker',
    ]);
  });

  it("tell a caption's mentions when it is written, not an import's nor an edit of photos only", async () => {
    expect(
      await callsFor([
        { type: 'post.created', postId: 'shared', authorId: 'author', imported: false },
        { type: 'post.created', postId: 'imported', authorId: 'author', imported: true },
        { type: 'post.edited', postId: 'recaptioned', authorId: 'author', captionChanged: true },
        { type: 'post.edited', postId: 'reordered', authorId: 'author', captionChanged: false },
      ]),
    ).toEqual(['captionWritten shared', 'captionWritten recaptioned']);
  });

  it('leave the other events alone', async () => {
    expect(
      await callsFor([
        { type: 'session.ended', userId: 'fan', tokenHash: 'hash' },
        { type: 'instance.updated' },
      ]),
    ).toEqual([]);
  });
});

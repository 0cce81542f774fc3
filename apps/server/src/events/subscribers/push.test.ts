import { describe, expect, it } from 'vitest';
import { EventBus } from '../event-bus';
import { pushSubscribers } from './push';
import { subscribeConcern } from './subscriber-table';

/** The notices a run of events leaves with the push queue. */
async function noticesFor(events: Parameters<EventBus['publish']>[0][]) {
  const bus = new EventBus((error) => {
    throw error;
  });
  const notices: unknown[] = [];
  subscribeConcern(bus, pushSubscribers, {
    notice: (match) => {
      notices.push(match);
    },
  });
  for (const event of events) await bus.publish(event);
  return notices;
}

describe('push subscribers', () => {
  it('look for a follow, a follow request and a like by their own kinds', async () => {
    expect(
      await noticesFor([
        {
          type: 'follow.added',
          followerId: 'fan',
          followeeId: 'star',
          followersCount: 1,
          followerRemote: false,
        },
        { type: 'follow_request.sent', requesterId: 'fan', ownerId: 'private' },
        {
          type: 'like.added',
          likeId: 'l1',
          postId: 'p1',
          userId: 'fan',
          likesCount: 3,
          likerRemote: false,
          authorRemote: false,
        },
      ]),
    ).toEqual([
      { actorId: 'fan', userId: 'star', types: ['follow'] },
      { actorId: 'fan', userId: 'private', types: ['follow_request'] },
      { actorId: 'fan', types: ['like'], postId: 'p1' },
    ]);
  });

  it("look for a caption's mentions when it is written, not an import's nor a photo-only edit", async () => {
    expect(
      await noticesFor([
        { type: 'post.created', postId: 'p1', authorId: 'ana', imported: false },
        { type: 'post.created', postId: 'p2', authorId: 'ana', imported: true },
        { type: 'post.edited', postId: 'p1', authorId: 'ana', captionChanged: true },
        { type: 'post.edited', postId: 'p1', authorId: 'ana', captionChanged: false },
      ]),
    ).toEqual([
      { actorId: 'ana', types: ['mention'], postId: 'p1' },
      { actorId: 'ana', types: ['mention'], postId: 'p1' },
    ]);
  });
});

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, DomainEventType } from '../domain-events';
import { EventBus } from '../event-bus';
import type { SubscriberDeps } from './registry';
import { eventPublishers, eventTable, subscribeAll, subscribersOf } from './registry';

/** Every dependency of the registry, each method call written down as `concern.method`. */
function recordingDeps(calls: string[]): SubscriberDeps {
  const recorder = (concern: string) =>
    new Proxy(
      {},
      {
        get: (_target, method: string) => () => {
          calls.push(`${concern}.${method}`);
          return Promise.resolve();
        },
      },
    );
  return {
    notifications: recorder('notifications') as SubscriberDeps['notifications'],
    liveEvents: recorder('live events') as SubscriberDeps['liveEvents'],
    caches: { instance: recorder('caches') as SubscriberDeps['caches']['instance'] },
    push: recorder('web push') as SubscriberDeps['push'],
    otherServers: recorder('other servers') as SubscriberDeps['otherServers'],
  };
}

type Case<Type extends DomainEventType> = [DomainEvent & { type: Type }, string[]];

const here = { likerRemote: false, authorRemote: false };
const toRemotePost = { likerRemote: false, authorRemote: true };
const fromRemote = { likerRemote: true, authorRemote: false };
const localPair = { followerRemote: false, followeeRemote: false };
const localRequest = { requesterRemote: false, ownerRemote: false };

/**
 * Events of each type (a type added to DomainEvent and missing here fails to compile), between
 * people here and with people elsewhere, and the calls the registry must make for each: together
 * they make every subscriber of the type act, and show who stays silent when the facts say so.
 */
const cases: { [Type in DomainEventType]: Case<Type>[] } = {
  'session.ended': [
    [{ type: 'session.ended', userId: 'ana', tokenHash: 'hash' }, ['live events.endSession']],
  ],
  'account.deleted': [
    [
      { type: 'account.deleted', userId: 'ana', username: 'ana', remoteFollowers: [] },
      ['other servers.accountDeleted'],
    ],
  ],
  'post.deleted': [
    [{ type: 'post.deleted', postId: 'p1', authorId: 'ana' }, ['other servers.postDeleted']],
  ],
  'like.added': [
    [
      { type: 'like.added', likeId: 'l1', postId: 'p1', userId: 'ana', likesCount: 1, ...here },
      ['web push.notice'],
    ],
    [
      {
        type: 'like.added',
        likeId: 'l1',
        postId: 'p1',
        userId: 'ana',
        likesCount: 1,
        ...toRemotePost,
      },
      ['other servers.like'],
    ],
    [
      {
        type: 'like.added',
        likeId: 'l1',
        postId: 'p1',
        userId: 'bo@elsewhere.example',
        likesCount: 1,
        ...fromRemote,
      },
      ['web push.notice'],
    ],
  ],
  'like.removed': [
    [
      { type: 'like.removed', likeId: 'l1', postId: 'p1', userId: 'ana', likesCount: 0, ...here },
      [],
    ],
    [
      {
        type: 'like.removed',
        likeId: 'l1',
        postId: 'p1',
        userId: 'ana',
        likesCount: 0,
        ...toRemotePost,
      },
      ['other servers.like'],
    ],
  ],
  'comment.added': [
    [
      {
        type: 'comment.added',
        commentId: 'c1',
        postId: 'p1',
        userId: 'ana',
        commenterRemote: false,
        authorRemote: false,
      },
      ['notifications.commented', 'web push.notice'],
    ],
    [
      {
        type: 'comment.added',
        commentId: 'c1',
        postId: 'p1',
        userId: 'ana',
        commenterRemote: false,
        authorRemote: true,
      },
      ['notifications.commented', 'web push.notice', 'other servers.comment'],
    ],
  ],
  'post.created': [
    [
      { type: 'post.created', postId: 'p1', authorId: 'ana', imported: false },
      ['notifications.captionWritten', 'web push.notice', 'other servers.post'],
    ],
  ],
  'post.edited': [
    [
      { type: 'post.edited', postId: 'p1', authorId: 'ana', captionChanged: true },
      ['notifications.captionWritten', 'web push.notice', 'other servers.post'],
    ],
  ],
  'follow.added': [
    [
      {
        type: 'follow.added',
        followerId: 'ana',
        followeeId: 'ben',
        followersCount: 1,
        followerRemote: false,
      },
      ['web push.notice'],
    ],
    [
      {
        type: 'follow.added',
        followerId: 'bo',
        followeeId: 'ben',
        followersCount: 1,
        followerRemote: true,
      },
      ['web push.notice', 'other servers.acceptFollow'],
    ],
  ],
  'follow.removed': [
    [
      {
        type: 'follow.removed',
        followerId: 'ana',
        followeeId: 'ben',
        followersCount: 0,
        ...localPair,
      },
      [],
    ],
    [
      {
        type: 'follow.removed',
        followerId: 'ana',
        followeeId: 'bo',
        followersCount: 0,
        followerRemote: false,
        followeeRemote: true,
      },
      ['other servers.undoFollow'],
    ],
  ],
  'follow_request.sent': [
    [
      { type: 'follow_request.sent', requesterId: 'ana', ownerId: 'ben' },
      ['notifications.followRequested', 'web push.notice'],
    ],
  ],
  'follow_request.sent_remote': [
    [
      { type: 'follow_request.sent_remote', requesterId: 'ana', ownerId: 'bo' },
      ['other servers.follow'],
    ],
  ],
  'follow_request.approved': [
    [
      { type: 'follow_request.approved', requesterId: 'ana', ownerId: 'ben', ...localRequest },
      ['notifications.followRequestApproved'],
    ],
    [
      {
        type: 'follow_request.approved',
        requesterId: 'bo',
        ownerId: 'ben',
        requesterRemote: true,
        ownerRemote: false,
      },
      ['notifications.followRequestApproved', 'other servers.acceptFollow'],
    ],
  ],
  'follow_request.ended': [
    [
      {
        type: 'follow_request.ended',
        requesterId: 'ana',
        ownerId: 'ben',
        reason: 'declined',
        ...localRequest,
      },
      ['notifications.followRequestEnded'],
    ],
    [
      {
        type: 'follow_request.ended',
        requesterId: 'bo',
        ownerId: 'ben',
        reason: 'declined',
        requesterRemote: true,
        ownerRemote: false,
      },
      ['notifications.followRequestEnded', 'other servers.rejectFollow'],
    ],
    [
      {
        type: 'follow_request.ended',
        requesterId: 'ana',
        ownerId: 'bo',
        reason: 'withdrawn',
        requesterRemote: false,
        ownerRemote: true,
      },
      ['other servers.undoFollow'],
    ],
  ],
  'block.added': [
    [
      {
        type: 'block.added',
        blockerId: 'ana',
        blockedId: 'ben',
        blockerRemote: false,
        blockedRemote: false,
      },
      ['notifications.blocked'],
    ],
    [
      {
        type: 'block.added',
        blockerId: 'ana',
        blockedId: 'bo',
        blockerRemote: false,
        blockedRemote: true,
      },
      ['notifications.blocked', 'other servers.block'],
    ],
  ],
  'block.removed': [
    [
      {
        type: 'block.removed',
        blockerId: 'ana',
        blockedId: 'ben',
        blockerRemote: false,
        blockedRemote: false,
      },
      [],
    ],
    [
      {
        type: 'block.removed',
        blockerId: 'ana',
        blockedId: 'bo',
        blockerRemote: false,
        blockedRemote: true,
      },
      ['other servers.block'],
    ],
  ],
  'message.sent': [
    [
      {
        type: 'message.sent',
        messageId: 'm1',
        conversationId: 'c1',
        senderId: 'ana',
        recipientIds: ['ben'],
      },
      ['live events.messagesChanged'],
    ],
  ],
  'messages.changed': [
    [
      { type: 'messages.changed', conversationId: 'c1', userIds: ['ben'] },
      ['live events.messagesChanged'],
    ],
  ],
  'mention.received': [
    [
      { type: 'mention.received', actorId: 'bo', mentionedIds: ['ben'] },
      ['notifications.mentionedElsewhere'],
    ],
  ],
  'instance.updated': [[{ type: 'instance.updated' }, ['caches.forget']]],
  'report.forwarded': [[{ type: 'report.forwarded', reportId: 'r1' }, ['other servers.flag']]],
};

/** The calls the registry makes for one event. */
async function callsFor(event: DomainEvent, deps = (calls: string[]) => recordingDeps(calls)) {
  const calls: string[] = [];
  const bus = new EventBus((error) => {
    throw error;
  });
  subscribeAll(bus, deps(calls));
  await bus.publish(event);
  return calls;
}

describe('the event registry', () => {
  it('gives every published event type at least one subscriber', () => {
    const types = Object.keys(eventPublishers) as DomainEventType[];
    expect(types.sort()).toEqual((Object.keys(cases) as DomainEventType[]).sort());
    expect(types.filter((type) => subscribersOf(type).length === 0)).toEqual([]);
  });

  it.each(Object.entries(cases))(
    'runs the subscribers registered for %s, where its facts say',
    async (type, examples) => {
      const acted = new Set<string>();
      for (const [event, expected] of examples as Case<DomainEventType>[]) {
        const calls = await callsFor(event);
        expect(calls, JSON.stringify(event)).toEqual(expected);
        for (const call of calls) acted.add(call.split('.')[0]!);
      }
      // Every concern the registry lists for the type acted in one example at least.
      const registered = subscribersOf(type as DomainEventType).map(({ concern }) => concern);
      expect([...acted].sort()).toEqual([...registered].sort());
    },
  );

  it('leaves deliveries to other servers out when federation is off', async () => {
    const off = (calls: string[]) => ({ ...recordingDeps(calls), otherServers: undefined });
    for (const examples of Object.values(cases) as Case<DomainEventType>[][]) {
      for (const [event, expected] of examples) {
        expect(await callsFor(event, off)).toEqual(
          expected.filter((call) => !call.startsWith('other servers')),
        );
      }
    }
  });

  it("is what docs/architecture.md's event table says", () => {
    const docs = fs.readFileSync(
      new URL('../../../../../docs/architecture.md', import.meta.url),
      'utf8',
    );
    const start = docs.indexOf('<!-- event table');
    const end = docs.indexOf('<!-- end of event table -->');
    expect(start).toBeGreaterThan(0);
    const table = docs.slice(docs.indexOf('\n', start) + 1, end).trim();
    // Prettier may align the columns differently: cells are compared, not spaces.
    const cells = (markdown: string) =>
      markdown.split('\n').map((row) =>
        row
          .split('|')
          .map((cell) => cell.trim())
          .map((cell) => (/^-+$/.test(cell) ? '---' : cell)),
      );
    expect(cells(table), `the table should read:\n${eventTable()}`).toEqual(cells(eventTable()));
  });
});

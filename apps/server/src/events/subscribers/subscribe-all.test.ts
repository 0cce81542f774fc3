import { describe, expect, it } from 'vitest';
import type { DomainEventType } from '../domain-events';
import { EventBus } from '../event-bus';
import { subscribeAll } from './subscribe-all';

/** Every event type: adding one to DomainEvent without listing it here fails to compile. */
const everyEventType: Record<DomainEventType, true> = {
  'session.ended': true,
  'like.added': true,
  'like.removed': true,
  'comment.added': true,
  'post.created': true,
  'post.edited': true,
  'follow.added': true,
  'follow.removed': true,
  'follow_request.sent': true,
  'follow_request.approved': true,
  'follow_request.ended': true,
  'block.added': true,
  'instance.updated': true,
};

describe('subscribeAll', () => {
  it('gives every event type at least one subscriber', () => {
    const bus = new EventBus();
    const nothing = async () => undefined;
    subscribeAll(bus, {
      services: {
        notifications: {
          liked: nothing,
          unliked: nothing,
          commented: nothing,
          captionWritten: nothing,
          followed: nothing,
          unfollowed: nothing,
          followRequested: nothing,
          followRequestApproved: nothing,
          followRequestEnded: nothing,
          blocked: nothing,
        },
        eventStreams: { endSession: () => undefined },
      },
      caches: { instance: { forget: () => undefined } },
    });
    const unheard = Object.keys(everyEventType).filter(
      (type) => bus.handlerCount(type as DomainEventType) === 0,
    );
    expect(unheard).toEqual([]);
  });
});

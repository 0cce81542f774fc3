import { describe, expect, it } from 'vitest';
import type { DomainEventType } from '../domain-events';
import { EventBus } from '../event-bus';
import { deliverAccountDeletions } from '../../federation/account-deletion';
import { deliverDomainEvents } from '../../federation/deliveries';
import { deliverRemoteInteractions } from '../../federation/remote-interactions';
import { deliverRemoteFollows } from '../../federation/remote-follows';
import { subscribeAll } from './subscribe-all';

/**
 * Every event type and who must hear it: adding one to DomainEvent without listing it here fails
 * to compile. `federation`: only deliveries to other servers need it (published all the same;
 * with federation off nobody listens).
 */
const everyEventType: Record<DomainEventType, true | 'federation'> = {
  'session.ended': true,
  // A like's or follow's notification is written with it; their events tell push and other
  // servers.
  'like.added': 'federation',
  'like.removed': 'federation',
  'comment.added': true,
  'post.created': true,
  'post.edited': true,
  'follow.added': 'federation',
  'follow.removed': 'federation',
  'follow_request.sent': true,
  'follow_request.approved': true,
  'follow_request.ended': true,
  'block.added': true,
  'instance.updated': true,
  'mention.received': true,
  'post.deleted': 'federation',
  'account.deleted': 'federation',
  'block.removed': 'federation',
  'report.forwarded': 'federation',
  'message.sent': true,
  'messages.changed': true,
};

describe('subscribeAll', () => {
  it('gives every event type at least one subscriber', () => {
    const bus = new EventBus();
    const nothing = async () => undefined;
    subscribeAll(bus, {
      services: {
        notifications: {
          commented: nothing,
          captionWritten: nothing,
          mentionedElsewhere: nothing,
          followRequested: nothing,
          followRequestApproved: nothing,
          followRequestEnded: nothing,
          blocked: nothing,
        },
        eventStreams: { endSession: () => undefined, messagesChanged: async () => undefined },
      },
      caches: { instance: { forget: () => undefined } },
    });
    const unheard = Object.entries(everyEventType)
      .filter(([, who]) => who === true)
      .filter(([type]) => bus.handlerCount(type as DomainEventType) === 0);
    expect(unheard).toEqual([]);
  });

  it('gives every federation-only event type a delivery to other servers', () => {
    const bus = new EventBus();
    // Subscribing only registers handlers: nothing here is called until an event arrives.
    const deps = {
      config: { publicUrl: 'https://photos.example' },
      database: { db: {} },
      events: bus,
      storage: {},
      signer: {},
    } as any;
    deliverDomainEvents({} as any, deps);
    deliverAccountDeletions({} as any, deps);
    deliverRemoteInteractions({} as any, deps);
    deliverRemoteFollows({} as any, deps);
    const unheard = Object.entries(everyEventType)
      .filter(([, who]) => who === 'federation')
      .filter(([type]) => bus.handlerCount(type as DomainEventType) === 0);
    expect(unheard).toEqual([]);
  });
});

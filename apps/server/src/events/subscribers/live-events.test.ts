import { describe, expect, it } from 'vitest';
import { EventBus } from '../event-bus';
import { liveEventSubscribers } from './live-events';
import { subscribeConcern } from './subscriber-table';

describe('live event subscribers', () => {
  it("end a signed-out session's streams at once, and nothing else", async () => {
    const bus = new EventBus((error) => {
      throw error;
    });
    const ended: string[] = [];
    subscribeConcern(bus, liveEventSubscribers, {
      endSession: (tokenHash) => ended.push(tokenHash),
      messagesChanged: async () => undefined,
    });
    await bus.publish({ type: 'session.ended', userId: 'ana', tokenHash: 'hash-1' });
    await bus.publish({
      type: 'like.added',
      likeId: 'l1',
      postId: 'post',
      userId: 'ana',
      likesCount: 1,
      likerRemote: false,
      authorRemote: false,
    });
    await bus.publish({ type: 'session.ended', userId: null, tokenHash: 'hash-2' });
    expect(ended).toEqual(['hash-1', 'hash-2']);
  });

  it("tell a message's sender and recipients, and whoever read, left or muted one", async () => {
    const bus = new EventBus((error) => {
      throw error;
    });
    const told: string[] = [];
    subscribeConcern(bus, liveEventSubscribers, {
      endSession: () => undefined,
      messagesChanged: async (conversationId, userIds) => {
        told.push(`${conversationId}: ${userIds.join(' ')}`);
      },
    });
    await bus.publish({
      type: 'message.sent',
      messageId: 'm1',
      conversationId: 'c1',
      senderId: 'ana',
      recipientIds: ['ben', 'cy'],
    });
    await bus.publish({ type: 'messages.changed', conversationId: 'c1', userIds: ['ben'] });
    expect(told).toEqual(['c1: ana ben cy', 'c1: ben']);
  });
});

import { describe, expect, it } from 'vitest';
import { EventBus } from '../event-bus';
import { subscribeLiveEvents } from './live-events';

describe('live event subscribers', () => {
  it("end a signed-out session's streams at once, and nothing else", async () => {
    const bus = new EventBus((error) => {
      throw error;
    });
    const ended: string[] = [];
    subscribeLiveEvents(bus, { endSession: (tokenHash) => ended.push(tokenHash) });
    await bus.publish({ type: 'session.ended', userId: 'ana', tokenHash: 'hash-1' });
    await bus.publish({ type: 'like.added', postId: 'post', userId: 'ana', likesCount: 1 });
    await bus.publish({ type: 'session.ended', userId: null, tokenHash: 'hash-2' });
    expect(ended).toEqual(['hash-1', 'hash-2']);
  });
});

import { describe, expect, it } from 'vitest';
import type { DomainEvent } from './domain-events';
import { EventBus } from './event-bus';

const liked: DomainEvent = {
  type: 'like.added',
  likeId: 'l1',
  postId: 'p1',
  userId: 'u1',
  likesCount: 1,
  likerRemote: false,
  authorRemote: false,
};

describe('EventBus', () => {
  it('runs the handlers of the event type in subscription order, and only those', async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on('like.added', (event) => {
      seen.push(`first ${event.postId} ${event.likesCount}`);
    });
    bus.on('like.added', async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`second ${event.userId}`);
    });
    bus.on('comment.added', () => {
      seen.push('comment');
    });
    await bus.publish(liked);
    expect(seen).toEqual(['first p1 1', 'second u1']);
  });

  it('reports a failing handler and still runs the others, never rejecting the publisher', async () => {
    const reported: unknown[] = [];
    const bus = new EventBus((error, event) => reported.push([String(error), event.type]));
    const seen: string[] = [];
    bus.on('like.added', () => {
      throw new Error('notification store down');
    });
    bus.on('like.added', () => {
      seen.push('after');
    });
    await expect(bus.publish(liked)).resolves.toBeUndefined();
    expect(seen).toEqual(['after']);
    expect(reported).toEqual([['Error: notification store down', 'like.added']]);
  });

  it('stops calling a handler once it unsubscribes', async () => {
    const bus = new EventBus();
    let calls = 0;
    const off = bus.on('like.added', () => {
      calls += 1;
    });
    await bus.publish(liked);
    off();
    await bus.publish(liked);
    expect(calls).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { Instance } from '@pinhole/contracts';
import { cacheTags } from '../../cache/cache-tags';
import { TaggedCache } from '../../cache/tagged-cache';
import { EventBus } from '../event-bus';
import { cacheSubscribers } from './caches';
import { subscribeConcern } from './subscriber-table';

type About = Omit<Instance, 'signups'>;

describe('cache subscribers', () => {
  it("forget the instance's about page when an admin changed it, and only then", async () => {
    const bus = new EventBus((error) => {
      throw error;
    });
    const instance = new TaggedCache<About>(1);
    subscribeConcern(bus, cacheSubscribers, { instance });
    let loads = 0;
    const about = () =>
      instance.get('about', async () => {
        loads += 1;
        return {
          value: { name: `Pinhole ${loads}` } as About,
          tags: [cacheTags.instance],
        };
      });
    expect((await about()).name).toBe('Pinhole 1');
    await bus.publish({
      type: 'like.added',
      likeId: 'l1',
      postId: 'post',
      userId: 'ana',
      likesCount: 1,
      likerRemote: false,
      authorRemote: false,
    });
    expect((await about()).name).toBe('Pinhole 1');
    await bus.publish({ type: 'instance.updated' });
    expect((await about()).name).toBe('Pinhole 2');
  });
});

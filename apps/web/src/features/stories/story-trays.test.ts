import { describe, expect, it } from 'vitest';
import { makeStory, tray } from '@/testing/stories';
import { withNewStory, withoutStory, withStoryViewed } from './story-trays';

const bob = tray([makeStory('b1', 'bob', { viewed_by_me: true }), makeStory('b2', 'bob')]);
const carol = tray([makeStory('c1', 'carol')]);

describe('story trays after the reader acts', () => {
  it('a viewed story is seen, and its tray’s ring greys once nothing in it is unseen', () => {
    const after = withStoryViewed({ trays: [bob, carol] }, 'b2');
    expect(after.trays[0]?.stories.map((s) => s.viewed_by_me)).toEqual([true, true]);
    expect(after.trays[0]?.has_unviewed).toBe(false);
    expect(after.trays[1]).toBe(carol);
    expect(withStoryViewed({ trays: [bob] }, 'b1').trays[0]).toBe(bob);
  });

  it('a removed story leaves its tray, and an emptied tray goes', () => {
    const after = withoutStory({ trays: [bob, carol] }, 'c1');
    expect(after.trays).toEqual([bob]);
    const fewer = withoutStory({ trays: [bob, carol] }, 'b2');
    expect(fewer.trays[0]?.stories.map((s) => s.id)).toEqual(['b1']);
    expect(fewer.trays[0]?.has_unviewed).toBe(false);
  });

  it('a new story of one’s own goes last in one’s tray, which comes first', () => {
    const first = withNewStory({ trays: [bob, carol] }, makeStory('a1', 'alice'));
    expect(first.trays.map((t) => t.author.username)).toEqual(['alice', 'bob', 'carol']);
    expect(first.trays[0]?.has_unviewed).toBe(true);
    const second = withNewStory(first, makeStory('a2', 'alice'));
    expect(second.trays[0]?.stories.map((s) => s.id)).toEqual(['a1', 'a2']);
    expect(second.trays).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { makeStory, tray } from '@/testing/stories';
import { findStory, inOrder, nextStory, openingStory, previousStory } from './story-sequence';

const bob = tray([
  makeStory('b1', 'bob', { viewed_by_me: true }),
  makeStory('b2', 'bob'),
  makeStory('b3', 'bob'),
]);
const carol = tray([makeStory('c1', 'carol', { viewed_by_me: true }), makeStory('c2', 'carol')]);
const dave = tray([makeStory('d1', 'dave', { viewed_by_me: true })]);
const trays = [bob, carol, dave];
const idOf = (story: { id: string } | null) => story?.id ?? null;

describe('story sequence', () => {
  it('opens a tray at its first unseen story, or its first when all are seen', () => {
    expect(openingStory(bob).id).toBe('b2');
    expect(openingStory(dave).id).toBe('d1');
  });

  it('finds a story with its tray and both positions', () => {
    expect(findStory(trays, 'c2')).toMatchObject({ trayIndex: 1, storyIndex: 1, tray: carol });
    expect(findStory(trays, 'nope')).toBeNull();
  });

  it('goes on through a person’s stories, then to where the next person’s tray opens', () => {
    expect(idOf(nextStory(trays, 'b1'))).toBe('b2');
    expect(idOf(nextStory(trays, 'b3'))).toBe('c2');
    expect(idOf(nextStory(trays, 'c2'))).toBe('d1');
    expect(nextStory(trays, 'd1')).toBeNull();
  });

  it('goes back through a person’s stories, then to the previous person’s last', () => {
    expect(idOf(previousStory(trays, 'b3'))).toBe('b2');
    expect(idOf(previousStory(trays, 'c1'))).toBe('b3');
    expect(previousStory(trays, 'b1')).toBeNull();
  });

  it('keeps the order it opened with; new trays go last, gone ones drop out', () => {
    const eve = tray([makeStory('e1', 'eve')]);
    const opened = trays.map((t) => t.author.id);
    // The server now puts carol first (she has unseen stories) and has a new tray for eve.
    expect(inOrder([eve, carol, bob], opened).map((t) => t.author.username)).toEqual([
      'bob',
      'carol',
      'eve',
    ]);
    expect(inOrder([carol, bob], null).map((t) => t.author.username)).toEqual(['carol', 'bob']);
  });
});

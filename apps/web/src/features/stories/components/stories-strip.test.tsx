import { limits } from '@pinhole/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleStories } from '@/features/stories/sample-stories';
import { makeProfile, signedInSession, signedOutSession } from '@/testing/factories';
import { renderAsReader } from '@/testing/render';
import { StoriesStrip } from './stories-strip';

describe('StoriesStrip', () => {
  it('starts with Your story and a plus badge, then eight sample stories, then an icon', () => {
    renderAsReader(<StoriesStrip />, signedInSession(makeProfile({ username: 'alice' })));
    const strip = screen.getByRole('region', { name: 'Stories' });
    const tiles = within(strip).getAllByRole('listitem');
    expect(tiles[0]).toHaveTextContent('Your story');
    expect(within(tiles[0] as HTMLElement).getByTestId('your-story-plus')).toBeInTheDocument();
    expect(within(tiles[0] as HTMLElement).getByTestId('avatar-initial')).toHaveTextContent('A');
    expect(screen.getAllByTestId('story')).toHaveLength(limits.sampleStoriesCount);
    expect(screen.getAllByTestId('story')).toHaveLength(8);
    expect(tiles.at(-1)).toContainElement(screen.getByRole('button', { name: 'More stories' }));
  });

  it('shows each story with its username, a coloured ring if unseen and grey if seen', () => {
    renderAsReader(<StoriesStrip />, signedOutSession);
    const stories = sampleStories();
    // The sample data holds both kinds, so both rings are drawn.
    expect(stories.some((s) => s.viewed)).toBe(true);
    expect(stories.some((s) => !s.viewed)).toBe(true);
    screen.getAllByTestId('story').forEach((tile, index) => {
      const story = stories[index];
      expect(tile).toHaveTextContent(story?.user.username ?? '');
      const ring = tile.querySelector('[data-viewed]');
      expect(ring).toHaveClass(story?.viewed ? 'bg-line' : 'story-ring');
    });
  });

  it('uses the same sample stories on every render', () => {
    expect(sampleStories()).toEqual(sampleStories());
  });
});

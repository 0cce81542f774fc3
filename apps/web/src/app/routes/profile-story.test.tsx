import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile, signedOutSession } from '@/testing/factories';
import { mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { makeStory, tray } from '@/testing/stories';
import { ProfileRoute } from './profile';

const bob = makeProfile({ id: 'bob-id', username: 'bob' });
const carol = makeProfile({ id: 'carol-id', username: 'carol' });

function renderProfile(username: string) {
  mockApi({
    'GET /api/profiles/by-username/bob': bob,
    'GET /api/profiles/by-username/carol': carol,
    'GET /api/stories': {
      trays: [tray([makeStory('b1', 'bob', { viewed_by_me: true }), makeStory('b2', 'bob')])],
    },
  });
  return renderAsReader(<ProfileRoute tab="posts" />, signedOutSession, undefined, {
    path: `/${username}`,
    pattern: '/:username',
  });
}

describe('a profile picture while its person has a story', () => {
  it('is in a coloured ring while unseen and opens their story', async () => {
    renderProfile('bob');
    const link = await screen.findByRole(
      'link',
      { name: 'Story by bob, not seen yet' },
      { timeout: 5000 },
    );
    expect(link).toHaveAttribute('href', '/stories/bob/b2');
    expect(within(link).getByTestId('story-ring')).toHaveAttribute('data-unviewed', 'true');
    expect(within(link).getByRole('img', { name: "bob's profile picture" })).toBeInTheDocument();
  });

  it('is the picture alone when they have none', async () => {
    renderProfile('carol');
    expect(await screen.findByRole('img', { name: "carol's profile picture" })).toBeInTheDocument();
    expect(screen.queryByTestId('story-ring')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Story by/ })).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import {
  makePost,
  page,
  signedInSession,
  signedOutSession,
  suggestionList,
} from '@/testing/factories';
import { json, mockApi } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { HomeRoute } from './home';

/**
 * Everyone's feed has one post; the Following feed is whatever the test says. `requested` lists
 * the `feed` parameter of each request, in order.
 */
function feeds(following = page([])) {
  const requested: (string | null)[] = [];
  mockApi({
    'GET /api/posts': ({ url }: { url: URL }) => {
      const feed = url.searchParams.get('feed');
      requested.push(feed);
      return json(
        feed === 'following' ? following : page([makePost({ id: 'e1', caption: 'From everyone' })]),
      );
    },
    'GET /api/suggestions': suggestionList(0),
  });
  return requested;
}

afterEach(() => {
  document.cookie = 'pinhole_feed=; path=/; max-age=0';
});

describe('HomeRoute feeds', () => {
  it('signed in, starts on Following and shows the spec’s text when it is empty', async () => {
    const requested = feeds();
    renderAsReader(<HomeRoute />, signedInSession());
    expect(screen.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await screen.findByText('Follow some users or create your first post to get started!'),
    ).toBeInTheDocument();
    expect(requested).toEqual(['following']);
  });

  it('switches to Everyone and remembers the choice in a cookie', async () => {
    const requested = feeds(page([makePost({ id: 'f1', caption: 'From a friend' })]));
    const { unmount } = renderAsReader(<HomeRoute />, signedInSession());
    expect(await screen.findByText('From a friend')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Everyone' }));
    expect(await screen.findByText('From everyone')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Everyone' })).toHaveAttribute('aria-selected', 'true');
    expect(requested).toEqual(['following', null]);
    expect(document.cookie).toContain('pinhole_feed=everyone');
    unmount();

    // A later visit (a fresh page: nothing cached) opens on Everyone.
    renderAsReader(<HomeRoute />, signedInSession());
    expect(screen.getByRole('tab', { name: 'Everyone' })).toHaveAttribute('aria-selected', 'true');
  });

  it('starts on the feed the server drew, whatever the cookie says', () => {
    feeds();
    document.cookie = 'pinhole_feed=following; path=/';
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.feedChoice, 'everyone');
    renderAsReader(<HomeRoute />, signedInSession(), queryClient);
    expect(screen.getByRole('tab', { name: 'Everyone' })).toHaveAttribute('aria-selected', 'true');
  });

  it('signed out, shows everyone’s feed without tabs', async () => {
    const requested = feeds();
    renderAsReader(<HomeRoute />, signedOutSession);
    expect(await screen.findByText('From everyone')).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Feeds' })).not.toBeInTheDocument();
    await waitFor(() => expect(requested).toEqual([null]));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignUpPromptContext } from '@/lib/auth/sign-up-prompt';
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
    'GET /api/stories': { trays: [] },
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

  it('under the empty Following feed suggests people; following one reads the feed again', async () => {
    let followed = false;
    const requested: (string | null)[] = [];
    mockApi({
      'GET /api/posts': ({ url }: { url: URL }) => {
        requested.push(url.searchParams.get('feed'));
        return json(followed ? page([makePost({ id: 'n1', caption: 'From person0' })]) : page([]));
      },
      'GET /api/suggestions': suggestionList(2),
      'PUT /api/profiles/person-0/follow': () => {
        followed = true;
        return json({ following: true, requested: false, followers_count: 1 });
      },
    });
    const user = userEvent.setup();
    renderAsReader(<HomeRoute />, signedInSession());
    // The sidebar (hidden below 1024 px, present in jsdom) has its own; this is the feed's.
    const emptyFeed = (await screen.findByRole('heading', { name: 'No posts yet' })).parentElement!;
    const section = await within(emptyFeed).findByRole('region', { name: 'Suggestions for you' });
    expect(within(section).getAllByTestId('suggestion')).toHaveLength(2);
    expect(within(section).getByRole('link', { name: 'See All' })).toHaveAttribute(
      'href',
      '/explore/people',
    );

    await user.click(within(section).getByRole('button', { name: 'Follow person0' }));
    expect(await screen.findByText('From person0')).toBeInTheDocument();
    expect(requested).toEqual(['following', 'following']);
    expect(screen.queryByRole('heading', { name: 'No posts yet' })).not.toBeInTheDocument();
  });

  it('leaves the empty Everyone feed without suggestions', async () => {
    mockApi({
      'GET /api/posts': page([]),
      'GET /api/suggestions': suggestionList(2),
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.feedChoice, 'everyone');
    renderAsReader(<HomeRoute />, signedInSession(), queryClient);
    const emptyFeed = (await screen.findByRole('heading', { name: 'No posts yet' })).parentElement!;
    expect(emptyFeed).toHaveTextContent(
      'Follow some users or create your first post to get started!',
    );
    // Give the suggestions time to arrive, had they been asked for.
    await screen.findAllByTestId('suggestion');
    expect(within(emptyFeed).queryByRole('region')).not.toBeInTheDocument();
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

  it('signed out on an empty instance, offers to sign up rather than to follow people', async () => {
    mockApi({ 'GET /api/posts': page([]), 'GET /api/stories': { trays: [] } });
    const promptSignUp = vi.fn();
    renderAsReader(
      <SignUpPromptContext value={promptSignUp}>
        <HomeRoute />
      </SignUpPromptContext>,
      signedOutSession,
    );
    const emptyFeed = (await screen.findByRole('heading', { name: 'No posts yet' })).parentElement!;
    expect(emptyFeed).not.toHaveTextContent('Follow some users');
    expect(emptyFeed).toHaveTextContent('Sign up to share the first photo here.');
    await userEvent.click(within(emptyFeed).getByRole('button', { name: 'Sign up' }));
    expect(promptSignUp).toHaveBeenCalledOnce();
  });

  it('signed out, shows everyone’s feed without tabs', async () => {
    const requested = feeds();
    renderAsReader(<HomeRoute />, signedOutSession);
    expect(await screen.findByText('From everyone')).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Feeds' })).not.toBeInTheDocument();
    await waitFor(() => expect(requested).toEqual([null]));
  });
});

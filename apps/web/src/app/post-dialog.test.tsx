import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seedFirstScreen } from '@/lib/first-screen';
import { makePost, makeProfile, page, signedInSession } from '@/testing/factories';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderWithApp, testQueryClient } from '@/testing/render';
import { screenWidth } from '@/testing/screen-width';
import { Shell } from './shell';

const alice = makeProfile({ id: 'user-1', username: 'alice' });
const bob = makeProfile({ id: 'user-2', username: 'bob' });
const post = makePost({ id: 'abc', caption: 'Sunset over the bay' });

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/profiles/by-username/bob': bob,
    'GET /api/profiles/user-2/posts': page([post]),
    'GET /api/posts/abc': post,
    'GET /api/posts/abc/comments': { comments: [] },
    ...extra,
  });
}

function visit(path: string) {
  const queryClient = testQueryClient();
  seedFirstScreen(queryClient, { session: signedInSession(alice), feed: page([post]) });
  return renderWithApp(<Shell />, queryClient, { path });
}

/** The post's time, drawn with its comments (a chunk of their own on the home). */
const timeLink = () =>
  within(screen.getByRole('article', { name: 'Post by bob' })).findByRole('link', { name: '3h' });

describe('a post opened from a page', () => {
  beforeAll(async () => {
    await Promise.all([
      import('./routes/post-dialog'),
      import('./routes/post'),
      import('./routes/profile'),
      import('./routes/not-found'),
    ]);
  });

  it('on a wide screen opens over the feed at /p/:id, and Back (closing) returns to it', async () => {
    screenWidth(true);
    api();
    const user = userEvent.setup();
    const { location } = visit('/');
    await user.click(await timeLink());

    const dialog = await screen.findByRole('dialog', { name: 'Post' });
    expect(location.current?.pathname).toBe('/p/abc');
    expect(within(dialog).getByRole('article', { name: 'Post by bob' })).toBeInTheDocument();
    // The feed is still drawn underneath.
    expect(screen.getByRole('region', { name: 'Stories', hidden: true })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.current?.pathname).toBe('/');
  });

  it('on a wide screen opens from a profile grid; its close button returns to the profile', async () => {
    screenWidth(true);
    api();
    const user = userEvent.setup();
    const { location } = visit('/bob');
    const grid = await screen.findByRole('list', { name: 'Posts' });
    await user.click(within(grid).getByRole('link'));

    const dialog = await screen.findByRole('dialog', { name: 'Post' });
    expect(location.current?.pathname).toBe('/p/abc');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.current?.pathname).toBe('/bob');
    expect(screen.getByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
  });

  it('a link inside the dialog leaves it for that page', async () => {
    screenWidth(true);
    api();
    const user = userEvent.setup();
    const { location } = visit('/');
    await user.click(await timeLink());
    const dialog = await screen.findByRole('dialog', { name: 'Post' });
    await user.click(within(dialog).getAllByRole('link', { name: 'bob' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location.current?.pathname).toBe('/bob');
  });

  it('on a phone goes to the post page instead', async () => {
    screenWidth(false);
    api();
    const user = userEvent.setup();
    const { location } = visit('/');
    await user.click(await timeLink());
    await waitFor(() => expect(location.current?.pathname).toBe('/p/abc'));
    expect(await screen.findByRole('article', { name: 'Post by bob' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stories' })).not.toBeInTheDocument();
  });

  it('a post deleted meanwhile shows the not-found state in its dialog', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    screenWidth(true);
    const fetchMock = api({ 'GET /api/posts/abc': undefined });
    const user = userEvent.setup();
    visit('/');
    await user.click(await timeLink());
    const dialog = await screen.findByRole('dialog', { name: 'Post' });
    expect(
      await within(dialog).findByRole('heading', { name: "Sorry, this page isn't available." }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/posts/abc')).toHaveLength(1);
  });
});

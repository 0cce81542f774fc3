import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFirstScreen } from '@/lib/first-screen';
import { makePost, makeProfile, makeSuggestion, page, signedInSession } from '@/testing/factories';
import { callsTo, json, mockApi } from '@/testing/mock-api';
import { renderWithApp, testQueryClient } from '@/testing/render';
import { screenWidth } from '@/testing/screen-width';
import { Shell } from './shell';

const alice = makeProfile({ id: 'user-1', username: 'alice' });
const post = makePost({ id: 'post-1', likes_count: 3 });
const person = (name: string, followed = false) =>
  makeSuggestion({ id: `id-${name}`, username: name, followed_by_me: followed });

function api() {
  return mockApi({
    'GET /api/posts/post-1': post,
    'GET /api/posts/post-1/comments': { comments: [] },
    // Two pages: the second asked for with the first's cursor.
    'GET /api/posts/post-1/likes': ({ url }: { url: URL }) =>
      json(
        url.searchParams.get('cursor') === 'page-2'
          ? { profiles: [person('cid')], next_cursor: null }
          : { profiles: [person('ann', true), person('ben')], next_cursor: 'page-2' },
      ),
  });
}

function visit(path: string) {
  const queryClient = testQueryClient();
  seedFirstScreen(queryClient, { session: signedInSession(alice), feed: page([post]) });
  return renderWithApp(<Shell />, queryClient, { path });
}

const names = (within_: HTMLElement) =>
  within(within_)
    .getAllByTestId('person')
    .map((row) => within(row).getAllByRole('link').at(-1)?.textContent);

describe("who liked a post, from its 'N likes'", () => {
  beforeAll(async () => {
    await Promise.all([import('./routes/liked-by'), import('./routes/post')]);
  });

  it('on a wide screen opens a dialog over the feed at /p/:id/liked_by, paged, with Follow buttons; Back closes it', async () => {
    screenWidth(true);
    const fetchMock = api();
    const user = userEvent.setup();
    const { location } = visit('/');
    await user.click(await screen.findByRole('link', { name: '3 likes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Likes' });
    expect(location.current?.pathname).toBe('/p/post-1/liked_by');
    await waitFor(() => expect(names(dialog)).toEqual(['ann', 'ben']));
    expect(within(dialog).getByRole('button', { name: /Following ann/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Follow ben/ })).toBeInTheDocument();
    // The feed stays drawn underneath.
    expect(screen.getByRole('article', { name: /Post by/, hidden: true })).toBeInTheDocument();

    // jsdom has no IntersectionObserver, so the list offers its keyboard button.
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names(dialog)).toEqual(['ann', 'ben', 'cid']));
    expect(callsTo(fetchMock, 'GET', '/api/posts/post-1/likes')).toHaveLength(2);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.current?.pathname).toBe('/');
  });

  it('on a phone goes to the page instead', async () => {
    screenWidth(false);
    api();
    const user = userEvent.setup();
    const { location } = visit('/');
    await user.click(await screen.findByRole('link', { name: '3 likes' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/p/post-1/liked_by'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Likes' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('person')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loaded directly shows the page, with a link back to the post', async () => {
    screenWidth(true);
    api();
    visit('/p/post-1/liked_by');
    expect(await screen.findByRole('heading', { level: 1, name: 'Likes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Post by ${post.author.username}` })).toHaveAttribute(
      'href',
      '/p/post-1',
    );
    await waitFor(() => expect(screen.getAllByTestId('person')).toHaveLength(2));
  });

  it('is the not-found page for a post the reader may not see', async () => {
    screenWidth(true);
    mockApi({
      'GET /api/posts/post-9': json({ error: { code: 'not_found', message: 'Not found' } }, 404),
    });
    visit('/p/post-9/liked_by');
    expect(
      await screen.findByRole('heading', { name: /this page isn't available/ }),
    ).toBeInTheDocument();
  });
});

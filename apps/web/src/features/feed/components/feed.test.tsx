import { limits } from '@pinhole/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePost, page } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi, sentUrl } from '@/testing/mock-api';
import { queryKeys } from '@/lib/query-keys';
import { renderWithQuery, testQueryClient } from '@/testing/render';
import { resetProgressiveCount } from '@/features/feed/hooks/use-progressive-count';
import { Feed } from './feed';

const renderFeed = (queryClient = testQueryClient()) =>
  renderWithQuery(
    <Feed
      kind="everyone"
      renderPost={(post, index) => (
        <p data-testid="rendered-post">
          {index}: {post.caption}
        </p>
      )}
    />,
    queryClient,
  );

describe('Feed', () => {
  beforeEach(() => resetProgressiveCount());

  it('shows three skeleton placeholders while the first page loads', async () => {
    const answer = deferred<Response>();
    mockApi({ 'GET /api/posts': () => answer.promise });
    renderFeed();
    expect(screen.getAllByTestId('post-skeleton')).toHaveLength(limits.feedSkeletonCount);
    expect(screen.getAllByTestId('post-skeleton')).toHaveLength(3);
    answer.resolve(json(page([makePost()])));
    expect(await screen.findByTestId('rendered-post')).toBeInTheDocument();
    expect(screen.queryByTestId('post-skeleton')).not.toBeInTheDocument();
  });

  it('draws a page already cached (the one the HTML carried): the first few, then every post', async () => {
    const fetchMock = mockApi({});
    const posts = Array.from({ length: 8 }, (_, i) => makePost({ id: `p${i}`, caption: `c${i}` }));
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.feedOf('everyone'), {
      pages: [page(posts, 'next')],
      pageParams: [null],
    });
    const { unmount } = renderFeed(queryClient);
    expect(screen.getAllByTestId('rendered-post')).toHaveLength(limits.feedFirstPaintCount);
    await waitFor(() => expect(screen.getAllByTestId('rendered-post')).toHaveLength(8));
    expect(screen.getAllByTestId('rendered-post').map((p) => p.textContent)).toEqual(
      posts.map((post, i) => `${i}: ${post.caption}`),
    );
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    // Coming back to the feed draws every loaded post at once, for the restored scroll position.
    unmount();
    renderFeed(queryClient);
    expect(screen.getAllByTestId('rendered-post')).toHaveLength(8);
  });

  it('asks for the home feed page size', async () => {
    const fetchMock = mockApi({ 'GET /api/posts': page([makePost()]) });
    renderFeed();
    await screen.findByTestId('rendered-post');
    const url = sentUrl(fetchMock, 'GET', '/api/posts');
    expect(url.searchParams.get('limit')).toBe(String(limits.homeFeedLimit));
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.has('cursor')).toBe(false);
  });

  it("says You're all caught up once the last page is drawn, not before", async () => {
    const posts = Array.from({ length: 8 }, (_, i) => makePost({ id: `p${i}`, caption: `c${i}` }));
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.feedOf('everyone'), {
      pages: [page(posts, 'next')],
      pageParams: [null],
    });
    const { unmount } = renderFeed(queryClient);
    await waitFor(() => expect(screen.getAllByTestId('rendered-post')).toHaveLength(8));
    // More pages to come.
    expect(screen.queryByText("You're all caught up")).not.toBeInTheDocument();
    unmount();

    queryClient.setQueryData(queryKeys.feedOf('everyone'), {
      pages: [page(posts)],
      pageParams: [null],
    });
    renderFeed(queryClient);
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no posts', async () => {
    mockApi({ 'GET /api/posts': page([]) });
    renderFeed();
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Follow some users or create your first post to get started!'),
    ).toBeInTheDocument();
    expect(screen.queryByText("You're all caught up")).not.toBeInTheDocument();
  });

  it('renders every post in order, the first with index 0', async () => {
    mockApi({
      'GET /api/posts': page([
        makePost({ id: 'a', caption: 'first' }),
        makePost({ id: 'b', caption: 'second' }),
      ]),
    });
    renderFeed();
    const posts = await screen.findAllByTestId('rendered-post');
    expect(posts.map((post) => post.textContent)).toEqual(['0: first', '1: second']);
  });

  it('logs a failure as "Error loading posts" and shows no error to the reader', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/posts': apiError(500, 'internal', 'Something went wrong') });
    renderFeed();
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Error loading posts', expect.anything());
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('draws the posts after the first screen only as the reader nears them', async () => {
    const observers = stubIntersectionObserver();
    const fetchMock = mockApi({});
    const posts = Array.from({ length: 6 }, (_, i) => makePost({ id: `p${i}`, caption: `c${i}` }));
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.feedOf('everyone'), {
      pages: [page(posts, 'next')],
      pageParams: [null],
    });
    renderFeed(queryClient);
    expect(screen.getAllByTestId('rendered-post')).toHaveLength(limits.feedFirstPaintCount);
    // Nobody scrolled: nothing more is drawn, however long the page sits idle.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByTestId('rendered-post')).toHaveLength(limits.feedFirstPaintCount);

    act(() => observers.at(-1)?.intersect(true));
    expect(screen.getAllByTestId('rendered-post')).toHaveLength(limits.feedFirstPaintCount + 2);
    // Still near the end after that step: the sentinel looks again and the rest are drawn.
    act(() => observers.at(-1)?.intersect(true));
    expect(screen.getAllByTestId('rendered-post').map((p) => p.textContent)).toEqual(
      posts.map((post, i) => `${i}: ${post.caption}`),
    );
    // Every loaded post is drawn: the next sentinel asks for the next page.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the next page by cursor', async () => {
    const fetchMock = mockApi({
      'GET /api/posts': ({ url }: { url: URL }) =>
        url.searchParams.get('cursor') === 'next-1'
          ? json(page([makePost({ id: 'c', caption: 'third' })]))
          : json(page([makePost({ id: 'a', caption: 'first' })], 'next-1')),
    });
    const user = userEvent.setup();
    renderFeed();
    await screen.findByTestId('rendered-post');
    // jsdom has no IntersectionObserver, so the feed shows the button instead of infinite scroll.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('1: third')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/posts')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page as the end nears, before it shows, and keeps Load more for keyboards', async () => {
    const observers = stubIntersectionObserver();
    const fetchMock = mockApi({
      'GET /api/posts': ({ url }: { url: URL }) =>
        url.searchParams.get('cursor') === 'next-1'
          ? json(page([makePost({ id: 'c', caption: 'third' })]))
          : json(page([makePost({ id: 'a', caption: 'first' })], 'next-1')),
    });
    renderFeed();
    await screen.findByTestId('rendered-post');
    // Out of sight until focused: a keyboard reader tabs to it, a pointer never sees it.
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveClass('sr-only');
    const observer = observers.at(-1);
    // The observer reaches below the screen, so the next page is asked for early.
    expect(observer?.options?.rootMargin).toMatch(/^[1-9]\d*px/);
    expect(callsTo(fetchMock, 'GET', '/api/posts')).toHaveLength(1);

    act(() => observer?.intersect(false));
    expect(callsTo(fetchMock, 'GET', '/api/posts')).toHaveLength(1);
    act(() => observer?.intersect(true));
    expect(await screen.findByText('1: third')).toBeInTheDocument();
    expect(sentUrl(fetchMock, 'GET', '/api/posts', 1).searchParams.get('cursor')).toBe('next-1');
  });

  it('coming back to the feed shows its loaded pages without asking for them again', async () => {
    const fetchMock = mockApi({ 'GET /api/posts': page([makePost({ id: 'a' })]) });
    const queryClient = testQueryClient();
    const pages = [page([makePost({ id: 'a' })], 'c2'), page([makePost({ id: 'b' })])];
    queryClient.setQueryData(queryKeys.feedOf('everyone'), { pages, pageParams: [null, 'c2'] });
    // Older than any stale time: only an invalidation may read the feed again.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 24 * 60 * 60_000);
    const first = renderFeed(queryClient);
    await waitFor(() => expect(screen.getAllByTestId('rendered-post')).toHaveLength(2));
    first.unmount();
    renderFeed(queryClient);
    expect(screen.getAllByTestId('rendered-post')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

interface StubObserver {
  options: IntersectionObserverInit | undefined;
  intersect: (isIntersecting: boolean) => void;
}

/** IntersectionObserver for jsdom (which has none): the test says when the sentinel is in view. */
function stubIntersectionObserver(): StubObserver[] {
  const observers: StubObserver[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({
          options,
          intersect: (isIntersecting) =>
            callback(
              [{ isIntersecting } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            ),
        });
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  return observers;
}

import type { Post } from '@pinhole/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it, vi } from 'vitest';
import { SignInPromptContext } from '@/lib/auth/sign-in-prompt';
import type { PostPages } from '@/domain/posts/post-cache';
import { queryKeys } from '@/lib/query-keys';
import { makePost, now, page, signedInSession, signedOutSession } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { PostCard } from './post-card';

/** Reads the post from the feed cache, as the real feed does, so optimistic updates show. */
function CachedPostCard({ id, priority }: { id: string; priority?: boolean }) {
  const { data } = useQuery<PostPages>({ queryKey: queryKeys.feed, queryFn: skipToken });
  const post = data?.pages.flatMap((p) => p.posts).find((p) => p.id === id);
  return post ? <PostCard post={post} priority={priority} /> : null;
}

function renderCard(post: Post, { signedIn = true, priority = false } = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData<PostPages>(queryKeys.feed, {
    pages: [page([post])],
    pageParams: [null],
  });
  return renderAsReader(
    <CachedPostCard id={post.id} priority={priority} />,
    signedIn ? signedInSession() : signedOutSession,
    queryClient,
  );
}

const likeButton = () => screen.getByRole('button', { name: 'Like' });

describe('PostCard', () => {
  it('shows the author, the caption with the username in bold and the time label', () => {
    renderCard(
      makePost({
        caption: 'Sunset over the bay',
        created_at: new Date(now.getTime() - 3 * 3_600_000).toISOString(),
      }),
    );
    const card = screen.getByRole('article', { name: 'Post by bob' });
    expect(within(card).getByTestId('avatar-initial')).toHaveTextContent('B');
    // The caption's paragraph (the words themselves sit in a <bdi>, isolated from the name).
    const caption = screen.getByText('Sunset over the bay', { exact: false }).closest('p')!;
    expect(caption).toHaveTextContent('bob Sunset over the bay');
    expect(within(caption).getByText('bob').closest('a')).toHaveClass('font-semibold');
    expect(screen.getByText('3h').tagName).toBe('TIME');
    expect(screen.queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
  });

  it('links the hashtags and mentions of the caption, keeping the rest as text', () => {
    renderCard(
      makePost({
        caption: '<b>Golden</b> #Sunset with @carol',
        hashtags: ['sunset'],
        mentions: [{ id: 'user-3', username: 'carol' }],
      }),
    );
    const caption = screen.getByText('<b>Golden</b>', { exact: false }).closest('p')!;
    expect(caption).toHaveTextContent('bob <b>Golden</b> #Sunset with @carol');
    expect(caption.querySelector('b')).toBeNull();
    expect(within(caption).getByRole('link', { name: '#Sunset' })).toHaveAttribute(
      'href',
      '/explore/tags/sunset',
    );
    expect(within(caption).getByRole('link', { name: '@carol' })).toHaveAttribute('href', '/carol');
  });

  it('marks verified authors', () => {
    renderCard(
      makePost({ author: { id: 'u', username: 'nasa', avatar_url: null, is_verified: true } }),
    );
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
  });

  it('shows no caption line when the caption is null', () => {
    renderCard(makePost({ caption: null }));
    expect(screen.getByRole('article').querySelectorAll('p')).toHaveLength(0);
  });

  it('draws the image responsively at its stored aspect ratio, lazily', () => {
    renderCard(makePost());
    const image = screen.getByRole('img', { name: 'Photo by bob' });
    expect(image).toHaveAttribute('width', '1080');
    expect(image).toHaveAttribute('height', '1350');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).not.toHaveAttribute('fetchpriority');
    expect(image.getAttribute('srcset')).toBe(
      [320, 640, 1080]
        .map((w) => `/storage/user-uploads/user-2/posts/post-1-${w}.webp ${w}w`)
        .join(', '),
    );
    expect(image).toHaveAttribute('sizes', '(max-width: 470px) 100vw, 470px');
    expect(screen.getByTestId('post-image-box').style.aspectRatio).toBe('0.8');
  });

  it('keeps a landscape photo landscape', () => {
    const post = makePost();
    renderCard({ ...post, image: { ...post.image, width: 1080, height: 720 } });
    expect(screen.getByTestId('post-image-box').style.aspectRatio).toBe('1.5');
  });

  it('crops a photo taller than 4:5 or wider than 1.91:1 to fill its box, without grey bars', () => {
    const post = makePost();
    const { unmount } = renderCard({
      ...post,
      image: { ...post.image, width: 1080, height: 1920 },
    });
    expect(screen.getByTestId('post-image-box').style.aspectRatio).toBe('0.8');
    expect(screen.getByRole('img', { name: 'Photo by bob' })).toHaveClass('object-cover');
    expect(screen.getByRole('img', { name: 'Photo by bob' })).not.toHaveClass('object-contain');
    unmount();
    renderCard({ ...post, image: { ...post.image, width: 3000, height: 1000 } });
    expect(screen.getByTestId('post-image-box').style.aspectRatio).toBe('1.91');
    expect(screen.getByRole('img', { name: 'Photo by bob' })).toHaveClass('object-cover');
  });

  it('loads the first post eagerly with high priority', () => {
    renderCard(makePost(), { priority: true });
    const image = screen.getByRole('img', { name: 'Photo by bob' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('paints the ThumbHash colour at once, its image when idle, and neither once loaded', async () => {
    const rgba = new Uint8Array(4 * 4 * 4).fill(200);
    const hash = rgbaToThumbHash(4, 4, rgba);
    const placeholder = btoa(String.fromCharCode(...hash));
    const post = makePost();
    renderCard({ ...post, image: { ...post.image, placeholder } });
    const box = screen.getByTestId('photo-slide');
    // The average of a flat grey is that grey (ThumbHash rounds a little).
    expect(box.style.backgroundColor).toMatch(/^rgb\((19\d|20\d), (19\d|20\d), (19\d|20\d)\)$/);
    await waitFor(() =>
      expect(box.style.backgroundImage).toMatch(/^url\("data:image\/png;base64,/),
    );
    fireEvent.load(screen.getByRole('img', { name: 'Photo by bob' }));
    expect(box.style.backgroundImage).toBe('');
    expect(box.style.backgroundColor).toBe('');
  });

  it.each([
    [0, null],
    [1, '1 like'],
    [1234, '1,234 likes'],
  ])('with %d likes shows %s', (likesCount, label) => {
    renderCard(makePost({ likes_count: likesCount }));
    if (label === null) expect(screen.queryByText(/likes$/)).not.toBeInTheDocument();
    else expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('signed out, the heart looks as usual and asks to sign in when tapped', async () => {
    const fetchMock = mockApi({});
    const promptSignIn = vi.fn();
    renderAsReader(
      <SignInPromptContext value={promptSignIn}>
        <PostCard post={makePost()} />
      </SignInPromptContext>,
      signedOutSession,
    );
    expect(likeButton()).toBeEnabled();
    expect(likeButton()).not.toHaveAttribute('title');
    await userEvent.click(likeButton());
    expect(promptSignIn).toHaveBeenCalledTimes(1);
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(callsTo(fetchMock, 'PUT', '/api/posts/post-1/like')).toHaveLength(0);
  });

  it('fills the heart red when liked', () => {
    renderCard(makePost({ liked_by_me: true, likes_count: 1 }));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton().querySelector('svg')).toHaveClass('fill-like', 'text-like');
  });

  it('likes optimistically: heart and count change before the server answers', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'PUT /api/posts/post-1/like': () => answer.promise });
    const user = userEvent.setup();
    renderCard(makePost({ likes_count: 0 }));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');

    await user.click(likeButton());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1 like')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/posts/post-1/like')).toHaveLength(1);

    answer.resolve(json({ liked: true, likes_count: 7 }));
    // The server's count wins once it answers (others may have liked meanwhile).
    expect(await screen.findByText('7 likes')).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it('unlikes with DELETE and lowers the count by one at once', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'DELETE /api/posts/post-1/like': () => answer.promise });
    const user = userEvent.setup();
    renderCard(makePost({ liked_by_me: true, likes_count: 5 }));
    await user.click(likeButton());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('4 likes')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/posts/post-1/like')).toHaveLength(1);
    answer.resolve(json({ liked: false, likes_count: 4 }));
    await waitFor(() => expect(screen.getByText('4 likes')).toBeInTheDocument());
  });

  it('rolls the like back and logs "Error toggling like" when the server refuses', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = deferred<Response>();
    mockApi({ 'PUT /api/posts/post-1/like': () => answer.promise });
    const user = userEvent.setup();
    renderCard(makePost({ likes_count: 1233 }));
    expect(screen.getByText('1,233 likes')).toBeInTheDocument();

    await user.click(likeButton());
    expect(screen.getByText('1,234 likes')).toBeInTheDocument();

    answer.resolve(apiError(500, 'internal', 'Something went wrong'));
    expect(await screen.findByText('1,233 likes')).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(log).toHaveBeenCalledWith('Error toggling like', expect.anything());
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('hands the time label to the comments slot', () => {
    renderAsReader(
      <PostCard
        post={makePost({ created_at: new Date(now.getTime() - 2 * 86_400_000).toISOString() })}
        renderComments={(time) => <div data-testid="comments-slot">{time}</div>}
      />,
      signedInSession(),
    );
    expect(screen.getByTestId('comments-slot')).toHaveTextContent('2d');
  });
});

import type { Post } from '@pinhole/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostPages } from '@/domain/posts/post-cache';
import { queryKeys } from '@/lib/query-keys';
import { makePost, page, signedInSession, signedOutSession } from '@/testing/factories';
import { callsTo, json, mockApi } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { PostCard } from './post-card';
import { PostDetail } from './post-detail';

/** Reads the post from the feed cache, as the real feed does, so optimistic updates show. */
function CachedPostCard({ id }: { id: string }) {
  const { data } = useQuery<PostPages>({ queryKey: queryKeys.feed, queryFn: skipToken });
  const post = data?.pages.flatMap((p) => p.posts).find((p) => p.id === id);
  return post ? <PostCard post={post} /> : null;
}

function renderCard(post: Post, { signedIn = true } = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData<PostPages>(queryKeys.feed, {
    pages: [page([post])],
    pageParams: [null],
  });
  return renderAsReader(
    <CachedPostCard id={post.id} />,
    signedIn ? signedInSession() : signedOutSession,
    queryClient,
  );
}

/** The reader's `prefers-reduced-motion` (jsdom has no matchMedia). */
function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
  }));
}

const photo = () => screen.getByTestId('post-image-box');
const likeButton = () => screen.getByRole('button', { name: 'Like' });

describe('PostCard links', () => {
  it("leads from the author's avatar and name, and the caption's name, to the profile", () => {
    renderCard(makePost());
    const header = within(screen.getByRole('article')).getAllByRole('link', { name: 'bob' });
    expect(header.map((link) => link.getAttribute('href'))).toEqual(['/bob', '/bob']);
    // The avatar repeats the name's link for pointers; assistive technology hears it once.
    const avatarLink = screen.getByTestId('avatar-initial').closest('a');
    expect(avatarLink).toHaveAttribute('href', '/bob');
    expect(avatarLink).toHaveAttribute('aria-hidden', 'true');
    expect(avatarLink).toHaveAttribute('tabindex', '-1');
  });

  it("makes the time label the post's permalink", () => {
    renderCard(makePost({ id: 'abc' }));
    expect(screen.getByText('3h').closest('a')).toHaveAttribute('href', '/p/abc');
  });
});

describe('double tap on the photo', () => {
  it('likes the post and draws a heart; a single tap does nothing', async () => {
    stubReducedMotion(false);
    const fetchMock = mockApi({
      'PUT /api/posts/post-1/like': json({ liked: true, likes_count: 1 }),
    });
    const user = userEvent.setup();
    renderCard(makePost());
    await user.click(photo());
    expect(callsTo(fetchMock, 'PUT', '/api/posts/post-1/like')).toHaveLength(0);
    expect(screen.queryByTestId('like-heart')).not.toBeInTheDocument();

    await new Promise((resolve) => setTimeout(resolve, 350));
    await user.dblClick(photo());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('like-heart')).toHaveClass('animate-like-pop');
    await waitFor(() => expect(screen.getByText('1 like')).toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', '/api/posts/post-1/like')).toHaveLength(1);
  });

  it('never unlikes: on a liked post it only draws the heart', async () => {
    stubReducedMotion(false);
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderCard(makePost({ liked_by_me: true, likes_count: 3 }));
    await user.dblClick(photo());
    expect(screen.getByTestId('like-heart')).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('likes without the animation when the reader asks for less motion', async () => {
    stubReducedMotion(true);
    mockApi({ 'PUT /api/posts/post-1/like': json({ liked: true, likes_count: 1 }) });
    const user = userEvent.setup();
    renderCard(makePost());
    await user.dblClick(photo());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('like-heart')).not.toBeInTheDocument();
  });

  it('does nothing for a reader who is signed out', async () => {
    stubReducedMotion(false);
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderCard(makePost(), { signedIn: false });
    await user.dblClick(photo());
    expect(screen.queryByTestId('like-heart')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the post menu (…)', () => {
  beforeAll(async () => {
    // The dialog is a lazy chunk; loaded once here, as the browser has it after a first use.
    await import('./post-options-dialog');
  });

  it('copies the absolute link of the post and says so', async () => {
    const user = userEvent.setup();
    renderCard(makePost({ id: 'abc' }));
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post options' });
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Go to post']);
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/p/abc`);
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the browser refuses to copy', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderCard(makePost());
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('status')).toHaveTextContent("Couldn't copy the link");
  });

  it("Go to post opens the post's page", async () => {
    const user = userEvent.setup();
    const { location } = renderCard(makePost({ id: 'abc' }));
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('link', { name: 'Go to post' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/p/abc'));
  });
});

describe('the speech bubble (comment)', () => {
  it('takes the reader to the comment box under the post', async () => {
    const user = userEvent.setup();
    renderAsReader(
      <PostDetail
        post={makePost({ id: 'abc' })}
        variant="page"
        comments={null}
        commentForm={<input aria-label="Add a comment" data-comment-box />}
      />,
      signedInSession(),
    );
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveFocus();
  });

  it('in the feed, signed out (no comment box), opens the post with its comments', async () => {
    const user = userEvent.setup();
    const { location } = renderCard(makePost({ id: 'abc' }), { signedIn: false });
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/p/abc'));
  });
});

describe("the post's own page", () => {
  beforeAll(async () => {
    await import('./post-options-dialog');
  });

  it('offers no "Go to post" in its menu: it is the post', async () => {
    const user = userEvent.setup();
    renderAsReader(
      <PostDetail
        post={makePost({ id: 'abc' })}
        variant="page"
        comments={null}
        commentForm={null}
      />,
      signedInSession(),
    );
    // Its header is drawn twice (above the photo on phones, beside it on wide screens).
    await user.click(screen.getAllByRole('button', { name: 'More options' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Post options' });
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Go to post' })).not.toBeInTheDocument();
  });
});

import type { Post } from '@pinhole/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PostPages } from '@/domain/posts/post-cache';
import { queryKeys } from '@/lib/query-keys';
import {
  makeComment,
  makePost,
  page,
  signedInSession,
  signedOutSession,
} from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { CommentsSection, PostComments } from './comments-section';

function CachedComments({ id }: { id: string }) {
  const { data } = useQuery<PostPages>({ queryKey: queryKeys.feed, queryFn: skipToken });
  const post = data?.pages.flatMap((p) => p.posts).find((p) => p.id === id);
  return post ? <CommentsSection post={post} beforeForm={<span>5h</span>} /> : null;
}

function renderComments(post: Post, signedIn = true) {
  const queryClient = testQueryClient();
  queryClient.setQueryData<PostPages>(queryKeys.feed, {
    pages: [page([post])],
    pageParams: [null],
  });
  return renderAsReader(
    <CachedComments id={post.id} />,
    signedIn ? signedInSession() : signedOutSession,
    queryClient,
  );
}

const first = makeComment({ id: 'c1', content: 'First!' });
const second = makeComment({ id: 'c2', content: 'Lovely colours' });

const commentTexts = () =>
  within(screen.getByRole('list', { name: 'Comments' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('CommentsSection', () => {
  it('shows the first two comments with the author in bold', () => {
    renderComments(makePost({ comments_count: 2, comments_preview: [first, second] }));
    expect(commentTexts()).toEqual(['bob First!', 'bob Lovely colours']);
    expect(screen.getAllByText('bob')[0]!.closest('a')).toHaveClass('font-semibold');
    expect(screen.queryByText(/View all/)).not.toBeInTheDocument();
  });

  it('links the hashtags and mentions of a comment', () => {
    const mention = makeComment({
      id: 'c9',
      content: '@alice look: #sunset <i>wow</i>',
      mentions: [{ id: 'user-1', username: 'alice' }],
    });
    renderComments(makePost({ comments_count: 1, comments_preview: [mention] }));
    expect(commentTexts()).toEqual(['bob @alice look: #sunset <i>wow</i>']);
    const list = screen.getByRole('list', { name: 'Comments' });
    expect(within(list).getByRole('link', { name: '@alice' })).toHaveAttribute('href', '/alice');
    expect(within(list).getByRole('link', { name: '#sunset' })).toHaveAttribute(
      'href',
      '/explore/tags/sunset',
    );
    expect(list.querySelector('i')).toBeNull();
  });

  it('offers View all N comments when there are more than two, opening the post', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    const { location } = renderComments(
      makePost({ comments_count: 4, comments_preview: [first, second] }),
    );
    const viewAll = screen.getByRole('link', { name: 'View all 4 comments' });
    expect(viewAll).toHaveAttribute('href', '/p/post-1');
    await user.click(viewAll);
    // The post's page (or dialog) shows every comment; the feed does not unroll them.
    expect(location.current?.pathname).toBe('/p/post-1');
    expect(commentTexts()).toEqual(['bob First!', 'bob Lovely colours']);
    expect(callsTo(fetchMock, 'GET', '/api/posts/post-1/comments')).toHaveLength(0);
  });

  it('has no comment form when signed out', () => {
    renderComments(makePost(), false);
    expect(screen.queryByPlaceholderText('Add a comment...')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
  });

  it('places the time label before the form', () => {
    renderComments(makePost());
    const time = screen.getByText('5h');
    const input = screen.getByPlaceholderText('Add a comment...');
    expect(time.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('disables Post until there is text besides spaces', async () => {
    const user = userEvent.setup();
    renderComments(makePost());
    const input = screen.getByRole('textbox', { name: 'Add a comment' });
    expect(input).toHaveAttribute('placeholder', 'Add a comment...');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.type(input, '   ');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.type(input, 'hi');
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });

  it('sends the trimmed text, shows Posting..., then clears the input and shows the comment', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'POST /api/posts/post-1/comments': () => answer.promise });
    const user = userEvent.setup();
    renderComments(makePost({ comments_count: 0, comments_preview: [] }));
    const input = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.type(input, '  So good!  ');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(screen.getByRole('button', { name: 'Posting...' })).toBeDisabled();
    expect(input).toBeDisabled();
    expect(sentJson(fetchMock, 'POST', '/api/posts/post-1/comments')).toEqual({
      content: 'So good!',
    });

    answer.resolve(
      json(
        makeComment({
          id: 'new',
          content: 'So good!',
          author: { id: 'me', username: 'alice', avatar_url: null },
        }),
        201,
      ),
    );
    expect(await screen.findByText('So good!')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
  });

  it('keeps a new comment visible when the preview is already full', async () => {
    mockApi({
      'POST /api/posts/post-1/comments': json(makeComment({ id: 'new', content: 'Me too' }), 201),
    });
    const user = userEvent.setup();
    renderComments(makePost({ comments_count: 2, comments_preview: [first, second] }));
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Me too');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Me too')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all 3 comments' })).toBeInTheDocument();
  });

  it('submits with Enter', async () => {
    const fetchMock = mockApi({
      'POST /api/posts/post-1/comments': json(makeComment({ id: 'n', content: 'Nice' }), 201),
    });
    const user = userEvent.setup();
    renderComments(makePost());
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Nice{Enter}');
    expect(await screen.findByText('Nice')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/posts/post-1/comments')).toHaveLength(1);
  });

  it('logs "Error adding comment" and keeps the text when posting fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'POST /api/posts/post-1/comments': apiError(500, 'internal', 'Something went wrong'),
    });
    const user = userEvent.setup();
    renderComments(makePost());
    const input = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.type(input, 'Lost words');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith('Error adding comment', expect.anything()),
    );
    expect(await screen.findByRole('button', { name: 'Post' })).toBeEnabled();
    expect(input).toHaveValue('Lost words');
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});

describe('PostComments', () => {
  it("shows each comment with its author's picture, or the initial when there is none", async () => {
    const withPhoto = makeComment({
      id: 'c5',
      content: 'Nice',
      author: {
        id: 'user-3',
        username: 'cleo',
        avatar_url: '/storage/user-uploads/u3/a-320w.webp',
      },
    });
    const post = makePost({ comments_count: 2, comments_preview: [first, withPhoto] });
    mockApi({ 'GET /api/posts/post-1/comments': json({ comments: [first, withPhoto] }) });
    const { container } = renderAsReader(<PostComments post={post} />, signedInSession());
    expect(commentTexts()).toEqual(['Bbob First!', 'cleo Nice']);
    const pictures = container.querySelectorAll('li img');
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toHaveAttribute('src', '/storage/user-uploads/u3/a-320w.webp');
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });
});

import type { Post } from '@pinhole/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PostPages } from '@/lib/post-cache';
import { queryKeys } from '@/lib/query-keys';
import { makeComment, makePost, page, signedInSession } from '@/testing/factories';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { CommentsSection } from './comments-section';

function CachedComments({ id }: { id: string }) {
  const { data } = useQuery<PostPages>({ queryKey: queryKeys.feed, queryFn: skipToken });
  const post = data?.pages.flatMap((p) => p.posts).find((p) => p.id === id);
  return post ? (
    <>
      <CommentsSection post={post} />
      <p>{post.comments_count} comments counted</p>
    </>
  ) : null;
}

/** The reader is alice (user-1). */
function renderComments(post: Post) {
  const queryClient = testQueryClient();
  queryClient.setQueryData<PostPages>(queryKeys.feed, {
    pages: [page([post])],
    pageParams: [null],
  });
  return renderAsReader(<CachedComments id={post.id} />, signedInSession(), queryClient);
}

const alice = { id: 'user-1', username: 'alice', avatar_url: null };
const mine = makeComment({ id: 'mine', user_id: 'user-1', author: alice, content: 'Mine' });
const theirs = makeComment({ id: 'theirs', content: 'Theirs' });

const deleteButtons = () => screen.queryAllByRole('button', { name: 'Delete comment' });

describe('deleting a comment', () => {
  it("is offered on the reader's own comments only, on someone else's post", () => {
    renderComments(makePost({ comments_count: 2, comments_preview: [mine, theirs] }));
    expect(deleteButtons()).toHaveLength(1);
    expect(deleteButtons()[0]?.closest('li')).toHaveTextContent('Mine');
  });

  it("is offered on every comment of the reader's own post", () => {
    renderComments(
      makePost({ user_id: 'user-1', comments_count: 2, comments_preview: [mine, theirs] }),
    );
    expect(deleteButtons()).toHaveLength(2);
  });

  it('asks first, then removes the comment and lowers the count', async () => {
    const fetchMock = mockApi({
      'DELETE /api/comments/theirs': new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderComments(
      makePost({ user_id: 'user-1', comments_count: 2, comments_preview: [mine, theirs] }),
    );
    await user.click(deleteButtons()[1]!);
    const confirm = await screen.findByRole('dialog', { name: 'Delete comment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', '/api/comments/theirs')).toHaveLength(0);

    await user.click(deleteButtons()[1]!);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete comment?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Theirs')).not.toBeInTheDocument());
    expect(screen.getByText('1 comments counted')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/comments/theirs')).toHaveLength(1);
    expect(screen.getByText('Mine')).toBeInTheDocument();
  });
});

import type { Post } from '@pinhole/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PostPages } from '@/domain/posts/post-cache';
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

const menuButtons = () => screen.queryAllByRole('button', { name: 'Comment options' });

/** Opens a comment's "…" menu and chooses Delete. */
async function chooseDelete(user: ReturnType<typeof userEvent.setup>, index: number) {
  await user.click(menuButtons()[index]!);
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
}

describe('deleting a comment', () => {
  it("is offered on the reader's own comments only, on someone else's post", () => {
    renderComments(makePost({ comments_count: 2, comments_preview: [mine, theirs] }));
    // The feed's preview offers no Report: someone else's comment there has no menu.
    expect(menuButtons()).toHaveLength(1);
    expect(menuButtons()[0]?.closest('li')).toHaveTextContent('Mine');
  });

  it("is offered on every comment of the reader's own post", () => {
    renderComments(
      makePost({ user_id: 'user-1', comments_count: 2, comments_preview: [mine, theirs] }),
    );
    expect(menuButtons()).toHaveLength(2);
  });

  // Three lazy chunks (the menu, then the dialog) load in the test's first run: slow on a busy machine.
  it('asks first, then removes the comment and lowers the count', { timeout: 15_000 }, async () => {
    const fetchMock = mockApi({
      'DELETE /api/comments/theirs': new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderComments(
      makePost({ user_id: 'user-1', comments_count: 2, comments_preview: [mine, theirs] }),
    );
    await chooseDelete(user, 1);
    const confirm = await screen.findByRole('dialog', { name: 'Delete comment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', '/api/comments/theirs')).toHaveLength(0);

    await chooseDelete(user, 1);
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

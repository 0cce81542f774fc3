import type { Post } from '@pinhole/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignInPromptContext } from '@/lib/auth/sign-in-prompt';
import type { PostPages } from '@/domain/posts/post-cache';
import { queryKeys } from '@/lib/query-keys';
import { makePhoto, makePost, page, signedInSession, signedOutSession } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { PostCard } from './post-card';

/** Every post of the feed cache, drawn as the feed does, so cache changes show. */
function CachedFeed() {
  const { data } = useQuery<PostPages>({ queryKey: queryKeys.feed, queryFn: skipToken });
  const posts = data?.pages.flatMap((p) => p.posts) ?? [];
  return (
    <>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      <p>{posts.length} posts in the feed</p>
    </>
  );
}

function renderFeed(
  posts: Post[],
  {
    signedIn = true,
    promptSignIn = () => undefined,
  }: { signedIn?: boolean; promptSignIn?: () => void } = {},
) {
  const queryClient = testQueryClient();
  queryClient.setQueryData<PostPages>(queryKeys.feed, { pages: [page(posts)], pageParams: [null] });
  // The same post in another list (the author's profile grid) and on its own.
  queryClient.setQueryData<PostPages>(queryKeys.profilePosts('user-1'), {
    pages: [page(posts)],
    pageParams: [null],
  });
  for (const post of posts) queryClient.setQueryData(queryKeys.post(post.id), post);
  renderAsReader(
    <SignInPromptContext value={promptSignIn}>
      <CachedFeed />
    </SignInPromptContext>,
    signedIn ? signedInSession() : signedOutSession,
    queryClient,
  );
  return queryClient;
}

/** A post by the reader (alice, user-1). */
const ownPost = (overrides: Partial<Post> = {}) =>
  makePost({
    id: 'mine',
    user_id: 'user-1',
    author: { id: 'user-1', username: 'alice', avatar_url: null, is_verified: false },
    ...overrides,
  });

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('the Save button', () => {
  it('saves at once, and rolls back with a log line when the server refuses', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'PUT /api/posts/post-1/save': () => answer.promise });
    const user = userEvent.setup();
    renderFeed([makePost()]);
    expect(saveButton()).toHaveAttribute('aria-pressed', 'false');

    await user.click(saveButton());
    expect(saveButton()).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(fetchMock, 'PUT', '/api/posts/post-1/save')).toHaveLength(1);

    answer.resolve(apiError(500, 'internal', 'Something went wrong'));
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(log).toHaveBeenCalledWith('Error saving post', expect.anything());
  });

  it('unsaves with DELETE and keeps what the server answers', async () => {
    const fetchMock = mockApi({ 'DELETE /api/posts/post-1/save': json({ saved: false }) });
    const user = userEvent.setup();
    const queryClient = renderFeed([makePost({ saved_by_me: true })]);
    await user.click(saveButton());
    await waitFor(() =>
      expect(callsTo(fetchMock, 'DELETE', '/api/posts/post-1/save')).toHaveLength(1),
    );
    expect(saveButton()).toHaveAttribute('aria-pressed', 'false');
    expect(queryClient.getQueryData<Post>(queryKeys.post('post-1'))?.saved_by_me).toBe(false);
  });

  it('signed out, looks as usual and asks to sign in when tapped', async () => {
    const fetchMock = mockApi({});
    const promptSignIn = vi.fn();
    renderFeed([makePost()], { signedIn: false, promptSignIn });
    expect(saveButton()).toBeEnabled();
    expect(saveButton()).not.toHaveAttribute('title');
    await userEvent.click(saveButton());
    expect(promptSignIn).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, 'PUT', '/api/posts/post-1/save')).toHaveLength(0);
  });
});

describe("the author's post menu", () => {
  it("offers Edit and Delete only on the reader's own posts", async () => {
    const user = userEvent.setup();
    renderFeed([makePost()]);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const menu = await screen.findByRole('dialog', { name: 'Post options' });
    expect(within(menu).getByRole('link', { name: 'Go to post' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('asks before deleting; Cancel keeps the post', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderFeed([ownPost()]);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Post by alice' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/posts/mine')).toHaveLength(0);
  });

  it('deletes once confirmed: the post leaves every cached list at once', async () => {
    const fetchMock = mockApi({
      'DELETE /api/posts/mine': new Response(null, { status: 204 }),
      // The reader's post count is asked for again.
      'GET /api/auth/session': signedInSession(),
    });
    const user = userEvent.setup();
    const queryClient = renderFeed([ownPost(), makePost()]);
    expect(screen.getByText('2 posts in the feed')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('article', { name: 'Post by alice' })).getByRole('button', {
        name: 'More options',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('1 posts in the feed')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/posts/mine')).toHaveLength(1);
    expect(screen.queryByRole('article', { name: 'Post by alice' })).not.toBeInTheDocument();
    const profileList = queryClient.getQueryData<PostPages>(queryKeys.profilePosts('user-1'));
    expect(profileList?.pages[0]?.posts.map((post) => post.id)).toEqual(['post-1']);
    expect(queryClient.getQueryData(queryKeys.post('mine'))).toBeUndefined();
  });

  it('edits the caption, the order and alt texts, and removes a photo', async () => {
    const post = ownPost({
      caption: 'Harbor',
      images: [
        makePhoto('mine', 0, { alt_text: 'A boat' }),
        makePhoto('mine', 1),
        makePhoto('mine', 2),
      ],
    });
    const edited = ownPost({ caption: 'Harbour', edited_at: '2026-03-01T11:00:00.000Z' });
    const fetchMock = mockApi({ 'PATCH /api/posts/mine': json(edited) });
    const user = userEvent.setup();
    renderFeed([post]);
    expect(screen.queryByText(/Edited/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });

    const caption = within(dialog).getByLabelText('Caption');
    expect(caption).toHaveValue('Harbor');
    await user.clear(caption);
    await user.type(caption, 'Harbour');
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move photo 2 left' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Alt text for photo 1' }), 'Gulls');
    expect(within(dialog).getByRole('textbox', { name: 'Alt text for photo 2' })).toHaveValue(
      'A boat',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentJson(fetchMock, 'PATCH', '/api/posts/mine')).toEqual({
      caption: 'Harbour',
      images: [
        { id: 'mine-2-image', alt_text: 'Gulls' },
        { id: 'mine-image', alt_text: 'A boat' },
      ],
    });
    expect(screen.getByText('Harbour', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/· Edited/)).toBeInTheDocument();
  });

  it('keeps the last photo: it has no remove button', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderFeed([ownPost()]);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    expect(within(dialog).getByRole('button', { name: 'Photo 1 of 1' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Remove photo/ })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeComment, makePost, signedInSession } from '@/testing/factories';
import { callsTo, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { PostComments } from './comments-section';

// The reader is alice (user-1); bob wrote the post.
const alice = { id: 'user-1', username: 'alice', avatar_url: null };
const mine = makeComment({ id: 'mine', user_id: 'user-1', author: alice, content: 'Mine' });
const theirs = makeComment({ id: 'c7', content: 'Theirs' });

function renderPostComments() {
  const post = makePost({ comments_count: 2, comments_preview: [mine, theirs] });
  const fetchMock = mockApi({
    'GET /api/posts/post-1/comments': json({ comments: [mine, theirs] }),
    'POST /api/reports': json({ id: 'r1' }, 201),
  });
  return { fetchMock, ...renderAsReader(<PostComments post={post} />, signedInSession()) };
}

const menuOf = (text: string) =>
  within(screen.getByText(text).closest('li')!).getByRole('button', { name: 'Comment options' });

describe("a comment's … menu on the post's page", () => {
  it('puts Report and Delete behind one … per comment, no words after each comment', async () => {
    const user = userEvent.setup();
    renderPostComments();
    const list = screen.getByRole('list', { name: 'Comments' });
    expect(within(list).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    expect(within(list).queryByText('Report')).not.toBeInTheDocument();

    await user.click(menuOf('Theirs'));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Report']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(menuOf('Mine'));
    menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete']);
  });

  it('Report reports that comment', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPostComments();
    await user.click(menuOf('Theirs'));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    expect(dialog).toHaveTextContent('Why are you reporting this comment?');
    await user.click(
      within(dialog).getByRole('radio', { name: 'Violence or dangerous organizations' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    await within(dialog).findByText('Thanks for letting us know');
    expect(sentJson(fetchMock, 'POST', '/api/reports')).toMatchObject({
      target_type: 'comment',
      target_id: 'c7',
      reason: 'violence',
    });
    expect(callsTo(fetchMock, 'POST', '/api/reports')).toHaveLength(1);
  });
});

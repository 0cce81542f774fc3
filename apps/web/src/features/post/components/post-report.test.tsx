import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makePost, signedInSession } from '@/testing/factories';
import { json, mockApi, sentJson } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { PostCard } from './post-card';

describe("Report in a post's options", () => {
  it("a post's options offer Report to others, and it reports that post", async () => {
    const fetchMock = mockApi({ 'POST /api/reports': json({ id: 'r1' }, 201) });
    const user = userEvent.setup();
    renderAsReader(<PostCard post={makePost({ id: 'p9' })} />, signedInSession());
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const menu = await screen.findByRole('dialog', { name: 'Post options' });
    await user.click(within(menu).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    expect(dialog).toHaveTextContent('Why are you reporting this post?');
    await user.click(within(dialog).getByRole('radio', { name: "It's spam" }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    await within(dialog).findByText('Thanks for letting us know');
    expect(sentJson(fetchMock, 'POST', '/api/reports')).toMatchObject({
      target_type: 'post',
      target_id: 'p9',
    });
  });

  it("a post's own author is not offered Report", async () => {
    mockApi({});
    const user = userEvent.setup();
    renderAsReader(
      <PostCard
        post={makePost({
          user_id: 'user-1',
          author: { id: 'user-1', username: 'alice', avatar_url: null, is_verified: false },
        })}
      />,
      signedInSession(),
    );
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const menu = await screen.findByRole('dialog', { name: 'Post options' });
    expect(within(menu).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makePost, makeProfile, page, signedInSession } from '@/testing/factories';
import { callsTo, json, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { ProfileRoute } from './profile';

const me = makeProfile({ id: 'me', username: 'alice' });

/**
 * The profile of someone the reader blocked, as Instagram shows it: their header, then
 * "You blocked @name" with Unblock instead of the tabs; Unblock turns it into their profile, posts
 * and Follow button included, without a reload. Blocking from the menu turns it back.
 */
function renderBob(blocked: boolean) {
  const state = { blocked };
  const bob = () =>
    makeProfile({ id: 'bob-id', username: 'bob', full_name: 'Bob', blocked_by_me: state.blocked });
  const fetchMock = mockApi({
    'GET /api/profiles/by-username/bob': () => json(bob()),
    // The server answers a blocked person's posts 404 to the blocker.
    'GET /api/profiles/bob-id/posts': () =>
      state.blocked
        ? json({ error: { code: 'not_found', message: 'Not found' } }, 404)
        : json(page([makePost({ id: 'p1' })])),
    'GET /api/stories': { trays: [] },
    'DELETE /api/profiles/bob-id/block': () => {
      state.blocked = false;
      return json({ blocked: false });
    },
    'PUT /api/profiles/bob-id/block': () => {
      state.blocked = true;
      return json({ blocked: true });
    },
  });
  const view = renderAsReader(<ProfileRoute tab="posts" />, signedInSession(me), undefined, {
    path: '/bob',
    pattern: '/:username',
  });
  return { fetchMock, ...view };
}

describe('the profile of someone the reader blocked', () => {
  it('shows their header and "You blocked", then Unblock brings their profile back', async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = renderBob(true);
    expect(await screen.findByRole('heading', { name: 'You blocked @bob' })).toBeInTheDocument();
    // The header stays: picture, username, name.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('bob');
    expect(screen.getByRole('img', { name: "bob's profile picture" })).toBeInTheDocument();
    expect(screen.getByText('Bob')).toBeInTheDocument();
    // No Follow button, menu, tabs nor posts while blocked.
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Options for bob' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    // Their counts show, but lead nowhere: their lists answer 404 to the reader.
    expect(screen.getByText('followers')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /followers|following/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/profiles/bob-id/posts')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('button', { name: 'Follow bob' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Posts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /followers/ })).toHaveAttribute(
      'href',
      '/bob/followers',
    );
    expect(screen.queryByText('You blocked @bob')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/profiles/bob-id/block')).toHaveLength(1);
    expect(location.current?.pathname).toBe('/bob');
  });

  it('blocking from the menu stays on the profile, which says "You blocked"', async () => {
    const user = userEvent.setup();
    const { location } = renderBob(false);
    await screen.findByRole('list', { name: 'Posts' });
    await user.click(screen.getByRole('button', { name: 'Options for bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block @bob?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('heading', { name: 'You blocked @bob' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Posts' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/bob');
  });
});

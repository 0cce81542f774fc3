import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProfile, makeSuggestion, signedInSession } from '@/testing/factories';
import { callsTo, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { BlockedList } from './blocked-list';
import { ProfileMenu } from './profile-menu';

const me = makeProfile({ id: 'me', username: 'alice' });
const bob = makeProfile({ id: 'b', username: 'bob' });

describe('ProfileMenu', () => {
  it('asks before blocking, blocks, and stays on the profile', async () => {
    const fetchMock = mockApi({ 'PUT /api/profiles/b/block': json({ blocked: true }) });
    const user = userEvent.setup();
    const { location } = renderAsReader(
      <ProfileMenu profile={bob} />,
      signedInSession(me),
      undefined,
      {
        path: '/bob',
      },
    );
    await user.click(screen.getByRole('button', { name: 'Options for bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block @bob?' });
    expect(confirm).toHaveTextContent("They won't be able to find your profile, posts or story");
    expect(callsTo(fetchMock, 'PUT', '/api/profiles/b/block')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', '/api/profiles/b/block')).toHaveLength(1);
    // The profile turns into "You blocked @bob" (app/routes/profile-blocked.test.tsx).
    expect(location.current?.pathname).toBe('/bob');
  });

  it('Cancel leaves them unblocked', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderAsReader(<ProfileMenu profile={bob} />, signedInSession(me));
    await user.click(screen.getByRole('button', { name: 'Options for bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block @bob?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports the profile', async () => {
    const fetchMock = mockApi({ 'POST /api/reports': json({ id: 'r' }, 201) });
    const user = userEvent.setup();
    renderAsReader(<ProfileMenu profile={bob} />, signedInSession(me));
    await user.click(screen.getByRole('button', { name: 'Options for bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    expect(dialog).toHaveTextContent('Why are you reporting this account?');
    await user.click(within(dialog).getByRole('radio', { name: "It's spam" }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    await within(dialog).findByText('Thanks for letting us know');
    expect(sentJson(fetchMock, 'POST', '/api/reports')).toEqual({
      target_type: 'profile',
      target_id: 'b',
      reason: 'spam',
    });
  });
});

describe('BlockedList', () => {
  it('lists the blocked people page by page; Unblock, then Block again, in place', async () => {
    const fetchMock = mockApi({
      'GET /api/me/blocks': ({ url }: { url: URL }) =>
        url.searchParams.get('cursor') === 'next'
          ? json({ profiles: [makeSuggestion({ id: 'c', username: 'carol' })], next_cursor: null })
          : json({ profiles: [makeSuggestion({ id: 'b', username: 'bob' })], next_cursor: 'next' }),
      'DELETE /api/profiles/b/block': json({ blocked: false }),
      'PUT /api/profiles/b/block': json({ blocked: true }),
    });
    const user = userEvent.setup();
    renderAsReader(<BlockedList />, signedInSession(me));
    expect(await screen.findAllByTestId('blocked-person')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('carol')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unblock bob' }));
    await screen.findByRole('button', { name: 'Block bob' });
    expect(callsTo(fetchMock, 'DELETE', '/api/profiles/b/block')).toHaveLength(1);
    // Unblocked, the name leads to their profile again.
    expect(screen.getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/bob');
    await user.click(screen.getByRole('button', { name: 'Block bob' }));
    await screen.findByRole('button', { name: 'Unblock bob' });
    expect(callsTo(fetchMock, 'PUT', '/api/profiles/b/block')).toHaveLength(1);
  });

  it('says when nobody is blocked', async () => {
    mockApi({ 'GET /api/me/blocks': { profiles: [], next_cursor: null } });
    renderAsReader(<BlockedList />, signedInSession(me));
    expect(await screen.findByText(/You haven't blocked anyone/)).toBeInTheDocument();
  });
});

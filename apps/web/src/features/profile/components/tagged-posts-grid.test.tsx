import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makePost, makeProfile, page, signedOutSession } from '@/testing/factories';
import { apiError, callsTo, json, mockApi, sentUrl } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { ProfileView } from './profile-view';

const alice = makeProfile({ id: 'user-1', username: 'alice' });

function renderTagged(own = false) {
  return renderAsReader(<ProfileView profile={alice} tab="tagged" own={own} />, signedOutSession);
}

const postLinks = () =>
  within(screen.getByRole('list', { name: 'Posts' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('the TAGGED tab', () => {
  it('shows the posts that mention the person in the grid, page after page', async () => {
    const fetchMock = mockApi({
      'GET /api/profiles/user-1/tagged': ({ url }: { url: URL }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? json(page([makePost({ id: 't3' })]))
          : json(page([makePost({ id: 't1' }), makePost({ id: 't2' })], 'page-2')),
    });
    renderTagged();
    expect(screen.getByText('Loading posts...')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Posts' })).toBeInTheDocument();
    expect(postLinks()).toEqual(['/p/t1', '/p/t2']);
    expect(sentUrl(fetchMock, 'GET', '/api/profiles/user-1/tagged').searchParams.get('limit')).toBe(
      '24',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(postLinks()).toEqual(['/p/t1', '/p/t2', '/p/t3']));
    expect(
      sentUrl(fetchMock, 'GET', '/api/profiles/user-1/tagged', 1).searchParams.get('cursor'),
    ).toBe('page-2');
    // The last page: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/profiles/user-1/tagged')).toHaveLength(2);
  });

  it("says the spec's No Tagged Posts when nobody mentioned the person", async () => {
    mockApi({ 'GET /api/profiles/user-1/tagged': page([]) });
    renderTagged(true);
    expect(await screen.findByRole('heading', { name: 'No Tagged Posts' })).toBeInTheDocument();
    expect(
      screen.getByText("When people tag you in photos, they'll appear here."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Posts' })).not.toBeInTheDocument();
  });

  it("says only the title on someone else's profile", async () => {
    mockApi({ 'GET /api/profiles/user-1/tagged': page([]) });
    renderTagged(false);
    expect(await screen.findByRole('heading', { name: 'No Tagged Posts' })).toBeInTheDocument();
    expect(screen.queryByText(/When people tag you/)).not.toBeInTheDocument();
  });

  it('logs a failure and shows the empty tab, as the POSTS tab does', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/profiles/user-1/tagged': apiError(500, 'internal', 'Something went wrong'),
    });
    renderTagged();
    expect(await screen.findByRole('heading', { name: 'No Tagged Posts' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Error loading tagged posts', expect.anything());
  });
});

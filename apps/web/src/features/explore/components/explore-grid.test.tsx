import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makePost, page, signedOutSession } from '@/testing/factories';
import { apiError, callsTo, json, mockApi, sentUrl } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { screenWidth } from '@/testing/screen-width';
import { ExploreGrid } from './explore-grid';

const postLinks = () =>
  within(screen.getByRole('list', { name: 'Posts' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('ExploreGrid', () => {
  it("shows a visitor the server's posts in a three-column grid, page after page", async () => {
    const fetchMock = mockApi({
      'GET /api/explore': ({ url }: { url: URL }) =>
        url.searchParams.get('cursor') === 'next'
          ? json(page([makePost({ id: 'e3' })]))
          : json(page([makePost({ id: 'e1' }), makePost({ id: 'e2', caption: null })], 'next')),
    });
    renderAsReader(<ExploreGrid />, signedOutSession);
    expect(screen.getByText('Loading posts...')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Posts' });
    expect(grid.style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
    expect(postLinks()).toEqual(['/p/e1', '/p/e2']);
    expect(within(grid).getAllByRole('img')[1]).toHaveAccessibleName('Photo by bob');
    expect(sentUrl(fetchMock, 'GET', '/api/explore').searchParams.get('limit')).toBe('24');
    expect(sentUrl(fetchMock, 'GET', '/api/explore').searchParams.has('cursor')).toBe(false);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(postLinks()).toEqual(['/p/e1', '/p/e2', '/p/e3']));
    expect(sentUrl(fetchMock, 'GET', '/api/explore', 1).searchParams.get('cursor')).toBe('next');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('opens a post over the page on wide screens, as the profile grid does', async () => {
    screenWidth(true);
    mockApi({ 'GET /api/explore': page([makePost({ id: 'e1' })]) });
    const { location } = renderAsReader(<ExploreGrid />, signedOutSession, undefined, {
      path: '/explore',
    });
    await screen.findByRole('list', { name: 'Posts' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Photo: Sunset over the bay' }));
    expect(location.current?.pathname).toBe('/p/e1');
    // The explore page stays drawn underneath.
    expect(location.current?.state).toMatchObject({
      background: expect.objectContaining({ pathname: '/explore' }),
    });
  });

  it('says No Posts Yet when there is nothing to explore', async () => {
    mockApi({ 'GET /api/explore': page([]) });
    renderAsReader(<ExploreGrid />, signedOutSession);
    expect(await screen.findByRole('heading', { name: 'No Posts Yet' })).toBeInTheDocument();
  });

  it('says what went wrong and tries again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const fetchMock = mockApi({
      'GET /api/explore': () =>
        fail ? apiError(503, 'unavailable', 'Try again later') : json(page([makePost()])),
    });
    renderAsReader(<ExploreGrid />, signedOutSession);
    expect(await screen.findByText('Try again later')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Posts' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/explore')).toHaveLength(2);
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePhoto, makePost, makeProfile, page, signedInSession } from '@/testing/factories';
import { callsTo, mockApi, sentUrl } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { ProfileView } from './profile-view';

const alice = makeProfile({ id: 'user-1', username: 'alice' });

describe('the SAVED tab', () => {
  it("lists the reader's saved posts in the server's order (newest saved first)", async () => {
    const carousel = makePost({
      id: 'newest-saved',
      saved_by_me: true,
      images: [
        makePhoto('newest-saved', 0, { alt_text: 'A lighthouse' }),
        makePhoto('newest-saved', 1),
      ],
    });
    const older = makePost({ id: 'older-saved', saved_by_me: true, caption: null });
    const fetchMock = mockApi({ 'GET /api/me/saved': page([carousel, older], 'next') });
    renderAsReader(<ProfileView profile={alice} tab="saved" own />, signedInSession(alice));

    const grid = await screen.findByRole('list', { name: 'Posts' });
    const links = within(grid).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/p/newest-saved',
      '/p/older-saved',
    ]);
    // The first photo's alt text, else the author's name; a carousel is marked.
    expect(within(links[0]!).getByRole('img')).toHaveAttribute('alt', 'A lighthouse');
    expect(within(links[1]!).getByRole('img')).toHaveAttribute('alt', 'Photo by bob');
    expect(within(links[0]!).getByTestId('carousel-mark')).toBeInTheDocument();
    expect(within(links[1]!).queryByTestId('carousel-mark')).not.toBeInTheDocument();
    expect(sentUrl(fetchMock, 'GET', '/api/me/saved').searchParams.get('limit')).toBe('20');
    // More are asked for as the reader nears the end.
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('says so when nothing is saved', async () => {
    mockApi({ 'GET /api/me/saved': page([]) });
    renderAsReader(<ProfileView profile={alice} tab="saved" own />, signedInSession(alice));
    expect(await screen.findByRole('heading', { name: 'No Saved Posts' })).toBeInTheDocument();
    expect(screen.getByText('Save posts you want to see again.')).toBeInTheDocument();
  });

  it("is not shown on someone else's profile, and their saved posts are never asked for", async () => {
    const fetchMock = mockApi({ 'GET /api/profiles/user-1/posts': page([]) });
    renderAsReader(<ProfileView profile={alice} tab="saved" own={false} />, signedInSession());
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['POSTS', 'TAGGED']);
    expect(screen.queryByRole('heading', { name: 'No Saved Posts' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/me/saved')).toHaveLength(0);
  });
});

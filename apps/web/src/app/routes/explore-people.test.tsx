import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProfile, makeSuggestion, signedInSession } from '@/testing/factories';
import { callsTo, json, mockApi, sentUrl } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { ExplorePeopleRoute } from './explore-people';

const alice = makeProfile({ id: 'user-1', username: 'alice' });

describe('/explore/people', () => {
  it('lists everyone suggested with name, reason and Follow, 30 a page', async () => {
    const fetchMock = mockApi({
      'GET /api/suggestions': ({ url }: { url: URL }) =>
        json(
          url.searchParams.get('cursor') === 'next'
            ? { profiles: [makeSuggestion({ id: 'c', username: 'cid' })], next_cursor: null }
            : {
                profiles: [
                  makeSuggestion({
                    id: 'a',
                    username: 'ann',
                    full_name: 'Ann Arbor',
                    reason: 'Followed by bob + 2 more',
                  }),
                  makeSuggestion({ id: 'b', username: 'ben', is_verified: true }),
                ],
                next_cursor: 'next',
              },
        ),
      'PUT /api/profiles/a/follow': { following: true, requested: false, followers_count: 1 },
    });
    const user = userEvent.setup();
    renderAsReader(<ExplorePeopleRoute />, signedInSession(alice));

    expect(screen.getByRole('heading', { level: 1, name: 'Suggested' })).toBeInTheDocument();
    const [ann] = await screen.findAllByTestId('suggestion');
    expect(within(ann!).getByRole('link', { name: 'ann' })).toHaveAttribute('href', '/ann');
    expect(ann).toHaveTextContent('Ann Arbor');
    expect(ann).toHaveTextContent('Followed by bob + 2 more');
    expect(sentUrl(fetchMock, 'GET', '/api/suggestions').searchParams.get('limit')).toBe('30');

    await user.click(within(ann!).getByRole('button', { name: 'Follow ann' }));
    expect(await within(ann!).findByRole('button', { name: 'Following ann' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('suggestion')).toHaveLength(3));
    expect(sentUrl(fetchMock, 'GET', '/api/suggestions', 1).searchParams.get('cursor')).toBe(
      'next',
    );
    expect(callsTo(fetchMock, 'PUT', '/api/profiles/a/follow')).toHaveLength(1);
  });

  it('says so when there is nobody to suggest', async () => {
    mockApi({ 'GET /api/suggestions': { profiles: [], next_cursor: null } });
    renderAsReader(<ExplorePeopleRoute />, signedInSession(alice));
    expect(await screen.findByText('No suggestions right now.')).toBeInTheDocument();
  });
});

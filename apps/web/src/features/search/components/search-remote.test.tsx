import type { ProfileSummary, SearchResult } from '@pinhole/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProfile, signedInSession } from '@/testing/factories';
import { deferred, json, mockApi, sentUrl } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { SearchBox } from './search-box';

const reader = makeProfile({ id: 'reader-1', username: 'reader' });
const remoteAlice: ProfileSummary = {
  id: 'remote-1',
  username: 'alice@photos.example',
  full_name: 'Alice Remote',
  avatar_url: null,
  is_verified: false,
  followed_by_me: false,
  is_remote: true,
};
const found: SearchResult = { profiles: [remoteAlice], hashtags: [] };

function renderBox() {
  const user = userEvent.setup();
  const view = renderAsReader(<SearchBox />, signedInSession(reader));
  return { user, box: screen.getByRole('combobox', { name: 'Search' }), ...view };
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('SearchBox, people of other servers', () => {
  it('says it is searching other servers while a handle is looked up, then shows the person', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'GET /api/search': () => answer.promise });
    const { user, box, location } = renderBox();
    await user.type(box, '@alice@photos.example');
    expect(await screen.findByText('Searching other servers…')).toBeInTheDocument();
    await waitFor(() =>
      expect(sentUrl(fetchMock, 'GET', '/api/search').searchParams.get('q')).toBe(
        'alice@photos.example',
      ),
    );
    // Still said while the server is asking the other one.
    expect(screen.getByText('Searching other servers…')).toBeInTheDocument();
    answer.resolve(json(found));
    const row = await screen.findByRole('option', { name: /alice@photos\.example/ });
    expect(screen.queryByText('Searching other servers…')).not.toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'On another server' })).toBeInTheDocument();
    expect(within(row).getByTitle('alice@photos.example')).toHaveTextContent(
      'alice@photos.example',
    );
    await user.click(row);
    expect(location.current?.pathname).toBe('/@alice@photos.example');
  });

  it('says so for the address of a page of another server too', async () => {
    mockApi({ 'GET /api/search': () => new Promise<Response>(() => undefined) });
    const { user, box } = renderBox();
    await user.type(box, 'https://photos.example/@alice');
    expect(await screen.findByText('Searching other servers…')).toBeInTheDocument();
  });

  it('keeps the plain spinner for a name of this server', async () => {
    mockApi({ 'GET /api/search': () => new Promise<Response>(() => undefined) });
    const { user, box } = renderBox();
    await user.type(box, 'alice');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('Searching other servers…')).not.toBeInTheDocument();
  });

  it('says No results found. when no server knows the handle', async () => {
    mockApi({ 'GET /api/search': { profiles: [], hashtags: [] } });
    const { user, box } = renderBox();
    await user.type(box, 'nobody@photos.example');
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(screen.queryByText('Searching other servers…')).not.toBeInTheDocument();
  });

  it.each([
    [
      'not_federating',
      "No results found. This server doesn't connect to other servers, so people on example.social can't be found from here.",
    ],
    ['unreachable', "No results found. Couldn't reach example.social. Try again later."],
    ['not_found', 'No results found. No one by that name on example.social.'],
  ] as const)('says why nobody was found elsewhere: %s', async (status, said) => {
    mockApi({
      'GET /api/search': {
        profiles: [],
        hashtags: [],
        remote: { status, host: 'example.social' },
      } satisfies SearchResult,
    });
    const { user, box } = renderBox();
    await user.type(box, '@someone@example.social');
    expect(await screen.findByText(said)).toHaveAttribute('role', 'status');
  });
});

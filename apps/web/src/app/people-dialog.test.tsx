import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFirstScreen } from '@/lib/first-screen';
import { makeProfile, makeSuggestion, page, signedInSession } from '@/testing/factories';
import { callsTo, json, mockApi } from '@/testing/mock-api';
import { renderWithApp, testQueryClient } from '@/testing/render';
import { screenWidth } from '@/testing/screen-width';
import { Shell } from './shell';

const alice = makeProfile({ id: 'user-1', username: 'alice' });
const bob = makeProfile({ id: 'user-2', username: 'bob', followers_count: 3 });
const person = (name: string) => makeSuggestion({ id: `id-${name}`, username: name });

function api() {
  return mockApi({
    'GET /api/profiles/by-username/bob': bob,
    'GET /api/profiles/user-2/posts': page([]),
    // Two pages: the second asked for with the first's cursor.
    'GET /api/profiles/user-2/followers': ({ url }: { url: URL }) =>
      json(
        url.searchParams.get('cursor') === 'page-2'
          ? { profiles: [person('cid')], next_cursor: null }
          : { profiles: [person('ann'), person('ben')], next_cursor: 'page-2' },
      ),
  });
}

function visit(path: string) {
  const queryClient = testQueryClient();
  seedFirstScreen(queryClient, { session: signedInSession(alice), feed: page([]) });
  return renderWithApp(<Shell />, queryClient, { path });
}

const names = (within_: HTMLElement) =>
  within(within_)
    .getAllByTestId('person')
    .map((row) => within(row).getAllByRole('link').at(-1)?.textContent);

describe('followers opened from a profile', () => {
  beforeAll(async () => {
    await Promise.all([
      import('./routes/people-dialog'),
      import('./routes/people'),
      import('./routes/profile'),
    ]);
  });

  it('on a wide screen open as a dialog over the profile at /:username/followers, paged, and Back closes it', async () => {
    screenWidth(true);
    const fetchMock = api();
    const user = userEvent.setup();
    const { location } = visit('/bob');
    await user.click(await screen.findByRole('link', { name: /3\s*followers/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    expect(location.current?.pathname).toBe('/bob/followers');
    await waitFor(() => expect(names(dialog)).toEqual(['ann', 'ben']));
    // The profile stays drawn underneath.
    expect(
      screen.getByRole('heading', { level: 1, name: 'bob', hidden: true }),
    ).toBeInTheDocument();

    // jsdom has no IntersectionObserver, so the list offers its keyboard button.
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names(dialog)).toEqual(['ann', 'ben', 'cid']));
    expect(callsTo(fetchMock, 'GET', '/api/profiles/user-2/followers')).toHaveLength(2);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.current?.pathname).toBe('/bob');
  });

  it('on a phone go to the page instead', async () => {
    screenWidth(false);
    api();
    const user = userEvent.setup();
    const { location } = visit('/bob');
    await user.click(await screen.findByRole('link', { name: /3\s*followers/ }));
    await waitFor(() => expect(location.current?.pathname).toBe('/bob/followers'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Followers' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loaded directly on a wide screen show the page', async () => {
    screenWidth(true);
    api();
    visit('/bob/followers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Followers' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('person')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

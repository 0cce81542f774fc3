import userEvent from '@testing-library/user-event';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFirstScreen } from '@/lib/first-screen';
import { makePost, makeProfile, page, signedInSession } from '@/testing/factories';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderWithApp, testQueryClient } from '@/testing/render';
import { Shell } from './shell';

const me = makeProfile({ id: 'me', username: 'me' });
const remoteAlice = makeProfile({
  id: 'remote-1',
  username: 'alice@photos.example',
  full_name: 'Alice Remote',
  bio: 'Film photos from the coast',
  posts_count: 41,
  followers_count: 1200,
  is_remote: true,
  remote_url: 'https://photos.example/@alice',
});
const localBob = makeProfile({ id: 'user-2', username: 'bob', full_name: 'Bob Builder' });
const remotePost = makePost({
  id: 'remote-post',
  user_id: 'remote-1',
  author: {
    id: 'remote-1',
    username: 'alice@photos.example',
    avatar_url: null,
    is_verified: false,
  },
  is_remote: true,
  remote_url: 'https://photos.example/p/alice/1',
});

function api(posts = [remotePost]) {
  return mockApi({
    'GET /api/profiles/by-username/alice%40photos.example': remoteAlice,
    'GET /api/profiles/remote-1/posts': page(posts),
    'GET /api/profiles/by-username/bob': localBob,
    'GET /api/profiles/user-2/posts': page([]),
    'GET /api/stories': { trays: [] },
  });
}

function visit(path: string) {
  const queryClient = testQueryClient();
  seedFirstScreen(queryClient, { session: signedInSession(me) });
  return renderWithApp(<Shell />, queryClient, { path });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('people of other servers', () => {
  beforeAll(async () => {
    await Promise.all([import('./routes/profile'), import('./routes/not-found')]);
  });

  it('/@user@host is their profile: handle, counts, posts and a link to their server', async () => {
    const fetchMock = api();
    visit('/@alice@photos.example');
    const name = await heading('alice@photos.example');
    expect(name.querySelector('[title="alice@photos.example"]')).not.toBeNull();
    expect(screen.getByText('Alice Remote')).toBeInTheDocument();
    expect(screen.getByText('Film photos from the coast')).toBeInTheDocument();
    expect(screen.getByText('1,200')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'View on photos.example' });
    expect(link).toHaveAttribute('href', 'https://photos.example/@alice');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await screen.findByRole('list', { name: 'Posts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow alice@photos.example' })).toBeInTheDocument();
    // Messages stay on this server for now: the button says so instead of opening a thread.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Message' }));
    expect(
      await screen.findByText('Messages with people on other servers are not available yet.'),
    ).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'GET', '/api/profiles/by-username/alice%40photos.example'),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(document.title).toBe('Alice Remote (@alice@photos.example) • Pinhole photos'),
    );
  });

  it('/user@host moves to /@user@host, the way the app writes it', async () => {
    api();
    const { location } = visit('/Alice@Photos.Example');
    expect(await heading('alice@photos.example')).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/@alice@photos.example');
  });

  it('/@name of someone here moves to /name', async () => {
    api();
    const { location } = visit('/@bob');
    expect(await heading('bob')).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/bob');
  });

  it('says older posts may be missing when none of theirs reached this server yet', async () => {
    api([]);
    visit('/@alice@photos.example');
    expect(await screen.findByRole('heading', { name: 'No Posts Yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Older posts from their server may not be shown here yet.'),
    ).toBeInTheDocument();
  });

  it('an address no server could have is not found, without asking', async () => {
    const fetchMock = api();
    visit('/@alice@photos..example');
    expect(
      await screen.findByRole('heading', { name: "Sorry, this page isn't available." }),
    ).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'GET', '/api/profiles/by-username/%40alice%40photos..example'),
    ).toEqual([]);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  makePost,
  makeProfile,
  page,
  signedInSession,
  signedOutSession,
} from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { ProfileView } from './profile-view';

const alice = makeProfile({
  username: 'alice',
  full_name: 'Alice Liddell',
  bio: 'Down the rabbit hole',
  website: 'https://alice.example/',
  posts_count: 2,
  followers_count: 1234,
  following_count: 56,
});

function routes(posts = [makePost({ id: 'p1' }), makePost({ id: 'p2', caption: null })]) {
  return {
    'GET /api/profiles/user-1': alice,
    'GET /api/profiles/user-1/posts': page(posts),
  };
}

describe('ProfileView', () => {
  it('asks a signed-out reader to sign in', () => {
    const fetchMock = mockApi({});
    renderAsReader(<ProfileView />, signedOutSession);
    expect(screen.getByText('Please sign in to view your profile.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the header: initial avatar, username, buttons, counts, name, bio and website', async () => {
    mockApi(routes());
    renderAsReader(<ProfileView />, signedInSession(alice));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('alice');
    const avatar = screen.getByRole('img', { name: "alice's profile picture" });
    expect(avatar).toHaveTextContent('A');
    expect(avatar.style.backgroundImage).toMatch(/linear-gradient/);
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    const counts = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(counts.slice(0, 3)).toEqual(['2posts', '1,234followers', '56following']);
    expect(screen.getByText('Alice Liddell')).toBeInTheDocument();
    expect(screen.getByText('Down the rabbit hole')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'alice.example' });
    expect(link).toHaveAttribute('href', 'https://alice.example/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer ugc nofollow');
    await screen.findByRole('list', { name: 'Posts' });
  });

  it('never turns an unsafe website into a link', async () => {
    mockApi({
      'GET /api/profiles/user-1': { ...alice, website: 'javascript:alert(1)' },
      'GET /api/profiles/user-1/posts': page([]),
    });
    renderAsReader(<ProfileView />, signedInSession({ ...alice, website: 'javascript:alert(1)' }));
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await screen.findByText('No Posts Yet');
  });

  it('refreshes the counts from the server', async () => {
    const fetchMock = mockApi({
      ...routes(),
      'GET /api/profiles/user-1': { ...alice, posts_count: 3 },
    });
    renderAsReader(<ProfileView />, signedInSession(alice));
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/profiles/user-1')).toHaveLength(1);
  });

  it('opens on POSTS, showing Loading posts... then a three-column grid', async () => {
    const answer = deferred<Response>();
    mockApi({ ...routes(), 'GET /api/profiles/user-1/posts': () => answer.promise });
    renderAsReader(<ProfileView />, signedInSession(alice));
    expect(screen.getByRole('tab', { name: 'POSTS' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Loading posts...')).toBeInTheDocument();

    answer.resolve(json(page([makePost({ id: 'p1' }), makePost({ id: 'p2', caption: null })])));
    const grid = await screen.findByRole('list', { name: 'Posts' });
    expect(grid.style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
    const images = within(grid).getAllByRole('img');
    expect(images).toHaveLength(2);
    expect(images[0]).toHaveAccessibleName('Photo: Sunset over the bay');
    expect(images[1]).toHaveAccessibleName('Photo by bob');
    // Only the small variants: a grid tile never needs the 1080 px one.
    expect(images[0]?.getAttribute('srcset')).toBe(
      '/storage/user-uploads/user-2/posts/p1-320.webp 320w, /storage/user-uploads/user-2/posts/p1-640.webp 640w',
    );
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByText('Loading posts...')).not.toBeInTheDocument();
  });

  it('shows No Posts Yet when there are none', async () => {
    mockApi(routes([]));
    renderAsReader(<ProfileView />, signedInSession(alice));
    expect(await screen.findByRole('heading', { name: 'No Posts Yet' })).toBeInTheDocument();
    expect(
      screen.getByText("When you share photos, they'll appear on your profile."),
    ).toBeInTheDocument();
  });

  it('logs "Error loading posts" when the grid fails and shows the empty state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      ...routes(),
      'GET /api/profiles/user-1/posts': apiError(500, 'internal', 'Something went wrong'),
    });
    renderAsReader(<ProfileView />, signedInSession(alice));
    expect(await screen.findByText('No Posts Yet')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Error loading posts', expect.anything());
  });

  it('shows the fixed texts of SAVED and TAGGED', async () => {
    mockApi(routes());
    const user = userEvent.setup();
    renderAsReader(<ProfileView />, signedInSession(alice));
    await screen.findByRole('list', { name: 'Posts' });

    await user.click(screen.getByRole('tab', { name: 'SAVED' }));
    expect(screen.getByRole('heading', { name: 'No Saved Posts' })).toBeInTheDocument();
    expect(screen.getByText('Save posts you want to see again.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Posts' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'TAGGED' }));
    expect(screen.getByRole('heading', { name: 'No Tagged Posts' })).toBeInTheDocument();
    expect(
      screen.getByText("When people tag you in photos, they'll appear here."),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'POSTS' }));
    expect(await screen.findByRole('list', { name: 'Posts' })).toBeInTheDocument();
  });
});

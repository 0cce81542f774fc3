import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  makePost,
  makeProfile,
  page,
  signedInSession,
  signedOutSession,
} from '@/testing/factories';
import { apiError, deferred, json, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { ProfileView, type ProfileTab } from './profile-view';

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
    'GET /api/profiles/user-1/posts': page(posts),
    'GET /api/me/saved': page([]),
    'GET /api/profiles/user-1/tagged': page([]),
  };
}

function renderOwn(tab: ProfileTab = 'posts', profile = alice) {
  return renderAsReader(<ProfileView profile={profile} tab={tab} own />, signedInSession(alice));
}

function renderOthers(tab: ProfileTab = 'posts') {
  return renderAsReader(<ProfileView profile={alice} tab={tab} own={false} />, signedOutSession);
}

describe('ProfileView', () => {
  it('shows the header: initial avatar, username, buttons, counts, name, bio and website', async () => {
    mockApi(routes());
    renderOwn();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('alice');
    const avatar = screen.getByRole('img', { name: "alice's profile picture" });
    expect(avatar).toHaveTextContent('A');
    expect(avatar.style.backgroundImage).toMatch(/linear-gradient/);
    expect(screen.getByRole('link', { name: 'Edit profile' })).toBeInTheDocument();
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

  it('links the bio’s #tags and @names, as captions do', async () => {
    mockApi(routes());
    renderOwn('posts', { ...alice, bio: 'Tea with @hatter_m at #wonderland.' });
    expect(screen.getByRole('link', { name: '@hatter_m' })).toHaveAttribute('href', '/hatter_m');
    expect(screen.getByRole('link', { name: '#wonderland' })).toHaveAttribute(
      'href',
      '/explore/tags/wonderland',
    );
    expect(screen.getByText(/Tea with/).textContent).toBe('Tea with @hatter_m at #wonderland.');
    await screen.findByRole('list', { name: 'Posts' });
  });

  it('writes a count of one in the singular: 1 post, 1 follower', async () => {
    mockApi(routes());
    renderOwn('posts', { ...alice, posts_count: 1, followers_count: 1, following_count: 1 });
    const counts = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(counts.slice(0, 3)).toEqual(['1post', '1follower', '1following']);
    await screen.findByRole('list', { name: 'Posts' });
  });

  it("someone else's profile has no Edit profile, no settings and no SAVED tab", async () => {
    mockApi(routes());
    renderOthers();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('alice');
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['POSTS', 'TAGGED']);
    await screen.findByRole('list', { name: 'Posts' });
  });

  it('never turns an unsafe website into a link', async () => {
    mockApi(routes([]));
    renderOwn('posts', { ...alice, website: 'javascript:alert(1)' });
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /alert/ })).not.toBeInTheDocument();
    await screen.findByText('No Posts Yet');
  });

  it('draws the tabs as links to their addresses, the current one selected', async () => {
    mockApi(routes());
    renderOwn('saved');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['POSTS', '/alice'],
      ['SAVED', '/alice/saved'],
      ['TAGGED', '/alice/tagged'],
    ]);
    expect(screen.getByRole('tab', { name: 'SAVED' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'POSTS' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'SAVED' })).toBeInTheDocument();
  });

  it('opens on POSTS, showing Loading posts... then a three-column grid of links to the posts', async () => {
    const answer = deferred<Response>();
    mockApi({ 'GET /api/profiles/user-1/posts': () => answer.promise });
    renderOwn();
    expect(screen.getByRole('tab', { name: 'POSTS' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Loading posts...')).toBeInTheDocument();

    answer.resolve(json(page([makePost({ id: 'p1' }), makePost({ id: 'p2', caption: null })])));
    const grid = await screen.findByRole('list', { name: 'Posts' });
    expect(grid.style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
    const images = within(grid).getAllByRole('img');
    expect(images).toHaveLength(2);
    expect(images[0]).toHaveAccessibleName('Photo: Sunset over the bay');
    expect(images[1]).toHaveAccessibleName('Photo by bob');
    expect(
      within(grid)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/p/p1', '/p/p2']);
    // Only the small variants: a grid tile never needs the 1080 px one.
    expect(images[0]?.getAttribute('srcset')).toBe(
      '/storage/user-uploads/user-2/posts/p1-320.webp 320w, /storage/user-uploads/user-2/posts/p1-640.webp 640w',
    );
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByText('Loading posts...')).not.toBeInTheDocument();
  });

  it('shows No Posts Yet when there are none', async () => {
    mockApi(routes([]));
    renderOwn();
    expect(await screen.findByRole('heading', { name: 'No Posts Yet' })).toBeInTheDocument();
    expect(
      screen.getByText("When you share photos, they'll appear on your profile."),
    ).toBeInTheDocument();
  });

  it("says only No Posts Yet on someone else's empty profile (the text speaks to its owner)", async () => {
    mockApi(routes([]));
    renderOthers();
    expect(await screen.findByRole('heading', { name: 'No Posts Yet' })).toBeInTheDocument();
    expect(screen.queryByText(/When you share photos/)).not.toBeInTheDocument();
  });

  it('logs "Error loading posts" when the grid fails and shows the empty state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/profiles/user-1/posts': apiError(500, 'internal', 'Something went wrong'),
    });
    renderOwn();
    expect(await screen.findByText('No Posts Yet')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Error loading posts', expect.anything());
  });

  it("shows a private account's notice, not its lists, to someone who does not follow it", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/profiles/user-1/posts': apiError(403, 'forbidden', 'This account is private'),
      'GET /api/profiles/user-1/tagged': apiError(403, 'forbidden', 'This account is private'),
    });
    const closed = { ...alice, is_private: true };
    const { unmount } = renderAsReader(
      <ProfileView profile={closed} tab="posts" own={false} />,
      signedOutSession,
    );
    expect(
      await screen.findByRole('heading', { name: 'This account is private' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Follow this account to see their photos.')).toBeInTheDocument();
    expect(screen.queryByText('No Posts Yet')).not.toBeInTheDocument();
    unmount();

    renderAsReader(
      <ProfileView profile={{ ...closed, requested_by_me: true }} tab="tagged" own={false} />,
      signedInSession(makeProfile({ id: 'user-2', username: 'carol' })),
    );
    expect(
      await screen.findByRole('heading', { name: 'This account is private' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your request to see their photos awaits approval.'),
    ).toBeInTheDocument();
    // Nothing was asked for that the server would refuse.
    expect(log).not.toHaveBeenCalled();
  });

  it("shows a private account's posts to its followers and to itself", async () => {
    mockApi(routes());
    const closed = { ...alice, is_private: true };
    const { unmount } = renderAsReader(
      <ProfileView profile={{ ...closed, followed_by_me: true }} tab="posts" own={false} />,
      signedInSession(makeProfile({ id: 'user-2', username: 'carol' })),
    );
    expect(await screen.findAllByRole('img')).not.toHaveLength(0);
    expect(screen.queryByText('This account is private')).not.toBeInTheDocument();
    unmount();
    renderOwn('posts', closed);
    expect(await screen.findAllByRole('img')).not.toHaveLength(0);
    expect(screen.queryByText('This account is private')).not.toBeInTheDocument();
  });

  it('shows the texts of an empty SAVED and of TAGGED', async () => {
    mockApi(routes());
    const { unmount } = renderOwn('saved');
    expect(await screen.findByRole('heading', { name: 'No Saved Posts' })).toBeInTheDocument();
    expect(screen.getByText('Save posts you want to see again.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Posts' })).not.toBeInTheDocument();
    unmount();

    renderOwn('tagged');
    expect(await screen.findByRole('heading', { name: 'No Tagged Posts' })).toBeInTheDocument();
    expect(
      screen.getByText("When people tag you in photos, they'll appear here."),
    ).toBeInTheDocument();
  });
});

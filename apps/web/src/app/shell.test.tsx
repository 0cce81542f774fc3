import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeComment,
  makePost,
  makeProfile,
  page,
  signedInSession,
  suggestionList,
} from '@/testing/factories';
import { pictureFile } from '@/testing/image-files';
import { stubXhr } from '@/testing/fake-xhr';
import { callsTo, deferred, json, mockApi, sentJson } from '@/testing/mock-api';
import { seedFirstScreen } from '@/lib/first-screen';
import { renderWithApp, testQueryClient } from '@/testing/render';
import { toCaptionStep } from '@/testing/studio-steps';
import { Shell } from './shell';

const alice = makeProfile({ username: 'alice', full_name: 'Alice Liddell' });
const feed = page([
  makePost({
    id: 'p1',
    caption: 'Morning light',
    likes_count: 3,
    comments_count: 3,
    comments_preview: [makeComment({ content: 'nice' }), makeComment({ content: 'wow' })],
  }),
  makePost({
    id: 'p2',
    caption: 'Evening',
    author: { id: 'u3', username: 'carol', avatar_url: null, is_verified: true },
  }),
]);

function signedOutRoutes(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/auth/session': { user: null, profile: null },
    'GET /api/posts': feed,
    'GET /api/suggestions': suggestionList(),
    'GET /api/stories': { trays: [] },
    ...extra,
  };
}

function signedInRoutes(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/auth/session': signedInSession(alice),
    'GET /api/posts': feed,
    'GET /api/suggestions': suggestionList(),
    'GET /api/stories': { trays: [] },
    'GET /api/profiles/by-username/alice': alice,
    'GET /api/profiles/user-1/posts': page([]),
    'POST /api/auth/sign-out': new Response(null, { status: 204 }),
    ...extra,
  };
}

describe('Shell', () => {
  // The account menu is a lazy chunk; its first import under test (transforming Radix) can take
  // longer than a findBy waits. Loaded once here, each test then sees it as the browser would
  // after the first visit.
  beforeAll(async () => {
    await import('./account-menu');
    await import('./routes/profile');
    await import('@/features/auth/components/auth-dialog');
    await import('@/features/create-post/components/create-post-dialog');
  });

  it('shows a full-screen Loading... while the auth state loads', async () => {
    const session = deferred<Response>();
    mockApi(signedOutRoutes({ 'GET /api/auth/session': () => session.promise }));
    renderWithApp(<Shell />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    session.resolve(json({ user: null, profile: null }));
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('draws the first screen the page embedded at once, without asking the API for it', async () => {
    const fetchMock = mockApi({});
    const queryClient = testQueryClient();
    seedFirstScreen(queryClient, { session: signedInSession(alice), feed });
    renderWithApp(<Shell />, queryClient);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Post by bob' })).toBeInTheDocument();
    // The comments' code arrives on its own (the server's HTML holds them meanwhile).
    expect(await screen.findAllByPlaceholderText('Add a comment...')).toHaveLength(2);
    // The account menu's code arrives on its own; its trigger replaces a same-sized avatar.
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/auth/session')).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', '/api/posts')).toHaveLength(0);
  });

  it('signed out: header with labelled icon buttons, a Sign In button and no account menu', async () => {
    mockApi(signedOutRoutes());
    renderWithApp(<Shell />);
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Pinhole' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Explore' })).toHaveAttribute(
      'href',
      '/explore',
    );
    expect(within(header).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/direct/inbox',
    );
    for (const name of ['Notifications', 'Create post', 'Sign In']) {
      expect(within(header).getByRole('button', { name })).toBeInTheDocument();
    }
    // The stand-in box: the real one (a combobox) loads on the first gesture towards it.
    expect(within(header).getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search',
    );
    expect(within(header).queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    // Every button in the header has an accessible name.
    for (const button of within(header).getAllByRole('button')) {
      expect(button).toHaveAccessibleName();
    }
  });

  it('signed out: the feed shows, Like and Save ask to sign in, and there is no comment form', async () => {
    mockApi(signedOutRoutes());
    const user = userEvent.setup();
    renderWithApp(<Shell />);
    expect(await screen.findByRole('article', { name: 'Post by bob' })).toBeInTheDocument();
    const stories = screen.getByRole('region', { name: 'Stories' });
    expect(within(stories).queryByText('Your story')).not.toBeInTheDocument();
    for (const name of ['Like', 'Save']) {
      const [button] = screen.getAllByRole('button', { name });
      expect(button).toBeEnabled();
      await user.click(button!);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(screen.queryByPlaceholderText('Add a comment...')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all 3 comments' })).toHaveAttribute(
      'href',
      '/p/p1',
    );
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    // The sidebar (large screens) lists suggestions without a current-user row.
    const sidebar = screen.getByRole('complementary', { name: 'Suggestions' });
    expect(within(sidebar).queryByRole('button', { name: 'Switch' })).not.toBeInTheDocument();
    expect(await within(sidebar).findAllByText('Popular on Pinhole')).toHaveLength(5);
  });

  it('signed out: the create button and the Sign In button open the sign-in dialog', async () => {
    mockApi(signedOutRoutes());
    const user = userEvent.setup();
    renderWithApp(<Shell />);
    await user.click(await screen.findByRole('button', { name: 'Create post' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create New Post' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('signing in shows the account menu and reloads the feed for liked_by_me', async () => {
    let session: unknown = { user: null, profile: null };
    const fetchMock = mockApi(
      signedOutRoutes({
        'GET /api/auth/session': () => json(session),
        'POST /api/auth/sign-in': () => {
          session = signedInSession(alice);
          return json({ ...signedInSession(alice), session: { token: 't', expires_at: 'x' } });
        },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<Shell />);
    await screen.findByRole('article', { name: 'Post by bob' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/posts')).toHaveLength(2));
    expect(screen.getAllByRole('button', { name: 'Like' })[0]).toBeEnabled();
    expect(screen.getAllByPlaceholderText('Add a comment...')).toHaveLength(2);
  });

  it('signed in: the avatar menu links to the profile, the brand link goes home', async () => {
    mockApi(signedInRoutes());
    const user = userEvent.setup();
    const { location } = renderWithApp(<Shell />);
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/alice',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Switch accounts' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'alice' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/alice');
    expect(screen.getByRole('link', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stories' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('link', { name: 'Pinhole' }));
    expect(await screen.findByRole('region', { name: 'Stories' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('signed in: the sidebar shows the reader with a Switch button', async () => {
    mockApi(signedInRoutes());
    renderWithApp(<Shell />);
    const sidebar = await screen.findByRole('complementary', { name: 'Suggestions' });
    expect(within(sidebar).getByTestId('sidebar-me')).toHaveTextContent('aliceAlice Liddell');
    expect(within(sidebar).getByRole('button', { name: 'Switch' })).toBeInTheDocument();
  });

  it('Switch opens the account switcher: nobody is signed out; another account signs in and both are listed', async () => {
    window.localStorage.clear();
    const bob = makeProfile({ id: 'user-2', username: 'bob' });
    let session: unknown = signedInSession(alice);
    const fetchMock = mockApi(
      signedInRoutes({
        'GET /api/auth/session': () => json(session),
        'POST /api/auth/sign-in': () => {
          session = signedInSession(bob);
          return json({ ...signedInSession(bob), session: { token: 't', expires_at: 'x' } });
        },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<Shell />);
    const sidebar = await screen.findByRole('complementary', { name: 'Suggestions' });
    await user.click(within(sidebar).getByRole('button', { name: 'Switch' }));

    const switcher = await screen.findByRole('dialog', { name: 'Switch accounts' });
    const accounts = within(switcher).getAllByRole('button', { current: true });
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toHaveTextContent('alice');
    expect(callsTo(fetchMock, 'POST', '/api/auth/sign-out')).toHaveLength(0);
    expect(within(sidebar).getByTestId('sidebar-me')).toBeInTheDocument();

    // Log into an existing account: the sign-in dialog, empty; alice stays signed in meanwhile.
    await user.click(
      within(switcher).getByRole('button', { name: 'Log into an existing account' }),
    );
    const signIn = await screen.findByRole('dialog', { name: 'Sign in to Pinhole' });
    expect(within(signIn).getByLabelText('Email')).toHaveValue('');
    await user.type(within(signIn).getByLabelText('Email'), 'bob@example.com');
    await user.type(within(signIn).getByLabelText('Password'), 'secret1');
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(within(sidebar).getByTestId('sidebar-me')).toHaveTextContent(/Bbob/),
    );
    expect(callsTo(fetchMock, 'POST', '/api/auth/sign-out')).toHaveLength(0);

    // Both are listed now, bob checked; choosing alice asks her password, her username filled
    // in the sign-in form's own field (which takes an email or a username): the device
    // remembers names and pictures, never an email.
    await user.click(within(sidebar).getByRole('button', { name: 'Switch' }));
    const again = await screen.findByRole('dialog', { name: 'Switch accounts' });
    const names = within(again)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // Each row: the avatar's initial, then the name.
    expect(names).toEqual(['Bbob', 'Aalice']);
    expect(within(again).getByRole('button', { current: true })).toHaveTextContent('bob');
    await user.click(within(again).getByRole('button', { name: /alice/ }));
    const prefilled = await screen.findByRole('dialog', { name: 'Sign in to Pinhole' });
    expect(within(prefilled).getByLabelText('Email')).toHaveValue('alice');
    expect(within(prefilled).getByLabelText('Email')).toHaveAttribute(
      'placeholder',
      'Email or username',
    );
    expect(within(prefilled).queryByLabelText('Username')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('pinhole:accounts')).not.toMatch(/@/);
    await user.type(within(prefilled).getByLabelText('Password'), 'secret2');
    await user.click(within(prefilled).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/auth/sign-in')).toHaveLength(2));
    expect(sentJson(fetchMock, 'POST', '/api/auth/sign-in', 1)).toEqual({
      email: 'alice',
      password: 'secret2',
    });
  }, 20_000);

  it('a share that reached the server before any service worker says to open the app once', async () => {
    mockApi(signedInRoutes());
    const { location } = renderWithApp(<Shell />, testQueryClient(), {
      path: '/?shared=unavailable',
    });
    expect(await screen.findByText('Open Pinhole once, then share again')).toBeInTheDocument();
    expect(location.current?.search).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Sign out signs out and returns home', async () => {
    const fetchMock = mockApi(signedInRoutes());
    const user = userEvent.setup();
    const { location } = renderWithApp(<Shell />);
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Stories' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/');
    expect(callsTo(fetchMock, 'POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('creating a post refreshes the feed and returns home', async () => {
    const requests = stubXhr();
    const fetchMock = mockApi(signedInRoutes());
    const user = userEvent.setup();
    const { location } = renderWithApp(<Shell />, testQueryClient(), { path: '/alice' });
    await screen.findByText('No Posts Yet');

    await user.click(screen.getByRole('button', { name: 'Create post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Post' });
    await user.upload(
      within(dialog).getByLabelText('Image file'),
      pictureFile('a.png', { type: 'image/png' }),
    );
    // The photo is checked (by its bytes) before Next is offered; crop and edit left as they are.
    await toCaptionStep(user);
    const share = within(dialog).getByRole('button', { name: 'Share' });
    await waitFor(() => expect(share).toBeEnabled());
    await user.click(share);
    // The upload starts after the click's handler has run: on a busy machine, a moment later.
    await waitFor(() => expect(requests[0]).toBeDefined());
    requests[0]?.respond(201, makePost({ id: 'new' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(location.current?.pathname).toBe('/'));
    expect(await screen.findByRole('region', { name: 'Stories' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/posts')).toHaveLength(1));
    // The profile's counts are read again (the new post counts).
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/profiles/by-username/alice')).toHaveLength(2),
    );
  });
});

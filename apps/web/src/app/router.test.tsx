import { postPageImageSizes, safetyMessages } from '@pinhole/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { seedFirstScreen } from '@/lib/first-screen';
import {
  makeComment,
  makePost,
  makeProfile,
  page,
  signedInSession,
  signedOutSession,
  makeSuggestion,
} from '@/testing/factories';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderWithApp, testQueryClient } from '@/testing/render';
import { makeStory, tray } from '@/testing/stories';
import { Shell } from './shell';

const alice = makeProfile({ id: 'user-1', username: 'alice' });
const bob = makeProfile({ id: 'user-2', username: 'bob', full_name: 'Bob Builder' });
const post = makePost({
  id: 'abc',
  caption: 'Sunset over the bay',
  comments_count: 3,
  comments_preview: [makeComment({ content: 'first' }), makeComment({ content: 'second' })],
});

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/posts': page([post]),
    'GET /api/profiles/by-username/bob': bob,
    'GET /api/profiles/by-username/alice': alice,
    'GET /api/profiles/user-2/posts': page([post]),
    'GET /api/profiles/user-1/posts': page([]),
    'GET /api/me/saved': page([]),
    'GET /api/profiles/user-2/tagged': page([]),
    'GET /api/posts/abc': post,
    'GET /api/stories': { trays: [] },
    'GET /api/posts/abc/comments': {
      comments: [
        ...post.comments_preview,
        makeComment({ content: 'third', author: { id: 'u9', username: 'zoe', avatar_url: null } }),
      ],
    },
    ...extra,
  });
}

/** Opens `path` as a fresh page load would, with the reader already known. */
function visit(path: string, session = signedInSession(alice)) {
  const queryClient = testQueryClient();
  seedFirstScreen(queryClient, { session });
  return renderWithApp(<Shell />, queryClient, { path });
}

const notFoundHeading = () =>
  screen.findByRole('heading', { name: "Sorry, this page isn't available." });

describe('addresses', () => {
  beforeAll(async () => {
    // Lazy pages, loaded once as a browser has them after their first visit.
    await Promise.all([
      import('./routes/profile'),
      import('./routes/post'),
      import('./routes/not-found'),
      import('./routes/explore'),
      import('./routes/explore-tag'),
    ]);
  });

  it("/:username is anyone's profile, looked up without regard to case", async () => {
    const fetchMock = api();
    visit('/Bob');
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
    expect(screen.getByText('Bob Builder')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/profiles/by-username/bob')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Bob Builder (@bob) • Pinhole photos'));
  });

  it('draws a profile the page embedded without asking for it', async () => {
    const fetchMock = api();
    const queryClient = testQueryClient();
    seedFirstScreen(queryClient, { session: signedOutSession, profile: bob });
    renderWithApp(<Shell />, queryClient, { path: '/bob/tagged' });
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'TAGGED' })).toHaveAttribute('aria-selected', 'true');
    expect(callsTo(fetchMock, 'GET', '/api/profiles/by-username/bob')).toHaveLength(0);
  });

  it('the own profile has Edit profile and the SAVED tab at /:username/saved', async () => {
    api();
    visit('/alice/saved');
    expect(await screen.findByRole('heading', { name: 'No Saved Posts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it("someone else's /saved shows their posts instead", async () => {
    api();
    const { location } = visit('/bob/saved');
    expect(await screen.findByRole('list', { name: 'Posts' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/bob');
  });

  it('/:username/saved asks a signed-out reader to sign in', async () => {
    api();
    visit('/bob/saved', signedOutSession);
    expect(await screen.findByText('Please sign in to view your profile.')).toBeInTheDocument();
  });

  it('a username nobody has is the not-found page, with a link home', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api({ 'GET /api/profiles/by-username/nobody': undefined });
    visit('/nobody');
    expect(await notFoundHeading()).toBeInTheDocument();
    expect(
      screen.getByText(/The link you followed may be broken, or the page may have been removed\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back to Pinhole.' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found • Pinhole'));
    // Nobody of that name is the server's answer, not a failure: nothing for the console.
    expect(log).not.toHaveBeenCalledWith('Error loading profile', expect.anything());
  });

  it.each([
    ['an unknown path', '/a/b/c'],
    ['an unknown tab', '/bob/reels'],
    ['an unknown settings page', '/accounts/nope'],
    ['a name no one can have', '/not%20a%20name!'],
    ['odd Unicode', '/%C3%A9lise%E2%80%AE'],
    ['a name too long', `/${'a'.repeat(31)}`],
    ['a reserved name', '/p'],
    ['a malformed post id', '/p/..%2F..%2Fetc'],
    ['a post id too long', `/p/${'x'.repeat(65)}`],
  ])('%s is not found, without asking the server', async (_, path) => {
    const fetchMock = api();
    visit(path);
    expect(await notFoundHeading()).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('/explore is the grid of posts to explore, for visitors too', async () => {
    const fetchMock = api({ 'GET /api/explore': page([post]) });
    visit('/explore', signedOutSession);
    const grid = await screen.findByRole('list', { name: 'Posts' });
    expect(within(grid).getByRole('link')).toHaveAttribute('href', '/p/abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    // Phones search from the page's own box, above the grid: the header leaves its box out.
    const [headerSearch, pageSearch] = screen.getAllByRole('search');
    expect(within(screen.getByRole('banner')).getByRole('search')).toBe(headerSearch);
    expect(headerSearch).toHaveClass('max-sm:hidden');
    expect(pageSearch).toHaveClass('sm:hidden');
    expect(within(pageSearch!).getByRole('combobox', { name: 'Search' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/explore')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Explore • Pinhole'));
  });

  it('/explore/tags/:tag is the tag with its count and posts, in lowercase', async () => {
    const fetchMock = api({
      'GET /api/hashtags/cats/posts': {
        hashtag: { name: 'cats', posts_count: 1 },
        ...page([post]),
      },
    });
    visit('/explore/tags/Cats');
    expect(await screen.findByRole('heading', { level: 1, name: '#cats' })).toBeInTheDocument();
    expect(await screen.findByText('1 post')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/hashtags/cats/posts')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('#cats • Pinhole'));
  });

  it.each([
    ['a space', '/explore/tags/two%20words'],
    ['a sign', '/explore/tags/a-b'],
    ['a tag too long', `/explore/tags/${'a'.repeat(65)}`],
  ])('a tag with %s is not found, without asking the server', async (_, path) => {
    const fetchMock = api();
    visit(path);
    expect(await notFoundHeading()).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('/accounts/password/reset is the reset page; without a token it says the link is expired', async () => {
    api();
    visit('/accounts/password/reset');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset password' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(safetyMessages.resetLinkExpired);
  });

  it('/stories/:username/:id deep-links into the story viewer', async () => {
    const story = makeStory('s1', 'bob');
    api({
      'GET /api/stories': { trays: [tray([story])] },
      'PUT /api/stories/s1/view': new Response(null, { status: 204 }),
    });
    visit('/stories/bob/s1');
    const viewer = await screen.findByRole('dialog', { name: 'Story by bob' });
    expect(within(viewer).getByRole('img', { name: 'Story by bob' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Stories • Pinhole'));
  });

  it('/stories/:username/:id of a story that is gone says so, with a way back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = api();
    visit('/stories/bob/1');
    expect(
      await screen.findByRole('heading', { name: "Sorry, this story isn't available." }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/stories/1')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });

  it.each([
    ['followers', 'Followers'],
    ['following', 'Following'],
  ] as const)(
    '/bob/%s lists the people, each with a link, full name and Follow',
    async (list, title) => {
      const fetchMock = api({
        [`GET /api/profiles/user-2/${list}`]: {
          profiles: [makeSuggestion({ id: 'z', username: 'zoe', full_name: 'Zoe Zed' })],
          next_cursor: null,
        },
      });
      visit(`/bob/${list}`);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      const [row] = await screen.findAllByTestId('person');
      expect(within(row!).getByRole('link', { name: 'zoe' })).toHaveAttribute('href', '/zoe');
      expect(row).toHaveTextContent('Zoe Zed');
      expect(within(row!).getByRole('button', { name: 'Follow zoe' })).toBeInTheDocument();
      expect(callsTo(fetchMock, 'GET', `/api/profiles/user-2/${list}`)).toHaveLength(1);
    },
  );

  it('/p/:id is the post with its photo, caption, every comment, like and comment form', async () => {
    const fetchMock = api();
    visit('/p/abc');
    const article = await screen.findByRole('article', { name: 'Post by bob' });
    const photo = within(article).getByRole('img', { name: 'Photo by bob' });
    expect(photo).toHaveAttribute('sizes', postPageImageSizes);
    expect(photo).toHaveAttribute('loading', 'eager');
    expect(within(article).getByText('Sunset over the bay')).toBeInTheDocument();
    const comments = await within(article).findByRole('list', { name: 'Comments' });
    await waitFor(() =>
      expect(
        within(comments)
          .getAllByRole('listitem')
          .map((c) => c.textContent),
        // Each starts with its author's initial (the picture drawn when they have none).
      ).toEqual(['Bbob first', 'Bbob second', 'Zzoe third']),
    );
    // Being someone else's, each has a "…" menu (Report), not a word after it.
    expect(within(comments).getAllByRole('button', { name: 'Comment options' })).toHaveLength(3);
    expect(within(comments).getByRole('link', { name: 'zoe' })).toHaveAttribute('href', '/zoe');
    expect(within(article).getByRole('button', { name: 'Like' })).toBeEnabled();
    expect(within(article).getByPlaceholderText('Add a comment...')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/posts/abc')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('bob on Pinhole: "Sunset over the bay"'));
  });

  it('draws a post the page embedded without asking for it', async () => {
    const fetchMock = api();
    const queryClient = testQueryClient();
    seedFirstScreen(queryClient, { session: signedOutSession, post });
    renderWithApp(<Shell />, queryClient, { path: '/p/abc' });
    expect(await screen.findByRole('article', { name: 'Post by bob' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/posts/abc')).toHaveLength(0);
  });

  it('a post that does not exist is the not-found page', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api({ 'GET /api/posts/gone': undefined });
    visit('/p/gone');
    expect(await notFoundHeading()).toBeInTheDocument();
    // A post that is not there is the server's answer, not a failure: nothing for the console.
    expect(log).not.toHaveBeenCalledWith('Error loading post', expect.anything());
  });
});

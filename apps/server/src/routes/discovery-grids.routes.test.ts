import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(dialects)('hashtags, tagged posts and explore on %s', (dialect) => {
  let server: Server;
  let jpeg: Buffer;
  let alice: TestUser;
  let bob: TestUser;
  let carl: TestUser;
  let secret: TestUser;
  let friend: TestUser;

  const get = (pathname: string, viewer?: TestUser) =>
    server.request(pathname, { token: viewer?.token });
  const hashtag = (name: string, viewer?: TestUser, query = '') =>
    get(`/api/hashtags/${encodeURIComponent(name)}/posts${query}`, viewer);
  const tagged = (person: TestUser, viewer?: TestUser, query = '') =>
    get(`/api/profiles/${person.id}/tagged${query}`, viewer);
  const ids = (body: { posts: { id: string }[] }) => body.posts.map((post) => post.id);
  const post = async (author: TestUser, caption: string): Promise<string> => {
    const response = await uploadPost(server, author, jpeg, { caption });
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const edit = (author: TestUser, postId: string, caption: string | null) =>
    server.request(`/api/posts/${postId}`, {
      method: 'PATCH',
      json: { caption },
      token: author.token,
    });
  const setPrivate = (owner: TestUser, isPrivate: boolean) =>
    server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: isPrivate },
      token: owner.token,
    });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    jpeg = await makeJpeg(32, 24);
    const signUp = (username: string) => signUpUser(server, { username });
    [alice, bob, carl, secret, friend] = await Promise.all([
      signUp('alice'),
      signUp('bob'),
      signUp('carl'),
      signUp('secret'),
      signUp('friend'),
    ]);
    expect((await setPrivate(secret, true)).status).toBe(200);
    await server.request(`/api/profiles/${secret.id}/follow`, {
      method: 'PUT',
      token: friend.token,
    });
    const approved = await server.request(`/api/me/follow-requests/${friend.id}/approve`, {
      method: 'POST',
      token: secret.token,
    });
    expect(approved.status).toBe(204);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('stores hashtags and mentions on create, moves them on edit, removes them on delete', async () => {
    const postId = await post(alice, 'Sky #Sunset #sunset #Dusk @Bob @alice @nobody bob@mail.com');
    const sunset = await hashtag('Sunset');
    expect(sunset.status).toBe(200);
    expect(sunset.body.hashtag).toEqual({ name: 'sunset', posts_count: 1 });
    expect(ids(sunset.body)).toEqual([postId]);
    expect(sunset.body.posts[0]).toMatchObject({
      id: postId,
      liked_by_me: false,
      author: { id: alice.id },
    });
    expect((await hashtag('#dusk')).body.hashtag).toEqual({ name: 'dusk', posts_count: 1 });
    // The post says what it found: its hashtags, and the people it names who exist (the author
    // too: the caption names her), in the order first written.
    expect(sunset.body.posts[0]).toMatchObject({
      hashtags: ['sunset', 'dusk'],
      mentions: [
        { id: bob.id, username: 'bob' },
        { id: alice.id, username: 'alice' },
      ],
    });
    expect(ids((await tagged(bob)).body)).toEqual([postId]);
    // Nobody is tagged by their own caption.
    expect(ids((await tagged(alice)).body)).toEqual([]);

    const edited = await edit(alice, postId, 'Now #beach with @carl and still #dusk');
    expect(edited.status).toBe(200);
    expect((await hashtag('sunset')).body).toEqual({
      hashtag: { name: 'sunset', posts_count: 0 },
      posts: [],
      next_cursor: null,
    });
    expect((await hashtag('dusk')).body.hashtag.posts_count).toBe(1);
    expect(ids((await hashtag('beach')).body)).toEqual([postId]);
    expect(ids((await tagged(bob)).body)).toEqual([]);
    expect(ids((await tagged(carl)).body)).toEqual([postId]);
    expect(edited.body).toMatchObject({
      hashtags: ['beach', 'dusk'],
      mentions: [{ id: carl.id, username: 'carl' }],
    });
    // A comment's mentions, in the answer and in every list of the post's comments.
    const comment = await server.request(`/api/posts/${postId}/comments`, {
      method: 'POST',
      json: { content: '@carl @Bob and @nobody #here' },
      token: bob.token,
    });
    expect(comment.status).toBe(201);
    const named = [
      { id: carl.id, username: 'carl' },
      { id: bob.id, username: 'bob' },
    ];
    expect(comment.body.mentions).toEqual(named);
    expect((await get(`/api/posts/${postId}/comments`)).body.comments[0].mentions).toEqual(named);
    expect((await get(`/api/posts/${postId}`)).body.comments_preview[0].mentions).toEqual(named);

    expect((await edit(alice, postId, null)).status).toBe(200);
    expect((await hashtag('beach')).body.hashtag.posts_count).toBe(0);
    expect((await edit(alice, postId, '#beach @carl')).status).toBe(200);

    const deleted = await server.request(`/api/posts/${postId}`, {
      method: 'DELETE',
      token: alice.token,
    });
    expect(deleted.status).toBe(204);
    expect((await hashtag('beach')).body).toEqual({
      hashtag: { name: 'beach', posts_count: 0 },
      posts: [],
      next_cursor: null,
    });
    expect(ids((await tagged(carl)).body)).toEqual([]);
    expect((await server.request('/api/search?q=%23bea')).body.hashtags).toEqual([]);
  });

  it('counts each post once, pages newest first, and stores at most 30 hashtags a caption', async () => {
    const first = await post(bob, '#paged one');
    const second = await post(carl, '#paged two #PAGED');
    const third = await post(bob, 'three #paged');
    const page = await hashtag('paged', undefined, '?limit=2');
    expect(page.body.hashtag).toEqual({ name: 'paged', posts_count: 3 });
    expect(ids(page.body)).toEqual([third, second]);
    const next = await hashtag('paged', undefined, `?limit=2&cursor=${page.body.next_cursor}`);
    expect(ids(next.body)).toEqual([first]);
    expect(next.body.next_cursor).toBeNull();
    expect(next.body.hashtag.posts_count).toBe(3);

    const many = Array.from({ length: 40 }, (_, index) => `#many${index}`).join(' ');
    await post(alice, many);
    expect((await hashtag('many29')).body.hashtag.posts_count).toBe(1);
    expect((await hashtag('many30')).body.hashtag.posts_count).toBe(0);
  });

  it('shows a like at once on a cached hashtag page', async () => {
    const postId = await post(bob, '#liked');
    expect((await hashtag('liked', alice)).body.posts[0]).toMatchObject({
      likes_count: 0,
      liked_by_me: false,
    });
    await server.request(`/api/posts/${postId}/like`, { method: 'PUT', token: alice.token });
    expect((await hashtag('liked', alice)).body.posts[0]).toMatchObject({
      likes_count: 1,
      liked_by_me: true,
    });
    expect((await hashtag('liked')).body.posts[0]).toMatchObject({
      likes_count: 1,
      liked_by_me: false,
    });
  });

  it("keeps private accounts' posts out of every grid, and follows a change of privacy", async () => {
    const hidden = await post(secret, '#hushed @bob');
    for (const viewer of [undefined, bob, friend, secret]) {
      expect(ids((await hashtag('hushed', viewer)).body)).toEqual([]);
      expect(ids((await tagged(bob, viewer)).body)).not.toContain(hidden);
      expect(ids((await get('/api/explore?limit=60', viewer)).body)).not.toContain(hidden);
    }
    // A private person's own TAGGED tab is their followers' only, as their posts are.
    await post(alice, 'hello @secret');
    expect((await tagged(secret)).status).toBe(403);
    expect((await tagged(secret, bob)).status).toBe(403);
    expect((await tagged(secret, friend)).body.posts).toHaveLength(1);
    expect((await tagged(secret, secret)).body.posts).toHaveLength(1);

    // Going public shows the post in the pages kept meanwhile; going private hides it again.
    expect((await setPrivate(secret, false)).status).toBe(200);
    expect(ids((await hashtag('hushed')).body)).toEqual([hidden]);
    expect(ids((await tagged(bob)).body)).toContain(hidden);
    expect(ids((await get('/api/explore?limit=60')).body)).toContain(hidden);
    expect((await setPrivate(secret, true)).status).toBe(200);
    expect(ids((await hashtag('hushed')).body)).toEqual([]);
    expect(ids((await tagged(bob)).body)).not.toContain(hidden);
    expect(ids((await get('/api/explore?limit=60')).body)).not.toContain(hidden);
  });

  it('ranks explore by attention and age, for visitors too, and pages it', async () => {
    const quiet = await post(carl, 'quiet, newest');
    const explore = await get('/api/explore?limit=60');
    expect(explore.status).toBe(200);
    const all = ids(explore.body);
    expect(all).toContain(quiet);
    expect(new Set(all).size).toBe(all.length);
    // The liked post (#liked, 1 like) ranks above the newer posts without attention.
    expect(all[0]).toBe(ids((await hashtag('liked')).body)[0]);

    const first = await get('/api/explore?limit=2');
    expect(ids(first.body)).toEqual(all.slice(0, 2));
    const second = await get(`/api/explore?limit=2&cursor=${first.body.next_cursor}`, alice);
    expect(ids(second.body)).toEqual(all.slice(2, 4));
    // A like shows at once, even where the order is kept for a minute.
    await server.request(`/api/posts/${quiet}/like`, { method: 'PUT', token: bob.token });
    const again = await get('/api/explore?limit=60', bob);
    const seen = again.body.posts.find((item: { id: string }) => item.id === quiet);
    expect(seen).toMatchObject({ likes_count: 1, liked_by_me: true });
  });

  it('answers bad input with 400 or an empty page, never a 500', async () => {
    for (const name of ['%', '_', '\\', "'; drop table posts; --", '🌅', 'שקיעה', '#', '\u0000']) {
      const response = await hashtag(name);
      expect(response.status, JSON.stringify(name)).toBe(200);
      expect(response.body.posts).toEqual([]);
      expect(response.body.hashtag.posts_count).toBe(0);
    }
    expect((await hashtag('x'.repeat(300))).status).toBe(400);
    expect((await hashtag('paged', undefined, '?cursor=nonsense')).status).toBe(400);
    expect((await hashtag('paged', undefined, '?limit=0')).status).toBe(400);
    expect((await get('/api/explore?cursor=nonsense')).status).toBe(400);
    expect((await get('/api/explore?cursor=WzEwMDAwMDAsMF0')).status).toBe(400);
    expect((await get('/api/profiles/nobody/tagged')).status).toBe(404);
    expect((await tagged(bob, undefined, '?cursor=%00')).status).toBe(400);
  });

  it("keeps counts right when an account goes with its posts (the cascade's triggers)", async () => {
    const leaver = await signUpUser(server, { username: 'leaver' });
    await post(leaver, '#farewell @bob');
    await post(bob, '#farewell too');
    expect((await hashtag('farewell')).body.hashtag.posts_count).toBe(2);
    const gone = await server.request('/api/me', {
      method: 'DELETE',
      json: { password: leaver.password },
      token: leaver.token,
    });
    expect(gone.status).toBe(204);
    const after = await hashtag('farewell');
    expect(after.body.hashtag.posts_count).toBe(1);
    expect(after.body.posts).toHaveLength(1);
    expect((await server.request('/api/search?q=leav')).body.profiles).toEqual([]);
  });

  it('finds hashtags in any script', async () => {
    const postId = await post(alice, '#東京 #Café');
    expect(ids((await hashtag('東京')).body)).toEqual([postId]);
    expect(ids((await hashtag('CAFÉ')).body)).toEqual([postId]);
    expect(
      (await server.request(`/api/search?q=${encodeURIComponent('#caf')}`)).body.hashtags,
    ).toEqual([{ name: 'café', posts_count: 1 }]);
  });
});

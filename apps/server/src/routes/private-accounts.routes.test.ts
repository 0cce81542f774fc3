import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMediaUrlKey } from '../repositories/instance-secrets.repository';
import { MediaUrlSigner, signingWindowMs } from '../storage/media-urls';
import { followCountDrift } from '../test/crowd';
import type { TestServer, TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';
import type { TestS3Server } from '../test/s3-server';
import { startS3Server } from '../test/s3-server';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const privateBody = { error: { code: 'forbidden', message: 'This account is private' } };

function setPrivate(server: TestServer, owner: TestUser, isPrivate: boolean) {
  return server.request('/api/profiles/me', {
    method: 'PATCH',
    json: { is_private: isPrivate },
    token: owner.token,
  });
}

describe.each(dialects)('private accounts on %s', (dialect) => {
  let server: Server;
  let owner: TestUser;
  let stranger: TestUser;
  let follower: TestUser;
  let postId: string;

  const get = (pathname: string, viewer?: TestUser) =>
    server.request(pathname, { token: viewer?.token });
  const follow = (viewer: TestUser, method = 'PUT') =>
    server.request(`/api/profiles/${owner.id}/follow`, { method, token: viewer.token });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [owner, stranger, follower] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
    postId = (await uploadPost(server, owner, await makeJpeg(40, 30), { caption: 'mine' })).body.id;
    const patched = await setPrivate(server, owner, true);
    expect(patched.status).toBe(200);
    expect(patched.body.is_private).toBe(true);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it("hides a private account's posts, lists, post, comments and likes from strangers", async () => {
    for (const viewer of [undefined, stranger]) {
      const profile = await get(`/api/profiles/${owner.id}`, viewer);
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ is_private: true, posts_count: 1 });
      for (const list of ['posts', 'followers', 'following']) {
        const response = await get(`/api/profiles/${owner.id}/${list}`, viewer);
        expect(response.status, list).toBe(403);
        expect(response.body).toEqual(privateBody);
      }
      expect((await get(`/api/posts/${postId}`, viewer)).status).toBe(404);
      expect((await get(`/api/posts/${postId}/comments`, viewer)).status).toBe(404);
      const feed = await get('/api/posts', viewer);
      expect(feed.body.posts.map((p: { id: string }) => p.id)).not.toContain(postId);
    }
    const like = await server.request(`/api/posts/${postId}/like`, {
      method: 'PUT',
      token: stranger.token,
    });
    expect(like.status).toBe(404);
    const comment = await server.request(`/api/posts/${postId}/comments`, {
      method: 'POST',
      json: { content: 'hi' },
      token: stranger.token,
    });
    expect(comment.status).toBe(404);
    // The owner sees everything of their own.
    expect((await get(`/api/profiles/${owner.id}/posts`, owner)).body.posts).toHaveLength(1);
    expect((await get(`/api/posts/${postId}`, owner)).status).toBe(200);
  });

  it('turns a follow into a request the owner approves; then the follower sees it all', async () => {
    const asked = await follow(follower);
    expect(asked.body).toEqual({ following: false, requested: true, followers_count: 0 });
    expect((await follow(follower)).body).toMatchObject({ requested: true, followers_count: 0 });
    expect((await get(`/api/profiles/${owner.id}`, follower)).body).toMatchObject({
      requested_by_me: true,
      followed_by_me: false,
    });
    const inbox = await get('/api/me/follow-requests', owner);
    expect(inbox.body).toEqual({
      profiles: [expect.objectContaining({ id: follower.id, followed_by_me: false })],
      next_cursor: null,
    });

    const wrong = await server.request(`/api/me/follow-requests/${stranger.id}/approve`, {
      method: 'POST',
      token: owner.token,
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.code).toBe('not_found');
    const approve = await server.request(`/api/me/follow-requests/${follower.id}/approve`, {
      method: 'POST',
      token: owner.token,
    });
    expect(approve.status).toBe(204);
    expect((await get('/api/me/follow-requests', owner)).body.profiles).toEqual([]);

    expect((await get(`/api/profiles/${owner.id}`, follower)).body).toMatchObject({
      followed_by_me: true,
      requested_by_me: false,
      followers_count: 1,
    });
    expect((await get(`/api/profiles/${owner.id}/posts`, follower)).body.posts).toHaveLength(1);
    expect((await get(`/api/profiles/${owner.id}/followers`, follower)).status).toBe(200);
    expect((await get(`/api/posts/${postId}`, follower)).status).toBe(200);
    const following = await get('/api/posts?feed=following', follower);
    expect(following.body.posts.map((p: { id: string }) => p.id)).toEqual([postId]);
    // Still not in the feed everyone shares.
    const everyone = await get('/api/posts', follower);
    expect(everyone.body.posts.map((p: { id: string }) => p.id)).not.toContain(postId);
    expect(await followCountDrift(server)).toEqual([]);
  });

  it('declines (idempotently), lets a requester withdraw, and asks for a session', async () => {
    await follow(stranger);
    const decline = await server.request(`/api/me/follow-requests/${stranger.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(decline.status).toBe(204);
    const again = await server.request(`/api/me/follow-requests/${stranger.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(again.status).toBe(204);
    expect((await get(`/api/profiles/${owner.id}`, stranger)).body.requested_by_me).toBe(false);

    await follow(stranger);
    const withdrawn = await follow(stranger, 'DELETE');
    expect(withdrawn.body).toEqual({ following: false, requested: false, followers_count: 1 });
    expect((await get('/api/me/follow-requests', owner)).body.profiles).toEqual([]);
    expect((await get('/api/me/follow-requests')).status).toBe(401);
    expect(
      (await server.request(`/api/me/follow-requests/${stranger.id}/approve`, { method: 'POST' }))
        .status,
    ).toBe(401);
  });

  it("signs a private account's file URLs and refuses its files without a valid signature", async () => {
    const post = (await get(`/api/posts/${postId}`, follower)).body;
    const url = new URL(post.image_url as string, server.url);
    expect(url.pathname).toMatch(/^\/storage\/user-uploads\//);
    expect(url.searchParams.get('sig')).toBeTruthy();
    for (const variant of post.image.variants) expect(variant.url).toContain('sig=');

    const signed = await fetch(url);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    await signed.arrayBuffer();

    const bare = await fetch(new URL(url.pathname, server.url));
    expect(bare.status).toBe(404);
    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`);
    expect((await fetch(tampered)).status).toBe(404);
    const otherFile = new URL(url);
    otherFile.pathname = new URL(post.image.variants[0].url, server.url).pathname;
    expect((await fetch(otherFile)).status).toBe(404);

    const secret = await readMediaUrlKey(server.context.database.db);
    const longAgo = new MediaUrlSigner(secret, () => Date.now() - 3 * signingWindowMs);
    const key = url.pathname.slice('/storage/'.length);
    expect((await fetch(new URL(longAgo.sign(key), server.url))).status).toBe(404);
  });

  it('keys new uploads with a nonce nobody can guess', async () => {
    const created = await uploadPost(server, stranger, await makeJpeg(20, 20));
    expect(created.body.image_url).toMatch(/\/posts\/\d+-[0-9a-f]{32}\.jpg$/);
    expect((await fetch(new URL(created.body.image_url, server.url))).status).toBe(200);
  });

  it('going public approves every pending request and opens the files', async () => {
    const [first, second] = await Promise.all([signUpUser(server), signUpUser(server)]);
    for (const requester of [first, second]) {
      expect((await follow(requester)).body.requested).toBe(true);
    }
    const patched = await setPrivate(server, owner, false);
    expect(patched.body).toMatchObject({ is_private: false, followers_count: 3 });
    expect((await get('/api/me/follow-requests', owner)).body.profiles).toEqual([]);
    expect((await get(`/api/profiles/${owner.id}`, second)).body.followed_by_me).toBe(true);
    expect(await followCountDrift(server)).toEqual([]);

    const post = (await get(`/api/posts/${postId}`)).body;
    expect(post.image_url).not.toContain('sig=');
    const open = await fetch(new URL(post.image_url, server.url));
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const feed = await get('/api/posts', stranger);
    expect(feed.body.posts.map((p: { id: string }) => p.id)).toContain(postId);
    // Private again: the open URL closes at once.
    await setPrivate(server, owner, true);
    expect((await fetch(new URL(post.image_url, server.url))).status).toBe(404);
    const shared = await get('/api/posts', stranger);
    expect(shared.body.posts.map((p: { id: string }) => p.id)).not.toContain(postId);
  });
});

describe('private accounts with S3 storage', () => {
  let s3: TestS3Server;
  let server: Server;

  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer('sqlite', s3.env);
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await s3.close();
  });

  it('serves a private file only through a signed /storage URL', async () => {
    const [owner, follower] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const created = await uploadPost(server, owner, await makeJpeg(24, 24));
    await setPrivate(server, owner, true);
    await server.request(`/api/profiles/${owner.id}/follow`, {
      method: 'PUT',
      token: follower.token,
    });
    await server.request(`/api/me/follow-requests/${follower.id}/approve`, {
      method: 'POST',
      token: owner.token,
    });
    const post = (await server.request(`/api/posts/${created.body.id}`, { token: follower.token }))
      .body;
    const url = new URL(post.image_url, server.url);
    expect(url.pathname.startsWith('/storage/')).toBe(true);
    const signed = await fetch(url);
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer()).subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );
    expect((await fetch(new URL(url.pathname, server.url))).status).toBe(404);
  });
});

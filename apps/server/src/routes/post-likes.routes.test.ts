import type { Post, ProfileSummaryPage } from '@pinhole/contracts';
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

const unknownId = '01890000-0000-7000-8000-000000000000';

describe.each(dialects)('who liked a post (GET /api/posts/:id/likes) on %s', (dialect) => {
  let server: Server;
  let admin: TestUser;
  let author: TestUser;
  let fans: TestUser[];
  let post: Post;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    // The first account is the instance's admin.
    admin = await signUpUser(server);
    author = await signUpUser(server);
    fans = [];
    for (let i = 0; i < 4; i++) fans.push(await signUpUser(server));
    post = (await uploadPost(server, author, await makeJpeg(400, 300))).body as Post;
    for (const [index, fan] of fans.entries()) {
      const liked = await server.request(`/api/posts/${post.id}/like`, {
        method: 'PUT',
        token: fan.token,
      });
      expect(liked.status).toBe(200);
      // Likes one minute apart, so "newest first" does not depend on the clock's resolution.
      await server.context.database.db
        .updateTable('likes')
        .set({ created_at: new Date(Date.UTC(2026, 0, 1, 12, index)).toISOString() })
        .where('post_id', '=', post.id)
        .where('user_id', '=', fan.id)
        .execute();
    }
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const likers = async (id: string, viewer?: TestUser, query = '') => {
    const response = await server.request(`/api/posts/${id}/likes${query}`, {
      token: viewer?.token,
    });
    return { status: response.status, body: response.body as ProfileSummaryPage };
  };
  const names = (page: ProfileSummaryPage) => page.profiles.map((person) => person.username);
  const newestFirst = () => fans.map((fan) => fan.username).reverse();

  it('lists the people who liked, newest like first, as ProfileSummary with followed_by_me', async () => {
    await server.request(`/api/profiles/${fans[0]!.id}/follow`, {
      method: 'PUT',
      token: author.token,
    });
    const { status, body } = await likers(post.id, author);
    expect(status).toBe(200);
    expect(names(body)).toEqual(newestFirst());
    expect(body.next_cursor).toBeNull();
    const first = body.profiles.find((person) => person.id === fans[0]!.id);
    expect(first).toEqual({
      id: fans[0]!.id,
      username: fans[0]!.username,
      full_name: expect.any(String),
      avatar_url: null,
      is_verified: false,
      followed_by_me: true,
      is_remote: false,
    });
    expect(body.profiles.filter((person) => person.followed_by_me)).toHaveLength(1);
    // Signed out: the same people, none followed.
    const signedOut = await likers(post.id);
    expect(names(signedOut.body)).toEqual(newestFirst());
    expect(signedOut.body.profiles.every((person) => !person.followed_by_me)).toBe(true);
  });

  it('pages with a keyset cursor, without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { status, body } = await likers(post.id, undefined, query);
      expect(status).toBe(200);
      expect(body.profiles.length).toBeLessThanOrEqual(3);
      seen.push(...names(body));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(newestFirst());
    expect((await likers(post.id, undefined, '?cursor=nonsense')).status).toBe(400);
  });

  it('answers 404 for a post that is not there, and 400 for a malformed id', async () => {
    const missing = await likers(unknownId);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect((await likers('x'.repeat(65))).status).toBe(400);
  });

  it('leaves out people the viewer blocked or who blocked the viewer', async () => {
    const viewer = await signUpUser(server);
    const block = (who: TestUser, whom: TestUser, method: string) =>
      server.request(`/api/profiles/${whom.id}/block`, { method, token: who.token });
    expect((await block(viewer, fans[1]!, 'PUT')).status).toBe(200);
    expect((await block(fans[2]!, viewer, 'PUT')).status).toBe(200);
    const { body } = await likers(post.id, viewer);
    expect(names(body)).toEqual([fans[3]!.username, fans[0]!.username]);
    // Others still see everyone.
    expect(names((await likers(post.id, author)).body)).toEqual(newestFirst());
    await block(viewer, fans[1]!, 'DELETE');
    await block(fans[2]!, viewer, 'DELETE');
    expect(names((await likers(post.id, viewer)).body)).toEqual(newestFirst());
  });

  it('is 404 for a viewer blocked by the author, as the post itself is', async () => {
    const blocked = await signUpUser(server);
    await server.request(`/api/profiles/${blocked.id}/block`, {
      method: 'PUT',
      token: author.token,
    });
    expect((await server.request(`/api/posts/${post.id}`, { token: blocked.token })).status).toBe(
      404,
    );
    expect((await likers(post.id, blocked)).status).toBe(404);
  });

  it('leaves out suspended people until their suspension ends', async () => {
    const suspend = (action: 'suspend' | 'unsuspend') =>
      server.request(`/api/admin/users/${fans[3]!.id}/${action}`, {
        method: 'POST',
        token: admin.token,
        json: {},
      });
    expect((await suspend('suspend')).status).toBe(200);
    expect(names((await likers(post.id)).body)).toEqual(newestFirst().slice(1));
    expect((await suspend('unsuspend')).status).toBe(200);
    expect(names((await likers(post.id)).body)).toEqual(newestFirst());
  });

  it("follows a private account's rules: its approved followers only, others 404", async () => {
    const owner = await signUpUser(server);
    const privatePost = (await uploadPost(server, owner, await makeJpeg(300, 300))).body as Post;
    const follower = await signUpUser(server);
    await server.request(`/api/profiles/${owner.id}/follow`, {
      method: 'PUT',
      token: follower.token,
    });
    await server.request(`/api/posts/${privatePost.id}/like`, {
      method: 'PUT',
      token: follower.token,
    });
    const going = await server.request('/api/profiles/me', {
      method: 'PATCH',
      token: owner.token,
      json: { is_private: true },
    });
    expect(going.status).toBe(200);
    const stranger = await signUpUser(server);
    expect((await likers(privatePost.id)).status).toBe(404);
    expect((await likers(privatePost.id, stranger)).status).toBe(404);
    expect(names((await likers(privatePost.id, follower)).body)).toEqual([follower.username]);
    expect(names((await likers(privatePost.id, owner)).body)).toEqual([follower.username]);
  });

  it('shows an unlike at once', async () => {
    await server.request(`/api/posts/${post.id}/like`, { method: 'DELETE', token: fans[0]!.token });
    expect(names((await likers(post.id)).body)).toEqual(newestFirst().slice(0, 3));
  });
});

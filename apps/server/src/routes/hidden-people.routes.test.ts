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

/** People hidden from a viewer (blocked either way, suspended) are not named to them. */
describe.each(dialects)('hidden people in what a viewer reads on %s', (dialect) => {
  let server: Server;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    // The first account of a new instance is its admin.
    admin = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const mentionsIn = async (postId: string, viewer: TestUser | null) => {
    const token = viewer?.token;
    const one = await server.request(`/api/posts/${postId}`, { token });
    expect(one.status).toBe(200);
    const feed = await server.request('/api/posts?limit=50', { token });
    const inFeed = (feed.body.posts as { id: string; mentions: { username: string }[] }[]).find(
      (post) => post.id === postId,
    );
    const names = (one.body.mentions as { username: string }[]).map((person) => person.username);
    // The feed (a page shared by every reader) and the post on its own agree.
    expect(inFeed?.mentions.map((person) => person.username)).toEqual(names);
    return names;
  };

  it('a caption’s mention of someone blocked either way is plain text to the viewer alone', async () => {
    const [author, blocked, blocker, friend, viewer] = await Promise.all(
      Array.from({ length: 5 }, () => signUpUser(server)),
    );
    const caption = `with @${blocked!.username} @${blocker!.username} and @${friend!.username}`;
    const post = await uploadPost(server, author!, await makeJpeg(40, 30), { caption });
    expect(post.status).toBe(201);
    const everyone = [blocked!.username, blocker!.username, friend!.username];
    // Read once before the blocks: the shared page is cached, and must change at once.
    expect(await mentionsIn(post.body.id, viewer!)).toEqual(everyone);

    const blockOf = (who: TestUser, whom: TestUser) =>
      server.request(`/api/profiles/${whom.id}/block`, { method: 'PUT', token: who.token });
    expect((await blockOf(viewer!, blocked!)).status).toBeLessThan(300);
    expect((await blockOf(blocker!, viewer!)).status).toBeLessThan(300);
    expect(await mentionsIn(post.body.id, viewer!)).toEqual([friend!.username]);
    expect(await mentionsIn(post.body.id, null)).toEqual(everyone);
    expect(await mentionsIn(post.body.id, author!)).toEqual(everyone);
  });

  it('a suspended person’s mention is plain text to everyone, and a link again once restored', async () => {
    const [author, suspended, viewer] = await Promise.all(
      Array.from({ length: 3 }, () => signUpUser(server)),
    );
    const caption = `hello @${suspended!.username}`;
    const post = await uploadPost(server, author!, await makeJpeg(40, 30), { caption });
    expect(await mentionsIn(post.body.id, viewer!)).toEqual([suspended!.username]);
    const suspend = (action: string) =>
      server.request(`/api/admin/users/${suspended!.id}/${action}`, {
        method: 'POST',
        token: admin.token,
      });
    expect((await suspend('suspend')).status).toBe(200);
    expect(await mentionsIn(post.body.id, viewer!)).toEqual([]);
    expect(await mentionsIn(post.body.id, null)).toEqual([]);
    expect((await suspend('unsuspend')).status).toBe(200);
    expect(await mentionsIn(post.body.id, viewer!)).toEqual([suspended!.username]);
  });

  it('a suspended person leaves followers, following, their counts and “Followed by” at once, and comes back', async () => {
    const [viewer, star, suspended, fan] = await Promise.all(
      Array.from({ length: 4 }, () => signUpUser(server)),
    );
    const follow = (who: TestUser, whom: TestUser) =>
      server.request(`/api/profiles/${whom.id}/follow`, { method: 'PUT', token: who.token });
    // The viewer follows the soon suspended person, who follows the star (a friend of a friend).
    for (const [who, whom] of [
      [viewer!, suspended!],
      [suspended!, star!],
      [star!, suspended!],
      [fan!, star!],
    ] as const) {
      expect((await follow(who, whom)).status).toBe(200);
    }
    const names = async (path: string) =>
      (
        (await server.request(path, { token: viewer!.token })).body.profiles as {
          username: string;
        }[]
      ).map((person) => person.username);
    const reasonFor = async (person: TestUser) => {
      const response = await server.request('/api/suggestions?limit=50', { token: viewer!.token });
      const found = (response.body.profiles as { id: string; reason: string }[]).find(
        (suggestion) => suggestion.id === person.id,
      );
      return found?.reason;
    };
    expect((await names(`/api/profiles/${star!.id}/followers`)).sort()).toEqual(
      [suspended!.username, fan!.username].sort(),
    );
    expect(await names(`/api/profiles/${star!.id}/following`)).toEqual([suspended!.username]);
    const counts = async () => {
      const profile = await server.request(`/api/profiles/${star!.id}`, { token: viewer!.token });
      return [profile.body.followers_count, profile.body.following_count];
    };
    expect(await counts()).toEqual([2, 1]);
    // Read once before the suspension: the suggestions are cached, and must change at once.
    expect(await reasonFor(star!)).toBe(`Followed by ${suspended!.username}`);

    const suspend = (action: string) =>
      server.request(`/api/admin/users/${suspended!.id}/${action}`, {
        method: 'POST',
        token: admin.token,
      });
    expect((await suspend('suspend')).status).toBe(200);
    expect(await names(`/api/profiles/${star!.id}/followers`)).toEqual([fan!.username]);
    expect(await names(`/api/profiles/${star!.id}/following`)).toEqual([]);
    expect(await reasonFor(star!)).not.toContain(suspended!.username);
    expect(await counts()).toEqual([1, 0]);

    expect((await suspend('unsuspend')).status).toBe(200);
    expect(await names(`/api/profiles/${star!.id}/following`)).toEqual([suspended!.username]);
    expect(await reasonFor(star!)).toBe(`Followed by ${suspended!.username}`);
    expect(await counts()).toEqual([2, 1]);
  });

  it('the likes and comments of someone blocked either way leave the counts the viewer sees', async () => {
    const [author, other, reader] = await Promise.all(
      Array.from({ length: 3 }, () => signUpUser(server)),
    );
    const post = (await uploadPost(server, author!, await makeJpeg(40, 30))).body as { id: string };
    for (const fan of [other!, reader!]) {
      await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: fan.token });
      const comment = await server.request(`/api/posts/${post.id}/comments`, {
        method: 'POST',
        json: { content: 'nice' },
        token: fan.token,
      });
      expect(comment.status).toBe(201);
    }
    const countsFor = async (viewer: TestUser | null) => {
      const one = await server.request(`/api/posts/${post.id}`, { token: viewer?.token });
      const feed = await server.request('/api/posts?limit=50', { token: viewer?.token });
      const inFeed = (
        feed.body.posts as { id: string; likes_count: number; comments_count: number }[]
      ).find((item) => item.id === post.id);
      // The shared feed page and the post on its own agree.
      expect([inFeed?.likes_count, inFeed?.comments_count]).toEqual([
        one.body.likes_count,
        one.body.comments_count,
      ]);
      return [one.body.likes_count, one.body.comments_count];
    };
    expect(await countsFor(author!)).toEqual([2, 2]);
    // The author blocks one of them: on their own post, that person's like and comment are gone.
    const blocked = await server.request(`/api/profiles/${other!.id}/block`, {
      method: 'PUT',
      token: author!.token,
    });
    expect(blocked.status).toBeLessThan(300);
    expect(await countsFor(author!)).toEqual([1, 1]);
    expect(await countsFor(reader!)).toEqual([2, 2]);
    expect(await countsFor(null)).toEqual([2, 2]);
    await server.request(`/api/profiles/${other!.id}/block`, {
      method: 'DELETE',
      token: author!.token,
    });
    expect(await countsFor(author!)).toEqual([2, 2]);
  });
});

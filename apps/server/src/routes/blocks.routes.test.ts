import { randomBytes } from 'node:crypto';
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
interface Item {
  id: string;
}
const ids = (items: readonly Item[]) => items.map((item) => item.id);

/**
 * The block matrix: for every list and every action, what the
 * viewer stops seeing of, and doing to, the other person — once when the viewer blocks, once when
 * the other blocks the viewer. Each list is read before the block too, so a cached page from
 * before it would show up; unblocking brings everything back but the follows.
 */
describe.each(dialects)('the block matrix on %s', (dialect) => {
  let server: Server;
  let photo: Buffer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    photo = await makeJpeg(64, 48);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  describe.each(['viewer', 'other'] as const)('when the %s blocks', (blocker) => {
    /** Who reads (V), who is hidden from them (O), and a third person both know (T). */
    let viewer: TestUser;
    let other: TestUser;
    let third: TestUser;
    let otherPost: string;
    let thirdPost: string;
    let otherComment: string;
    let otherStory: string;
    let viewerStory: string;
    const tag = `blk${randomBytes(4).toString('hex')}`;

    const get = (path: string, who: TestUser | null = viewer) =>
      server.request(path, { token: who?.token });
    const send = (method: string, path: string, who: TestUser, json?: unknown) =>
      server.request(path, { method, token: who.token, json });
    const ok = async (path: string, who: TestUser | null = viewer) => {
      const response = await get(path, who);
      expect(response.status, path).toBe(200);
      return response.body;
    };
    const setBlock = (method: 'PUT' | 'DELETE') =>
      blocker === 'viewer'
        ? send(method, `/api/profiles/${other.id}/block`, viewer)
        : send(method, `/api/profiles/${viewer.id}/block`, other);
    const shareStory = async (who: TestUser) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 's.jpg');
      const response = await server.request('/api/stories', {
        method: 'POST',
        body: form,
        token: who.token,
      });
      expect(response.status).toBe(201);
      return response.body.id as string;
    };
    const follow = async (who: TestUser, whom: TestUser) =>
      expect((await send('PUT', `/api/profiles/${whom.id}/follow`, who)).status).toBe(200);

    /** Every list the viewer reads where the other person (or their post) may appear. */
    const lists = {
      feed: async () => ids((await ok('/api/posts?limit=50')).posts),
      following: async () => ids((await ok('/api/posts?limit=50&feed=following')).posts),
      explore: async () => ids((await ok('/api/explore?limit=50')).posts),
      hashtag: async () => ids((await ok(`/api/hashtags/${tag}/posts`)).posts),
      tagged: async () => ids((await ok(`/api/profiles/${third.id}/tagged`)).posts),
      saved: async () => ids((await ok('/api/me/saved')).posts),
      search: async () => ids((await ok(`/api/search?q=${other.username}`)).profiles),
      searchByName: async () => ids((await ok(`/api/search?q=${tag}`)).profiles),
      suggestions: async () => ids((await ok('/api/suggestions?limit=50')).profiles),
      thirdFollowers: async () => ids((await ok(`/api/profiles/${third.id}/followers`)).profiles),
      thirdFollowing: async () => ids((await ok(`/api/profiles/${third.id}/following`)).profiles),
      trays: async () =>
        ((await ok('/api/stories')).trays as { author: Item }[]).map((tray) => tray.author.id),
      comments: async () => ids((await ok(`/api/posts/${thirdPost}/comments`)).comments),
      previews: async () => ids((await ok(`/api/posts/${thirdPost}`)).comments_preview),
      feedPreviews: async () =>
        ((await ok('/api/posts?limit=50')).posts as { id: string; comments_preview: Item[] }[])
          .filter((post) => post.id === thirdPost)
          .flatMap((post) => ids(post.comments_preview)),
      storyViewers: async () =>
        ((await ok(`/api/stories/${viewerStory}/viewers`)).viewers as { profile: Item }[]).map(
          (entry) => entry.profile.id,
        ),
      notificationActors: async () =>
        ((await ok('/api/notifications')).notifications as { actor: Item }[]).map(
          (n) => n.actor.id,
        ),
    };
    /** What each list shows of the other person when nothing hides them. */
    const expected = () => ({
      feed: otherPost,
      following: otherPost,
      explore: otherPost,
      hashtag: otherPost,
      tagged: otherPost,
      saved: otherPost,
      search: other.id,
      searchByName: other.id,
      suggestions: other.id,
      thirdFollowers: other.id,
      thirdFollowing: other.id,
      trays: other.id,
      comments: otherComment,
      previews: otherComment,
      feedPreviews: otherComment,
      storyViewers: other.id,
      notificationActors: other.id,
    });
    type ListName = keyof typeof lists;
    const seen = async (name: ListName) => (await lists[name]()).includes(expected()[name]);

    beforeAll(async () => {
      [viewer, other, third] = await Promise.all([
        signUpUser(server, { full_name: `Viewer ${tag}` }),
        signUpUser(server, { full_name: `Other ${tag}` }),
        signUpUser(server),
      ]);
      await follow(viewer, other);
      await follow(other, viewer);
      await follow(other, third);
      await follow(third, other);
      thirdPost = (await uploadPost(server, third, photo, { caption: 'a walk' })).body.id;
      const posted = await uploadPost(server, other, photo, {
        caption: `#${tag} with @${third.username}`,
      });
      otherPost = posted.body.id;
      const comment = await send('POST', `/api/posts/${thirdPost}/comments`, other, {
        content: 'nice one',
      });
      otherComment = comment.body.id;
      expect((await send('PUT', `/api/posts/${otherPost}/save`, viewer)).status).toBe(200);
      otherStory = await shareStory(other);
      viewerStory = await shareStory(viewer);
      expect((await send('PUT', `/api/stories/${viewerStory}/view`, other)).status).toBe(204);
      // The other likes the viewer's post: a notification the viewer has from them.
      const viewerPost = (await uploadPost(server, viewer, photo)).body.id as string;
      expect((await send('PUT', `/api/posts/${viewerPost}/like`, other)).status).toBe(200);
    });

    it('shows the other everywhere before the block (and warms every cache)', async () => {
      for (const name of Object.keys(lists) as ListName[]) {
        // Suggestions leave out whom you follow: the other comes back there once the block ends it.
        if (name === 'suggestions') continue;
        expect(await seen(name), name).toBe(true);
      }
    });

    it('answers 404 for every direct address of the other, both ways', async () => {
      expect((await setBlock('PUT')).body).toEqual({ blocked: true });
      for (const [reader, person, post, story] of [
        [viewer, other, otherPost, otherStory],
        [other, viewer, otherPost, viewerStory],
      ] as const) {
        // The blocker still finds the profile, flagged (its "You blocked …" page with Unblock);
        // the person blocked finds nothing. What it holds stays hidden from both.
        const readerBlocked = (reader === viewer) === (blocker === 'viewer');
        for (const path of [
          `/api/profiles/${person.id}`,
          `/api/profiles/by-username/${person.username}`,
        ]) {
          const response = await get(path, reader);
          expect(response.status, path).toBe(readerBlocked ? 200 : 404);
          if (readerBlocked) expect(response.body.blocked_by_me, path).toBe(true);
        }
        const paths = [
          `/api/profiles/${person.id}/posts`,
          `/api/profiles/${person.id}/followers`,
          `/api/profiles/${person.id}/following`,
          `/api/profiles/${person.id}/tagged`,
          `/api/stories/${story}`,
        ];
        if (reader === viewer) paths.push(`/api/posts/${post}`, `/api/posts/${post}/comments`);
        for (const path of paths) expect((await get(path, reader)).status, path).toBe(404);
      }
      // The pages the server renders: a profile and a post.
      const page = (path: string) => server.request(path, { cookie: viewer.cookie });
      // (The blocker's page of the person blocked is theirs, flagged: blocks-profile.routes.test.ts.)
      if (blocker === 'other') expect((await page(`/${other.username}`)).status).toBe(404);
      expect((await page(`/p/${otherPost}`)).status).toBe(404);
      // Others still see both.
      expect((await get(`/api/posts/${otherPost}`, third)).status).toBe(200);
      expect((await get(`/api/profiles/${viewer.id}`, third)).status).toBe(200);
    });

    it('refuses every action on the other, both ways', async () => {
      const viewerPost = (await uploadPost(server, viewer, photo)).body.id as string;
      for (const [actor, person, post, story] of [
        [viewer, other, otherPost, otherStory],
        [other, viewer, viewerPost, viewerStory],
      ] as const) {
        const calls: [string, string, unknown?][] = [
          ['PUT', `/api/profiles/${person.id}/follow`],
          ['PUT', `/api/posts/${post}/like`],
          ['POST', `/api/posts/${post}/comments`, { content: 'hello' }],
          ['PUT', `/api/posts/${post}/save`],
          ['PUT', `/api/stories/${story}/view`],
        ];
        for (const [method, path, json] of calls) {
          expect((await send(method, path, actor, json)).status, `${method} ${path}`).toBe(404);
        }
      }
      const rows = await server.context.database.db
        .selectFrom('follows')
        .select('follower_id')
        .where((eb) =>
          eb.or([
            eb.and([eb('follower_id', '=', viewer.id), eb('followee_id', '=', other.id)]),
            eb.and([eb('follower_id', '=', other.id), eb('followee_id', '=', viewer.id)]),
          ]),
        )
        .execute();
      expect(rows).toEqual([]);
    });

    it('hides the other from every list at once, whatever was cached', async () => {
      for (const name of Object.keys(lists) as ListName[]) {
        expect(await seen(name), name).toBe(false);
      }
    });

    it('hides the viewer from the other the same way', async () => {
      const viewerPost = (await uploadPost(server, viewer, photo, { caption: `#${tag}` })).body
        .id as string;
      const asOther = (path: string) => ok(path, other);
      expect(ids((await asOther('/api/posts?limit=50')).posts)).not.toContain(viewerPost);
      expect(ids((await asOther('/api/explore?limit=50')).posts)).not.toContain(viewerPost);
      expect(ids((await asOther(`/api/hashtags/${tag}/posts`)).posts)).not.toContain(viewerPost);
      expect(ids((await asOther(`/api/search?q=${viewer.username}`)).profiles)).toEqual([]);
      expect(ids((await asOther('/api/suggestions?limit=50')).profiles)).not.toContain(viewer.id);
      const trays = (await asOther('/api/stories')).trays as { author: Item }[];
      expect(trays.map((tray) => tray.author.id)).not.toContain(viewer.id);
      // Third people still see both of them.
      expect(ids((await ok('/api/posts?limit=50', third)).posts)).toEqual(
        expect.arrayContaining([viewerPost, otherPost]),
      );
    });

    it('tells neither of the other: no mention, no notification', async () => {
      await send('POST', `/api/posts/${thirdPost}/comments`, other, {
        content: `@${viewer.username} look`,
      });
      await uploadPost(server, other, photo, { caption: `hi @${viewer.username}` });
      await send('POST', `/api/posts/${thirdPost}/comments`, viewer, {
        content: `@${other.username} look`,
      });
      expect(await lists.notificationActors()).not.toContain(other.id);
      const othersActors = (
        (await ok('/api/notifications', other)).notifications as {
          actor: Item;
        }[]
      ).map((n) => n.actor.id);
      expect(othersActors).not.toContain(viewer.id);
    });

    it('shows the other again after the unblock, but not the follows', async () => {
      expect((await setBlock('DELETE')).body).toEqual({ blocked: false });
      const profile = await ok(`/api/profiles/${other.id}`);
      expect(profile).toMatchObject({ followed_by_me: false, follows_me: false });
      for (const name of [
        'feed',
        'explore',
        'hashtag',
        'tagged',
        'saved',
        'search',
        'searchByName',
        'suggestions',
        'thirdFollowers',
        'thirdFollowing',
        'comments',
        'previews',
        'feedPreviews',
        'storyViewers',
      ] as const) {
        expect(await seen(name), name).toBe(true);
      }
      // Not followed any more: neither the Following feed nor the trays hold the other.
      expect(await seen('following')).toBe(false);
      expect(await seen('trays')).toBe(false);
      expect((await get(`/api/posts/${otherPost}`)).status).toBe(200);
      expect((await send('PUT', `/api/posts/${otherPost}/like`, viewer)).status).toBe(200);
    });
  });
});

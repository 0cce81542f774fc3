import { feedImageSizes, srcSet, type Post } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { embeddedFirstScreen as embedded, makeWebDist } from '../test/web-dist';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

const hostileCaption = '</script><script>alert(1)</script><!-- $& $1 \u2028 </SCRIPT>';

function preloads(html: string): string[] {
  return html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
}

const attribute = (tag: string, name: string) =>
  new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&');

describe.each(dialects)('the app page on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let webDist: ReturnType<typeof makeWebDist>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    webDist = makeWebDist();
    server = await startTestServer(dialect, { WEB_DIST_DIR: webDist.dir });
    [alice, bob] = await Promise.all([signUpUser(server), signUpUser(server)]);
  });
  afterAll(async () => {
    await disposeTestServer(server);
    webDist.remove();
  });

  it('with no posts: the session and an empty first page, no photo to preload', async () => {
    const response = await server.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(embedded(response.text)).toEqual({
      session: { user: null, profile: null },
      feed: { posts: [], next_cursor: null },
      feed_kind: 'everyone',
    });
    expect(preloads(response.text)).toEqual([]);
  });

  describe('with posts', () => {
    let liked: Post;
    let newest: Post;

    beforeAll(async () => {
      const jpeg = await makeJpeg(1200, 900);
      liked = (await uploadPost(server, bob, jpeg, { caption: 'liked by alice' })).body as Post;
      await server.request(`/api/posts/${liked.id}/like`, { method: 'PUT', token: alice.token });
      newest = (
        await uploadPost(server, bob, await makeJpeg(700, 500), { caption: hostileCaption })
      ).body as Post;
    });

    it('signed out: carries the feed page the API answers and preloads its first photo', async () => {
      const response = await server.request('/');
      const api = await server.request('/api/posts?limit=20');
      expect(response.status).toBe(200);
      const data = embedded(response.text);
      expect(data.session).toEqual({ user: null, profile: null });
      expect(data.feed).toEqual(api.body);
      expect(data.feed?.posts[0]?.id).toBe(newest.id);

      const [preload, ...others] = preloads(response.text);
      expect(others).toEqual([]);
      expect(preload).toContain('fetchpriority="high"');
      // The same candidates and sizes as the feed's <img>, or the browser would fetch twice.
      expect(attribute(preload!, 'imagesrcset')).toBe(srcSet(newest.image, newest.image_url));
      expect(attribute(preload!, 'imagesizes')).toBe(feedImageSizes);
      // In the head, so the photo is asked for before the script is even parsed.
      expect(response.text.indexOf(preload!)).toBeLessThan(response.text.indexOf('</head>'));
    });

    it('a caption with </script> stays inside the data, and reads back word for word', async () => {
      const { text } = await server.request('/');
      expect(text.match(/<\/script>/gi)).toHaveLength(2);
      expect(text).not.toContain('<script>alert(1)');
      expect(text).not.toContain('<!-- $&');
      const post = embedded(text).feed?.posts.find((p) => p.id === newest.id);
      expect(post?.caption).toBe(hostileCaption);
    });

    it('signed in: the reader’s session and likes, never another reader’s', async () => {
      const everyone = (user: TestUser) => `${user.cookie}; pinhole_feed=everyone`;
      const mine = await server.request('/', { cookie: everyone(alice) });
      const data = embedded(mine.text);
      expect(data.session.user).toMatchObject({ id: alice.id, email: alice.email });
      expect(data.session.profile?.username).toBe(alice.username);
      expect(data.feed?.posts.find((p) => p.id === liked.id)?.liked_by_me).toBe(true);
      const apiAsAlice = await server.request('/api/posts?limit=20', { cookie: alice.cookie });
      expect(data.feed).toEqual(apiAsAlice.body);
      expect(data.feed_kind).toBe('everyone');

      const theirs = embedded((await server.request('/', { cookie: everyone(bob) })).text);
      expect(theirs.session.user?.id).toBe(bob.id);
      expect(theirs.feed?.posts.find((p) => p.id === liked.id)?.liked_by_me).toBe(false);
      const nobody = embedded((await server.request('/')).text);
      expect(nobody.session.user).toBeNull();
      expect(nobody.feed?.posts.every((p) => !p.liked_by_me)).toBe(true);
    });

    it('signed in: the Following feed unless the reader chose Everyone (the feed cookie)', async () => {
      const carol = await signUpUser(server);
      const empty = embedded((await server.request('/', { cookie: carol.cookie })).text);
      expect(empty.feed_kind).toBe('following');
      expect(empty.feed?.posts).toEqual([]);

      await server.request(`/api/profiles/${bob.id}/follow`, { method: 'PUT', token: carol.token });
      const following = embedded((await server.request('/', { cookie: carol.cookie })).text);
      const api = await server.request('/api/posts?limit=20&feed=following', {
        cookie: carol.cookie,
      });
      expect(following.feed).toEqual(api.body);
      expect(following.feed?.posts.map((p) => p.author.id)).toContain(bob.id);
      expect(following.feed?.posts.every((p) => p.author.id === bob.id)).toBe(true);
    });

    it('is never kept by a shared cache, and varies with the cookie', async () => {
      for (const cookie of [undefined, alice.cookie]) {
        const { headers } = await server.request('/', { cookie });
        expect(headers.get('cache-control')).toBe('private, no-cache');
        expect(headers.get('vary')).toMatch(/cookie/i);
      }
    });

    it('an expired or unknown session is a signed-out page', async () => {
      const response = await server.request('/', { cookie: 'pinhole_session=not-a-session' });
      expect(response.status).toBe(200);
      expect(embedded(response.text).session).toEqual({ user: null, profile: null });
    });

    it('shows a new post on the next page load (the cached page is forgotten)', async () => {
      const before = embedded((await server.request('/')).text);
      const fresh = (await uploadPost(server, alice, await makeJpeg(640, 640), { caption: 'new' }))
        .body as Post;
      const after = embedded((await server.request('/')).text);
      expect(before.feed?.posts[0]?.id).not.toBe(fresh.id);
      expect(after.feed?.posts[0]?.id).toBe(fresh.id);
    });
  });

  it('other paths keep their answers: API and asset misses are JSON 404s', async () => {
    const api = await server.request('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect((await server.request('/assets/index-gone.js')).status).toBe(404);
    expect((await server.request('/storage/user-uploads/nothing.webp')).status).toBe(404);
  });
});

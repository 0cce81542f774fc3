import {
  pagePatterns,
  postPageImageSizes,
  srcSet,
  type Post,
  type Profile,
} from '@pinhole/contracts';
import { sql } from 'kysely';
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
import { embeddedFirstScreen, makeWebDist, rawGet } from '../test/web-dist';

const notFoundTitle = '<title>Page not found • Pinhole</title>';

/** Every address of the app that the server knows nothing more about than that it exists. */
const clientPages = [
  '/explore',
  '/explore/people',
  '/explore/tags/sunset',
  '/stories/someone/0190a7e2-0000-7000-8000-000000000000',
  '/notifications',
  '/accounts/edit',
  '/accounts/password',
  '/accounts/sessions',
  '/accounts/import',
  '/accounts/blocked',
  '/accounts/password/reset',
  '/admin',
  // Each admin tab has its own address (a reload keeps the tab).
  '/admin/users',
  '/admin/audit',
  '/about',
  '/p/0190a7e2-0000-7000-8000-000000000000/liked_by',
];

describe.each(dialects)('the addresses of people and posts on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let webDist: ReturnType<typeof makeWebDist>;
  let alice: TestUser;
  let bob: TestUser;
  let post: Post;

  beforeAll(async () => {
    webDist = makeWebDist();
    server = await startTestServer(dialect, { WEB_DIST_DIR: webDist.dir });
    [alice, bob] = await Promise.all([signUpUser(server), signUpUser(server)]);
    post = (await uploadPost(server, bob, await makeJpeg(1200, 900), { caption: 'a lake' }))
      .body as Post;
    await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: alice.token });
  });
  afterAll(async () => {
    await disposeTestServer(server);
    webDist.remove();
  });

  /** A 404 that is the client's not-found page, never the API's JSON nor a bare error. */
  function expectNotFoundPage(response: { status: number; text: string }) {
    expect(response.status).toBe(404);
    expect(response.text).toContain('<div id="root"></div>');
    expect(response.text).toContain(notFoundTitle);
    expect(response.text.match(/<title>/g)).toHaveLength(1);
    // Said in the first screen too: the client then does not ask the API for it again.
    expect(embeddedFirstScreen(response.text)).toMatchObject({ not_found: true });
  }

  describe('/:username', () => {
    it('is the profile as GET /api/profiles/by-username answers, in any case', async () => {
      for (const path of [`/${bob.username}`, `/${bob.username.toUpperCase()}`]) {
        const page = await server.request(path, { cookie: alice.cookie });
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        const api = await server.request(`/api/profiles/by-username/${path.slice(1)}`, {
          cookie: alice.cookie,
        });
        expect(api.status).toBe(200);
        const data = embeddedFirstScreen(page.text);
        expect(data.profile).toEqual(api.body);
        expect((data.profile as Profile).username).toBe(bob.username);
        expect(data.session.user?.id).toBe(alice.id);
        expect(data.feed).toBeUndefined();
        expect(data.post).toBeUndefined();
      }
    });

    it('its tabs are the same profile', async () => {
      for (const tab of ['saved', 'tagged', 'followers', 'following']) {
        const page = await server.request(`/${bob.username}/${tab}`);
        expect(page.status, tab).toBe(200);
        expect(embeddedFirstScreen(page.text).profile?.id).toBe(bob.id);
      }
    });

    it('of nobody is the not-found page, with the reader’s session', async () => {
      for (const path of ['/nobody_at_all', '/nobody_at_all/saved', '/nobody_at_all/followers']) {
        const page = await server.request(path, { cookie: alice.cookie });
        expectNotFoundPage(page);
        expect(embeddedFirstScreen(page.text)).toEqual({
          session: {
            user: expect.objectContaining({ id: alice.id, email: alice.email }),
            profile: expect.objectContaining({ id: alice.id }),
          },
          not_found: true,
        });
      }
      expect((await server.request('/api/profiles/by-username/nobody_at_all')).status).toBe(404);
    });

    it('odd Unicode, dots and control characters name nobody', async () => {
      const names = [
        'al%C3%AFce', // alïce
        '%F0%9F%98%80', // an emoji
        'ali%E2%80%8Bce', // a zero-width space inside
        '%E2%80%AEecila', // right-to-left override
        '%00',
        '%2e%2e',
        '...',
        'a%20b',
        'x'.repeat(31),
      ];
      for (const name of names) {
        const page = await rawGet(server.url, `/${name}`);
        expect(page.status, name).toBe(404);
        expect(page.text, name).toContain(notFoundTitle);
      }
    });
  });

  describe('/p/:id', () => {
    it('is the post as GET /api/posts/:id answers for this reader, its photo preloaded', async () => {
      for (const reader of [alice, null]) {
        const cookie = reader?.cookie;
        const page = await server.request(`/p/${post.id}`, { cookie });
        expect(page.status).toBe(200);
        const api = await server.request(`/api/posts/${post.id}`, { cookie });
        const data = embeddedFirstScreen(page.text);
        expect(data.post).toEqual(api.body);
        expect(data.post?.liked_by_me).toBe(reader !== null);
        expect(data.session.user?.id ?? null).toBe(reader?.id ?? null);
        expect(data.feed).toBeUndefined();

        const preloads = page.text.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
        expect(preloads).toHaveLength(1);
        const attribute = (name: string) =>
          new RegExp(`${name}="([^"]*)"`).exec(preloads[0]!)?.[1]?.replace(/&amp;/g, '&');
        expect(attribute('imagesrcset')).toBe(srcSet(post.image, post.image_url));
        expect(attribute('imagesizes')).toBe(postPageImageSizes);
      }
    });

    it('of no post, or of a malformed id, is the not-found page', async () => {
      const ids = [
        '0190a7e2-0000-7000-8000-000000000000',
        'not-a-post',
        'x'.repeat(64),
        '%00',
        '%27%3B%20drop%20table%20posts%3B--',
        '%E2%80%8B',
        'x'.repeat(300),
      ];
      for (const id of ids) {
        const page = await rawGet(server.url, `/p/${id}`);
        expect(page.status, id).toBe(404);
        expect(page.text, id).toContain(notFoundTitle);
      }
    });
  });

  it("answers every page of the contracts' table (the web router's too) as the app", async () => {
    const samples: Record<string, string> = { username: bob.username, id: post.id, tag: 'sunset' };
    for (const pattern of pagePatterns()) {
      const path = pattern.replace(/:(\w+)/g, (_, name: string) => samples[name] ?? name);
      const page = await server.request(path, { cookie: alice.cookie });
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(page.text, path).not.toContain(notFoundTitle);
    }
  });

  it('the client’s other pages are its HTML, with the session only', async () => {
    for (const path of clientPages) {
      const page = await server.request(path, { cookie: alice.cookie });
      expect(page.status, path).toBe(200);
      expect(embeddedFirstScreen(page.text)).toEqual({
        session: expect.objectContaining({
          user: expect.objectContaining({ id: alice.id, email: alice.email }),
        }),
      });
      expect(page.text).toContain('<title>Pinhole</title>');
    }
  });

  it('any other path is the not-found page with status 404', async () => {
    for (const path of [
      '/some/page',
      '/p',
      '/p/',
      '/accounts',
      '/accounts/nothing',
      '/explore/x/y',
    ]) {
      const page = await server.request(path);
      expectNotFoundPage(page);
      expect(embeddedFirstScreen(page.text)).toEqual({
        session: { user: null, profile: null },
        not_found: true,
      });
    }
    const head = await server.request('/some/page', { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('dot segments, raw or percent-encoded, never reach a file: the not-found page', async () => {
    const paths = [
      '/../../etc/passwd',
      '/p/..',
      '/p/%2e%2e',
      '/%2e%2e/%2e%2e/etc/passwd',
      `/${bob.username}/../../package.json`,
      '/..%2f..%2fpackage.json',
      '/.%2e/index.html',
    ];
    for (const path of paths) {
      const page = await rawGet(server.url, path);
      expect(page.status, path).toBe(404);
      expect(page.text, path).toContain(notFoundTitle);
    }
  });

  it('a 10 KB path or broken percent-encoding is the not-found page, with the security headers', async () => {
    const paths = [
      `/${'a'.repeat(10_000)}`,
      `/explore/tags/${'a'.repeat(10_000)}`,
      `/${bob.username}/${'b'.repeat(10_000)}`,
      '/%E0%A4%A',
      '/p/%E0%A4%A',
      '/%ZZ',
      `/${bob.username}/%C3`,
    ];
    for (const path of paths) {
      const page = await rawGet(server.url, path);
      expect(page.status, path.slice(0, 40)).toBe(404);
      expect(page.text, path.slice(0, 40)).toContain(notFoundTitle);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('under /api, /assets and /storage a miss stays the API’s JSON error', async () => {
    for (const path of ['/api', '/api/saved', '/assets/saved', '/assets', '/storage']) {
      const response = await server.request(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({
        error: { code: 'not_found', message: expect.any(String) },
      });
    }
    const unreadable = [
      '/api/posts/%E0%A4%A',
      `/api/posts/${'x'.repeat(300)}`,
      // PostgreSQL refuses a NUL in text: it must be refused before it reaches a query.
      '/api/posts/%00',
      '/api/posts/%00/comments',
      '/api/profiles/%00',
      '/api/profiles/by-username/%00',
      '/api/profiles/by-username/a%0Ab',
    ];
    for (const path of unreadable) {
      const response = await rawGet(server.url, path);
      expect(response.status, path.slice(0, 40)).toBe(400);
      expect(JSON.parse(response.text)).toMatchObject({
        error: { code: 'validation_error', message: expect.any(String) },
      });
    }
    const post = await server.request('/no-such-page', { method: 'POST', json: {} });
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('without its data (a table unreadable), a page is still the plain client page', async () => {
    const { db } = server.context.database;
    for (const [table, path] of [
      ['posts', `/p/${post.id}`],
      ['profiles', `/${bob.username}`],
    ] as const) {
      await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(
        db,
      );
      try {
        const page = await server.request(path);
        expect(page.status, path).toBe(200);
        expect(page.text).toContain('<title>Pinhole</title>');
        expect(page.text).not.toContain('id="first-screen"');
      } finally {
        await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(
          db,
        );
      }
    }
    expect(embeddedFirstScreen((await server.request(`/p/${post.id}`)).text).post?.id).toBe(
      post.id,
    );
  });

  it('files at the root are still files', async () => {
    const robots = await server.request('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toBe('User-agent: *\n');
  });

  it('a trailing slash is sent to the address without it, never to another site', async () => {
    const profile = await rawGet(server.url, `/${bob.username}/`);
    expect(profile.status).toBe(301);
    expect(profile.headers.location).toBe(`/${bob.username}`);
    const withQuery = await rawGet(server.url, `/p/${post.id}/?utm_source=chat`);
    expect(withQuery.status).toBe(301);
    expect(withQuery.headers.location).toBe(`/p/${post.id}?utm_source=chat`);
    for (const path of ['//evil.example/', '/\\evil.example/', '/%2F%2Fevil.example/', '/../']) {
      const response = await rawGet(server.url, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.location, path).toBeUndefined();
    }
  });
});

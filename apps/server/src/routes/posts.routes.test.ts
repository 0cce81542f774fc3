import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { hostileUploads } from '../test/hostile-images';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

describe.each(dialects)('post routes on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let alice: TestUser;
  let bob: TestUser;
  let jpeg: Buffer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [alice, bob] = await Promise.all([signUpUser(server), signUpUser(server)]);
    jpeg = await makeJpeg(1200, 900);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('creates a post from a JPEG: 201 Post with image sizes, variants and placeholder', async () => {
    const response = await uploadPost(server, alice, jpeg, { caption: 'Hello there' });
    expect(response.status).toBe(201);
    const post = response.body;
    expect(post).toMatchObject({
      user_id: alice.id,
      caption: 'Hello there',
      likes_count: 0,
      comments_count: 0,
      liked_by_me: false,
      author: { id: alice.id, username: alice.username, avatar_url: null, is_verified: false },
      comments_preview: [],
      image: { width: 1200, height: 900 },
    });
    expect(post.image_url).toMatch(
      new RegExp(`^/storage/user-uploads/${alice.id}/posts/\\d{13}-[0-9a-f]{32}\\.jpg$`),
    );
    expect(post.image.placeholder).toEqual(expect.any(String));
    expect(post.image.variants.map((v: { width: number }) => v.width)).toEqual([
      320, 640, 828, 1080,
    ]);
    const file = await fetch(server.url + post.image_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const profile = await server.request(`/api/profiles/${alice.id}`);
    expect(profile.body.posts_count).toBe(1);
  });

  it('stores an empty or blank caption as null', async () => {
    const response = await uploadPost(server, alice, jpeg, { caption: '   ' });
    expect(response.status).toBe(201);
    expect(response.body.caption).toBeNull();
    const none = await uploadPost(server, alice, jpeg);
    expect(none.body.caption).toBeNull();
  });

  it('strips GPS and camera EXIF from a stored JPEG', async () => {
    const withGps = await makeJpeg(640, 480, { withGps: true });
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const response = await uploadPost(server, alice, withGps);
    expect(response.status).toBe(201);
    const urls = [
      response.body.image_url,
      ...response.body.image.variants.map((v: { url: string }) => v.url),
    ];
    for (const url of urls) {
      const bytes = Buffer.from(await (await fetch(server.url + url)).arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes('PinholeTestCam')).toBe(false);
    }
  });

  it('requires a session to post: 401', async () => {
    const response = await uploadPost(server, null, jpeg);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthenticated');
  });

  it('refuses a file over 5 MB with 413 and the spec message, leaving nothing behind', async () => {
    const before = await server.context.database.db.selectFrom('posts').select('id').execute();
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const response = await uploadPost(server, alice, big);
    expect(response.status).toBe(413);
    expect(response.body.error).toMatchObject({
      code: 'file_too_large',
      message: 'File size must be less than 5MB',
    });
    const after = await server.context.database.db.selectFrom('posts').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, I am not an image'), 'notes.png', 'image/png'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
  ])('refuses %s with 415 and the spec message', async (_name, bytes, filename, type) => {
    const response = await uploadPost(server, alice, bytes, { filename, type });
    expect(response.status).toBe(415);
    expect(response.body.error).toMatchObject({
      code: 'unsupported_media_type',
      message: 'Please select an image file',
    });
  });

  it('refuses every hostile upload with the spec message, leaving no file and no row', async () => {
    const storageRoot = path.join(server.dataDir, 'storage');
    const storedFiles = () =>
      fs.existsSync(storageRoot)
        ? fs
            .readdirSync(storageRoot, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => path.join(entry.parentPath, entry.name))
            .sort()
        : [];
    const postRows = async () =>
      (await server.context.database.db.selectFrom('posts').select('id').execute()).length;
    const postsCount = async () =>
      (await server.request(`/api/profiles/${bob.id}`)).body.posts_count;
    // A good upload first: proves storedFiles() sees where the files go.
    const seen = storedFiles();
    expect((await uploadPost(server, bob, jpeg)).status).toBe(201);
    const filesBefore = storedFiles();
    expect(filesBefore.length).toBeGreaterThan(seen.length);
    const rowsBefore = await postRows();
    const countBefore = await postsCount();

    for (const upload of await hostileUploads()) {
      const response = await uploadPost(server, bob, upload.bytes, upload);
      expect(response.status, upload.name).toBe(upload.status);
      expect(response.body.error.message, upload.name).toBe(upload.message);
      expect(response.text, upload.name).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
      expect(storedFiles(), upload.name).toEqual(filesBefore);
      expect(await postRows(), upload.name).toBe(rowsBefore);
    }
    expect(await postsCount()).toBe(countBefore);
  });

  it('refuses a multipart request without an image, and a JSON body, with 415', async () => {
    const form = new FormData();
    form.append('caption', 'no image');
    const noImage = await server.request('/api/posts', {
      method: 'POST',
      body: form,
      token: alice.token,
    });
    expect(noImage.status).toBe(415);
    const json = await server.request('/api/posts', {
      method: 'POST',
      json: {},
      token: alice.token,
    });
    expect(json.status).toBe(415);
  });

  it('refuses a caption over 2200 characters with 400', async () => {
    const response = await uploadPost(server, alice, jpeg, { caption: 'x'.repeat(2201) });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
  });

  describe('feed', () => {
    let feedServer: Awaited<ReturnType<typeof startTestServer>>;
    let author: TestUser;
    let reader: TestUser;
    const created: string[] = [];

    beforeAll(async () => {
      feedServer = await startTestServer(dialect);
      [author, reader] = await Promise.all([signUpUser(feedServer), signUpUser(feedServer)]);
      const small = await makeJpeg(64, 48);
      for (let i = 0; i < 23; i++) {
        const response = await uploadPost(feedServer, author, small, { caption: `post ${i}` });
        expect(response.status).toBe(201);
        created.unshift(response.body.id);
      }
      // Comments on the newest post (3) and likes on the second, to check the embedded fields.
      for (const content of ['first', 'second', 'third']) {
        await feedServer.request(`/api/posts/${created[0]}/comments`, {
          method: 'POST',
          json: { content },
          token: reader.token,
        });
      }
      await feedServer.request(`/api/posts/${created[1]}/like`, {
        method: 'PUT',
        token: reader.token,
      });
    });
    afterAll(async () => {
      await disposeTestServer(feedServer);
    });

    it('pages newest first with a default limit of 10 and offsets', async () => {
      const first = await feedServer.request('/api/posts');
      expect(first.status).toBe(200);
      expect(first.body.posts.map((p: { id: string }) => p.id)).toEqual(created.slice(0, 10));
      const offset = await feedServer.request('/api/posts?limit=5&offset=20');
      expect(offset.body.posts.map((p: { id: string }) => p.id)).toEqual(created.slice(20, 25));
      expect(offset.body.next_cursor).toBeNull();
    });

    it('pages by keyset cursor through every post exactly once', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=7&cursor=${cursor}` : '?limit=7';
        const page = await feedServer.request(`/api/posts${query}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.posts.map((p: { id: string }) => p.id));
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(seen).toEqual(created);
    });

    it('clamps limit to 50 and refuses bad paging parameters with 400', async () => {
      const big = await feedServer.request('/api/posts?limit=100000');
      expect(big.status).toBe(200);
      expect(big.body.posts).toHaveLength(23);
      for (const query of [
        'limit=-1',
        'limit=0',
        'offset=-5',
        'offset=abc',
        'limit=abc',
        'cursor=forged',
      ]) {
        const response = await feedServer.request(`/api/posts?${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.error.code).toBe('validation_error');
      }
      const forged = Buffer.from(JSON.stringify(['x', 1])).toString('base64url');
      expect((await feedServer.request(`/api/posts?cursor=${forged}`)).status).toBe(400);
    });

    it('embeds liked_by_me, counts and the first 2 comments, oldest first', async () => {
      const signedIn = await feedServer.request('/api/posts?limit=3', { token: reader.token });
      const [newest, second] = signedIn.body.posts;
      expect(newest.comments_count).toBe(3);
      expect(newest.comments_preview.map((c: { content: string }) => c.content)).toEqual([
        'first',
        'second',
      ]);
      expect(newest.comments_preview[0].author).toEqual({
        id: reader.id,
        username: reader.username,
        avatar_url: null,
      });
      expect(second.liked_by_me).toBe(true);
      expect(second.likes_count).toBe(1);
      expect(newest.liked_by_me).toBe(false);
      const signedOut = await feedServer.request('/api/posts?limit=3');
      expect(signedOut.body.posts[1].liked_by_me).toBe(false);
      expect(signedOut.body.posts[1].likes_count).toBe(1);
    });

    it('builds a page of 20 from a fixed number of queries, signed in or out', async () => {
      // A like and an unlike on a post of the pages below: their cached pages are forgotten.
      await feedServer.request(`/api/posts/${created[5]}/like`, {
        method: 'PUT',
        token: author.token,
      });
      await feedServer.request(`/api/posts/${created[5]}/like`, {
        method: 'DELETE',
        token: author.token,
      });
      // Someone whose session and likes no cache has seen yet.
      const newcomer = await signUpUser(feedServer);
      /** The number of SQL statements one GET of `path` runs. */
      const queriesFor = async (path: string, token?: string) => {
        feedServer.queries.length = 0;
        await feedServer.request(path, { token });
        return feedServer.queries.length;
      };
      // change log + session + posts + their photos + comment previews + whom the viewer blocked
      // either way + the viewer's likes and saves, whatever the page size; then the session,
      // blocks, likes and saves of those posts are known, and signed out there are none of them.
      // SQLite reads the log's rows only after asking whether anything was written at all.
      const logAfterWrites = dialect === 'sqlite' ? 2 : 1;
      expect(await queriesFor('/api/posts?limit=19', newcomer.token)).toBe(7 + logAfterWrites);
      expect(await queriesFor('/api/posts?limit=4', newcomer.token)).toBe(4);
      expect(await queriesFor('/api/posts?limit=18')).toBe(4);
      // The same pages again with nothing written in between: only the change log.
      expect(await queriesFor('/api/posts?limit=19', newcomer.token)).toBe(1);
      expect(await queriesFor('/api/posts?limit=18')).toBe(1);
    });

    it("lists a profile's posts newest first, and 404 for an unknown profile", async () => {
      const posts = await feedServer.request(`/api/profiles/${author.id}/posts?limit=50`);
      expect(posts.body.posts.map((p: { id: string }) => p.id)).toEqual(created);
      const none = await feedServer.request(`/api/profiles/${reader.id}/posts`);
      expect(none.body).toEqual({ posts: [], next_cursor: null });
      expect((await feedServer.request('/api/profiles/nobody/posts')).status).toBe(404);
    });

    it('returns one post by id, and 404 for an unknown id', async () => {
      const post = await feedServer.request(`/api/posts/${created[1]}`, { token: reader.token });
      expect(post.body).toMatchObject({ id: created[1], liked_by_me: true, likes_count: 1 });
      const missing = await feedServer.request('/api/posts/01890000-0000-7000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('not_found');
    });
  });

  describe('likes and comments', () => {
    let postId: string;
    beforeAll(async () => {
      postId = (await uploadPost(server, alice, await makeJpeg(50, 50))).body.id;
    });

    it('likes and unlikes idempotently', async () => {
      const like = () =>
        server.request(`/api/posts/${postId}/like`, { method: 'PUT', token: bob.token });
      const unlike = () =>
        server.request(`/api/posts/${postId}/like`, { method: 'DELETE', token: bob.token });
      expect((await like()).body).toEqual({ liked: true, likes_count: 1 });
      expect((await like()).body).toEqual({ liked: true, likes_count: 1 });
      const aliceLike = await server.request(`/api/posts/${postId}/like`, {
        method: 'PUT',
        token: alice.token,
      });
      expect(aliceLike.body).toEqual({ liked: true, likes_count: 2 });
      expect((await unlike()).body).toEqual({ liked: false, likes_count: 1 });
      expect((await unlike()).body).toEqual({ liked: false, likes_count: 1 });
    });

    it('keeps the counter equal to the rows after 200 concurrent like/unlike requests', async () => {
      const users = await Promise.all(Array.from({ length: 5 }, () => signUpUser(server)));
      await Promise.all(
        Array.from({ length: 200 }, (_, i) => {
          const user = users[i % users.length]!;
          return server.request(`/api/posts/${postId}/like`, {
            method: i % 3 === 0 ? 'DELETE' : 'PUT',
            token: user.token,
          });
        }),
      );
      const db = server.context.database.db;
      const rows = await db
        .selectFrom('likes')
        .select('id')
        .where('post_id', '=', postId)
        .execute();
      const post = await db
        .selectFrom('posts')
        .select('likes_count')
        .where('id', '=', postId)
        .executeTakeFirstOrThrow();
      expect(Number(post.likes_count)).toBe(rows.length);
    });

    it('requires a session and an existing post', async () => {
      expect((await server.request(`/api/posts/${postId}/like`, { method: 'PUT' })).status).toBe(
        401,
      );
      const missing = '01890000-0000-7000-8000-000000000000';
      expect(
        (await server.request(`/api/posts/${missing}/like`, { method: 'PUT', token: bob.token }))
          .status,
      ).toBe(404);
      expect(
        (await server.request(`/api/posts/${missing}/like`, { method: 'DELETE', token: bob.token }))
          .status,
      ).toBe(404);
      const comment = await server.request(`/api/posts/${missing}/comments`, {
        method: 'POST',
        json: { content: 'hi' },
        token: bob.token,
      });
      expect(comment.status).toBe(404);
      expect((await server.request(`/api/posts/${missing}/comments`)).status).toBe(404);
    });

    it('adds trimmed comments and lists them oldest first', async () => {
      const added = await server.request(`/api/posts/${postId}/comments`, {
        method: 'POST',
        json: { content: '  nice photo  ' },
        token: bob.token,
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        post_id: postId,
        user_id: bob.id,
        content: 'nice photo',
        author: { id: bob.id, username: bob.username, avatar_url: null },
      });
      await server.request(`/api/posts/${postId}/comments`, {
        method: 'POST',
        json: { content: 'second' },
        token: alice.token,
      });
      const list = await server.request(`/api/posts/${postId}/comments`);
      expect(list.body.comments.map((c: { content: string }) => c.content)).toEqual([
        'nice photo',
        'second',
      ]);
      const post = await server.request(`/api/posts/${postId}`);
      expect(post.body.comments_count).toBe(2);
    });

    it.each([
      [{ content: '   ' }, 'Comment is required'],
      [{}, 'Comment is required'],
      [{ content: 42 }, 'Comment is required'],
      [{ content: 'x'.repeat(2201) }, 'Comment must be at most 2200 characters'] as const,
    ])('refuses a bad comment (%#) with 400', async (json, message) => {
      const response = await server.request(`/api/posts/${postId}/comments`, {
        method: 'POST',
        json,
        token: bob.token,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.fields.content).toBe(message);
    });

    it('needs a session to comment', async () => {
      const response = await server.request(`/api/posts/${postId}/comments`, {
        method: 'POST',
        json: { content: 'x' },
      });
      expect(response.status).toBe(401);
    });

    it('ignores identity and counters sent in bodies', async () => {
      const response = await server.request(`/api/posts/${postId}/comments`, {
        method: 'POST',
        json: { content: 'mine', user_id: alice.id, author: { id: alice.id }, likes_count: 99 },
        token: bob.token,
      });
      expect(response.body.user_id).toBe(bob.id);
    });
  });
});

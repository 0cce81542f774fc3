import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './storage/s3';
import { postImageKey } from './storage/storage';
import type { TestServer, TestUser } from './test/harness';
import {
  createPostgresDatabase,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from './test/harness';
import type { TestS3Server } from './test/s3-server';
import { startS3Server } from './test/s3-server';

type Instance = Awaited<ReturnType<typeof startTestServer>>;

/** The migrations the server bundles (db/migrate.ts), in order. */
const bundledMigrations = [
  '0001-initial',
  '0002-cache-changes-and-avatar-keys',
  '0003-follows',
  '0004-post-images-and-saves',
  '0005-account-and-imports',
  '0006-import-counts',
  '0007-discovery-and-notifications',
  '0008-discovery-extra',
  '0009-notifications-extra',
  '0010-stories',
  '0011-hashtag-folding',
  '0012-moderation',
  '0013-blocks',
  '0014-password-resets',
  '0015-avatar-placeholders',
  '0016-instance-settings',
  '0017-federation',
  '0018-messages',
  '0019-push',
  '0020-domain-blocks',
  '0021-blurhash',
  '0022-remote-posts',
  '0023-message-photos',
  '0024-media-attachments',
  '0025-message-story-reply',
  '0026-video-jobs',
];

/**
 * One more instance of the product: its own process state and data folder, the shared
 * PostgreSQL database and the shared bucket.
 */
function startInstance(s3: TestS3Server, databaseUrl: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-cluster-'));
  return startTestServer('postgres', { ...s3.env, ...env }, { dataDir, databaseUrl });
}

async function stopInstance(instance: Instance): Promise<void> {
  await instance.close();
  fs.rmSync(instance.dataDir, { recursive: true, force: true });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function fetchBytes(server: TestServer, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + url, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('several instances on one PostgreSQL database and one S3 bucket', () => {
  let s3: TestS3Server;

  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
  });

  it('two instances starting at the same moment on a fresh database both migrate it, three times over', async () => {
    for (let round = 1; round <= 3; round++) {
      const database = await createPostgresDatabase();
      const started = await Promise.allSettled([
        startInstance(s3, database.url),
        startInstance(s3, database.url),
      ]);
      const instances = started.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      );
      try {
        const failures = started.flatMap((result) =>
          result.status === 'rejected' ? [String(result.reason)] : [],
        );
        expect(failures, `round ${round}`).toEqual([]);
        const [a, b] = instances as [Instance, Instance];
        // Each migration ran exactly once, whoever got the lock first.
        const { rows } = await sql<{
          name: string;
        }>`select name from kysely_migration order by name`.execute(a.context.database.db);
        expect(rows.map((row) => row.name)).toEqual(bundledMigrations);
        expect((await a.request('/readyz')).status).toBe(200);
        expect((await b.request('/readyz')).status).toBe(200);
      } finally {
        await Promise.all(instances.map(stopInstance));
        await database.drop();
      }
    }
  });

  describe('A and B serving together', () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let a: Instance;
    let b: Instance;
    let bucket: S3Storage;
    let jpeg: Buffer;

    beforeAll(async () => {
      database = await createPostgresDatabase();
      [a, b] = await Promise.all([
        startInstance(s3, database.url),
        startInstance(s3, database.url),
      ]);
      bucket = new S3Storage(s3.storageOptions);
      jpeg = await makeJpeg(400, 300);
    });
    afterAll(async () => {
      bucket.close();
      await Promise.all([a, b].filter(Boolean).map(stopInstance));
      await database.drop();
    });

    it('a session made on A works on B, by cookie and by bearer token; signing out on B ends it on A', async () => {
      const user = await signUpUser(a);
      const byCookie = await b.request('/api/auth/session', { cookie: user.cookie });
      expect(byCookie.body.user).toMatchObject({ id: user.id, email: user.email });
      const byToken = await b.request('/api/auth/session', { token: user.token });
      expect(byToken.body.profile).toMatchObject({ id: user.id, username: user.username });

      const signIn = await a.request('/api/auth/sign-in', {
        method: 'POST',
        json: { email: user.email, password: user.password },
      });
      expect(signIn.status).toBe(200);
      const token = signIn.body.session.token as string;
      expect((await b.request('/api/auth/session', { token })).body.user.id).toBe(user.id);

      expect((await b.request('/api/auth/sign-out', { method: 'POST', token })).status).toBe(204);
      expect((await a.request('/api/auth/session', { token })).body.user).toBeNull();
      // The first session is another one, still alive.
      expect((await a.request('/api/auth/session', { token: user.token })).body.user.id).toBe(
        user.id,
      );
    });

    it('an image uploaded on A lands in the bucket and B streams it from S3: bytes, type, caching, ETag, ranges', async () => {
      const user = await signUpUser(a);
      const created = await uploadPost(a, user, jpeg, { caption: 'from A' });
      expect(created.status).toBe(201);
      const post = created.body;
      const key = (post.image_url as string).replace(/^\/storage\//, '');
      expect(key).toMatch(new RegExp(`^user-uploads/${user.id}/posts/\\d{13}-[0-9a-f]{32}\\.jpg$`));

      // The object is in the shared bucket under the same key as on disk.
      const stored = await bucket.head(key);
      expect(stored).toMatchObject({ contentType: 'image/jpeg' });
      const original = await readAll(await bucket.read(key));

      const { response, bytes } = await fetchBytes(b, post.image_url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('etag')).toBe(stored?.etag);
      expect(bytes.equals(original)).toBe(true);
      // A serves the same bytes with the same validator: caches can mix the two.
      const fromA = await fetchBytes(a, post.image_url);
      expect(fromA.response.headers.get('etag')).toBe(stored?.etag);
      expect(fromA.bytes.equals(original)).toBe(true);

      const ranged = await fetchBytes(b, post.image_url, { range: 'bytes=10-109' });
      expect(ranged.response.status).toBe(206);
      expect(ranged.response.headers.get('content-range')).toBe(`bytes 10-109/${original.length}`);
      expect(ranged.bytes.equals(original.subarray(10, 110))).toBe(true);

      const revalidated = await fetch(b.url + post.image_url, {
        headers: { 'if-none-match': stored?.etag ?? '' },
      });
      expect(revalidated.status).toBe(304);

      for (const variant of post.image.variants as { url: string }[]) {
        const file = await fetchBytes(b, variant.url);
        expect(file.response.status).toBe(200);
        expect(file.bytes.length).toBeGreaterThan(0);
      }
      // A key nobody wrote is a 404 on B too, not a 500.
      const missing = await b.request(`/storage/${postImageKey(user.id, 1, 'jpg')}`);
      expect(missing.status).toBe(404);
    });

    it("a page of B's feed shows the post just made on A, as do B's post and profile pages", async () => {
      const author = await signUpUser(a);
      const created = (await uploadPost(a, author, jpeg, { caption: 'seen from B' })).body;
      const feed = await b.request('/api/posts?limit=5');
      expect(feed.status).toBe(200);
      expect(feed.body.posts[0]).toMatchObject({
        id: created.id,
        caption: 'seen from B',
        author: { id: author.id, username: author.username },
      });
      expect((await b.request(`/api/posts/${created.id}`)).body.image_url).toBe(created.image_url);
      const byAuthor = await b.request(`/api/profiles/${author.id}/posts`);
      expect(byAuthor.body.posts.map((post: { id: string }) => post.id)).toEqual([created.id]);
      expect((await b.request(`/api/profiles/${author.id}`)).body.posts_count).toBe(1);
    });

    it("a save on A shows on B's warm pages at once, and a post deleted on A is gone from B with its files", async () => {
      const author = await signUpUser(a);
      const reader = await signUpUser(b);
      const created = (await uploadPost(a, author, jpeg)).body;
      // B's pages are warm, the post unsaved.
      const warm = await b.request('/api/posts?limit=5', { token: reader.token });
      expect(warm.body.posts[0]).toMatchObject({ id: created.id, saved_by_me: false });
      await b.request(`/api/profiles/${author.id}/posts`);

      const saved = await a.request(`/api/posts/${created.id}/save`, {
        method: 'PUT',
        token: reader.token,
      });
      expect(saved.body).toEqual({ saved: true });
      const onB = await b.request('/api/posts?limit=5', { token: reader.token });
      expect(onB.body.posts[0]).toMatchObject({ id: created.id, saved_by_me: true });
      const list = await b.request('/api/me/saved', { token: reader.token });
      expect(list.body.posts.map((post: { id: string }) => post.id)).toEqual([created.id]);

      const keys = [
        created.image_url,
        ...created.image.variants.map((v: { url: string }) => v.url),
      ].map((url: string) => url.slice(url.indexOf('user-uploads/')));
      for (const key of keys) expect(await bucket.head(key)).not.toBeNull();
      const deleted = await a.request(`/api/posts/${created.id}`, {
        method: 'DELETE',
        token: author.token,
      });
      expect(deleted.status).toBe(204);
      expect((await b.request(`/api/posts/${created.id}`)).status).toBe(404);
      const feed = await b.request('/api/posts?limit=5', { token: reader.token });
      expect(feed.body.posts.map((post: { id: string }) => post.id)).not.toContain(created.id);
      const grid = await b.request(`/api/profiles/${author.id}/posts`);
      expect(grid.body.posts).toEqual([]);
      expect((await b.request('/api/me/saved', { token: reader.token })).body.posts).toEqual([]);
      expect(
        (await b.request(`/api/posts/${created.id}`, { method: 'DELETE', token: author.token }))
          .status,
      ).toBe(404);
      for (const key of keys) expect(await bucket.head(key)).toBeNull();
    });

    it('500 concurrent likes by 50 users on 10 posts over both instances (and duplicates, then unlikes): every likes_count equals its like rows', async () => {
      const instances = [a, b];
      const users: TestUser[] = await Promise.all(
        Array.from({ length: 50 }, (_, index) => signUpUser(instances[index % 2]!)),
      );
      const posts: { id: string }[] = [];
      for (let index = 0; index < 10; index++) {
        const response = await uploadPost(instances[index % 2]!, users[index]!, jpeg);
        expect(response.status).toBe(201);
        posts.push(response.body);
      }

      const setLike = (instance: Instance, user: TestUser, postId: string, liked: boolean) =>
        instance.request(`/api/posts/${postId}/like`, {
          method: liked ? 'PUT' : 'DELETE',
          token: user.token,
        });
      const other = (instance: Instance) => (instance === a ? b : a);

      // Every user likes every post: 500 likes at once, alternating instances, and the first ten
      // users send each like twice, once to each instance, to race the idempotency check.
      const likes = users.flatMap((user, u) =>
        posts.flatMap((post, p) => {
          const instance = instances[(u + p) % 2]!;
          const requests = [setLike(instance, user, post.id, true)];
          if (u < 10) requests.push(setLike(other(instance), user, post.id, true));
          return requests;
        }),
      );
      const liked = await Promise.all(likes);
      expect(liked.length).toBe(600);
      expect(liked.filter((response) => response.status !== 200)).toEqual([]);
      expect(liked.every((response) => response.body.liked === true)).toBe(true);
      await expectCountsMatchRows(posts, 50);

      // Half the users take their like back, also twice each for some, also over both instances.
      const unlikes = users.slice(0, 25).flatMap((user, u) =>
        posts.flatMap((post, p) => {
          const instance = instances[(u + p + 1) % 2]!;
          const requests = [setLike(instance, user, post.id, false)];
          if (u < 10) requests.push(setLike(other(instance), user, post.id, false));
          return requests;
        }),
      );
      const unliked = await Promise.all(unlikes);
      expect(unliked.filter((response) => response.status !== 200)).toEqual([]);
      await expectCountsMatchRows(posts, 25);

      const viewer = users[40]!;
      const page = await b.request('/api/posts?limit=10', { token: viewer.token });
      expect(page.body.posts.map((post: { id: string }) => post.id).sort()).toEqual(
        posts.map((post) => post.id).sort(),
      );
      for (const post of page.body.posts) {
        expect(post).toMatchObject({ likes_count: 25, liked_by_me: true });
      }
      const quitter = await a.request(`/api/posts/${posts[0]!.id}`, { token: users[0]!.token });
      expect(quitter.body).toMatchObject({ likes_count: 25, liked_by_me: false });
    }, 60_000);

    /** The stored counter against COUNT(*) of like rows, for every post, and as both APIs say. */
    async function expectCountsMatchRows(posts: { id: string }[], expected: number) {
      const { rows } = await sql<{
        id: string;
        likes_count: number;
        rows: number;
      }>`select p.id, p.likes_count, (select count(*) from likes l where l.post_id = p.id) as rows
         from posts p`.execute(a.context.database.db);
      for (const row of rows) expect(row.likes_count, row.id).toBe(Number(row.rows));
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const post of posts) {
        expect(byId.get(post.id)?.likes_count).toBe(expected);
        expect((await a.request(`/api/posts/${post.id}`)).body.likes_count).toBe(expected);
        expect((await b.request(`/api/posts/${post.id}`)).body.likes_count).toBe(expected);
      }
    }

    it("the sweeper on B removes an orphaned object but none of the posts' files, whoever wrote them", async () => {
      const user = await signUpUser(b);
      const fromB = (await uploadPost(b, user, jpeg)).body;
      const orphan = postImageKey(user.id, 1_000_000_000_000, 'jpg');
      await bucket.put(orphan, jpeg, 'image/jpeg');

      // Everything counts as older than the grace period.
      const removed = (await b.context.services.sweep.run(Date.now() + 24 * 60 * 60 * 1000))
        .removed;
      expect(removed).toBe(1);
      expect(await bucket.head(orphan)).toBeNull();

      const { rows } = await sql<{
        file_key: string;
        variants: string;
      }>`select file_key, variants from media_attachments`.execute(a.context.database.db);
      const keys = rows.flatMap((row) => [
        row.file_key,
        ...(JSON.parse(row.variants) as { key: string }[]).map((variant) => variant.key),
      ]);
      expect(keys).toContain(fromB.image_url.replace(/^\/storage\//, ''));
      for (const key of keys) expect(await bucket.head(key), key).not.toBeNull();
      expect((await fetch(a.url + fromB.image_url)).status).toBe(200);
    });

    it('with S3_PUBLIC_URL, an instance links images on the CDN (existing posts too) and allows it in img-src', async () => {
      const cdn = await startInstance(s3, database.url, {
        S3_PUBLIC_URL: 'https://cdn.example.com/pinhole/',
      });
      try {
        const page = await cdn.request('/api/posts?limit=3');
        expect(page.body.posts.length).toBe(3);
        for (const post of page.body.posts) {
          const key = `user-uploads/${post.user_id}/posts/`;
          expect(post.image_url).toMatch(new RegExp(`^https://cdn\\.example\\.com/pinhole/${key}`));
          expect(post.image.variants[0].url).toMatch(/^https:\/\/cdn\.example\.com\/pinhole\//);
        }
        const csp = page.headers.get('content-security-policy') ?? '';
        expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
        // Our own route still serves the same key (for clients holding older URLs).
        const key = (page.body.posts[0].image_url as string).replace(
          'https://cdn.example.com/pinhole/',
          '',
        );
        expect((await fetch(`${cdn.url}/storage/${key}`)).status).toBe(200);
      } finally {
        await stopInstance(cdn);
      }
    });

    it('an instance whose bucket does not answer starts, is alive (/healthz) but not ready (/readyz 503)', async () => {
      const broken = await startInstance(s3, database.url, { S3_ENDPOINT: 'http://127.0.0.1:9' });
      try {
        expect((await broken.request('/healthz')).status).toBe(200);
        expect((await broken.request('/readyz')).status).toBe(503);
      } finally {
        await stopInstance(broken);
      }
    });
  });
});

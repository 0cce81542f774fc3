import { messages } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { disposeTestServer, makeJpeg, signUpUser, startTestServer } from '../test/harness';
import {
  keyOfUrl,
  orphansFound,
  storedKeys,
  storedKeysWithout,
  uploadPhotos,
} from '../test/photo-posts';
import type { TestS3Server } from '../test/s3-server';
import { startS3Server } from '../test/s3-server';

const setups = [
  { name: 'sqlite, local disk', dialect: 'sqlite', s3: false },
  { name: 'postgres, local disk', dialect: 'postgres', s3: false },
  { name: 'postgres, S3', dialect: 'postgres', s3: true },
] as const;

type PhotoJson = { id: string; url: string; alt_text: string | null; variants: { url: string }[] };
const keysOf = (images: PhotoJson[]) =>
  images.flatMap((image) => [image.url, ...image.variants.map((v) => v.url)]).map(keyOfUrl);

describe.each(setups)('editing, deleting and saving posts on $name', (setup) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let s3: TestS3Server | undefined;
  let author: TestUser;
  let other: TestUser;
  let photos: Buffer[];

  beforeAll(async () => {
    s3 = setup.s3 ? await startS3Server() : undefined;
    server = await startTestServer(setup.dialect, s3?.env ?? {});
    [author, other] = await Promise.all([signUpUser(server), signUpUser(server)]);
    photos = await Promise.all([makeJpeg(800, 600), makeJpeg(600, 900), makeJpeg(500, 500)]);
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await s3?.close();
  });

  const share = async (count = 3) => {
    const response = await uploadPhotos(server, author, photos.slice(0, count), {
      altTexts: ['one', 'two', 'three'].slice(0, count),
      caption: 'first caption',
    });
    expect(response.status).toBe(201);
    return response.body as { id: string; images: PhotoJson[] };
  };
  const patch = (id: string, json: unknown, user: TestUser | null = author) =>
    server.request(`/api/posts/${id}`, { method: 'PATCH', json, token: user?.token });
  const remove = (path: string, user: TestUser | null = author) =>
    server.request(path, { method: 'DELETE', token: user?.token });

  describe('PATCH /api/posts/:id', () => {
    it('changes the order, the alt texts and the caption; photos left out lose their files', async () => {
      const post = await share();
      const [first, second, third] = post.images as [PhotoJson, PhotoJson, PhotoJson];
      const response = await patch(post.id, {
        caption: 'fixed the typo',
        images: [
          { id: third.id, alt_text: 'now first' },
          { id: first.id, alt_text: '' },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body.caption).toBe('fixed the typo');
      expect(response.body.images.map((image: PhotoJson) => [image.id, image.alt_text])).toEqual([
        [third.id, 'now first'],
        [first.id, null],
      ]);
      expect(response.body.image_url).toBe(third.url);
      expect(response.body.image.variants).toEqual(third.variants);
      expect(Date.parse(response.body.edited_at)).not.toBeNaN();

      const keys = await storedKeysWithout(server, keysOf([second]));
      for (const key of keysOf([first, third])) expect(keys).toContain(key);
      expect(await orphansFound(server)).toBe(0);
      // Read back, and in the feed at once.
      const again = await server.request(`/api/posts/${post.id}`);
      expect(again.body).toEqual(response.body);
      const feed = await server.request('/api/posts?limit=1');
      expect(feed.body.posts[0].images).toEqual(response.body.images);
    });

    it('edits only the caption, and marks the post edited', async () => {
      const post = await share(1);
      const response = await patch(post.id, { caption: '   ' });
      expect(response.status).toBe(200);
      expect(response.body.caption).toBeNull();
      expect(response.body.images).toEqual(post.images);
      expect(response.body.edited_at).not.toBeNull();
    });

    it("refuses a photo of another post, no photo at all, and someone else's post", async () => {
      const post = await share(2);
      const otherPost = await share(1);
      const keysBefore = await storedKeys(server);
      const foreign = await patch(post.id, {
        images: [{ id: post.images[0]!.id, alt_text: null }, { id: otherPost.images[0]!.id }],
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.code).toBe('validation_error');
      expect(foreign.body.error.fields).toHaveProperty('images.1.id');
      const none = await patch(post.id, { images: [] });
      expect(none.status).toBe(400);
      expect(none.body.error.message).toBe(messages.postNeedsPhoto);
      const twice = await patch(post.id, {
        images: [{ id: post.images[0]!.id }, { id: post.images[0]!.id }],
      });
      expect(twice.status).toBe(400);
      const tooLong = await patch(post.id, {
        images: [{ id: post.images[0]!.id, alt_text: 'x'.repeat(1001) }],
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.message).toBe(messages.altTextTooLong);

      const notYours = await patch(post.id, { caption: 'mine now' }, other);
      expect(notYours.status).toBe(403);
      expect(notYours.body.error.code).toBe('forbidden');
      expect((await patch(post.id, { caption: 'x' }, null)).status).toBe(401);
      expect((await patch('00000000-0000-7000-8000-000000000000', { caption: 'x' })).status).toBe(
        404,
      );
      // Nothing changed, nothing removed.
      const unchanged = await server.request(`/api/posts/${post.id}`);
      expect(unchanged.body.images).toEqual(post.images);
      expect(unchanged.body.edited_at).toBeNull();
      expect(await storedKeys(server)).toEqual(keysBefore);
    });
  });

  describe('DELETE /api/posts/:id', () => {
    it('removes the post, its likes, comments, saves and every stored file; twice is 404', async () => {
      const post = await share();
      const postsBefore = (await server.request(`/api/profiles/${author.id}`)).body.posts_count;
      await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: other.token });
      await server.request(`/api/posts/${post.id}/save`, { method: 'PUT', token: other.token });
      await server.request(`/api/posts/${post.id}/comments`, {
        method: 'POST',
        token: other.token,
        json: { content: 'lovely' },
      });
      // Warm the caches that hold it.
      expect((await server.request('/api/posts?limit=1')).body.posts[0].id).toBe(post.id);
      expect((await server.request('/api/me/saved', { token: other.token })).body.posts[0].id).toBe(
        post.id,
      );
      const keysBefore = await storedKeys(server);
      for (const key of keysOf(post.images)) expect(keysBefore).toContain(key);

      expect((await remove(`/api/posts/${post.id}`, other)).status).toBe(403);
      const deleted = await remove(`/api/posts/${post.id}`);
      expect(deleted.status).toBe(204);
      expect((await remove(`/api/posts/${post.id}`)).status).toBe(404);

      expect((await server.request(`/api/posts/${post.id}`)).status).toBe(404);
      expect((await server.request(`/api/posts/${post.id}/comments`)).status).toBe(404);
      const feed = await server.request('/api/posts?limit=50');
      expect(feed.body.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
      const grid = await server.request(`/api/profiles/${author.id}/posts?limit=50`);
      expect(grid.body.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
      const saved = await server.request('/api/me/saved', { token: other.token });
      expect(saved.body.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
      const profile = await server.request(`/api/profiles/${author.id}`);
      expect(profile.body.posts_count).toBe(postsBefore - 1);

      const keysAfter = await storedKeysWithout(server, keysOf(post.images));
      expect(keysAfter).toEqual(keysBefore.filter((key) => !keysOf(post.images).includes(key)));
      expect(await orphansFound(server)).toBe(0);
      const { db } = server.context.database;
      for (const table of ['likes', 'comments', 'saves', 'media_attachments'] as const) {
        const rows = db.selectFrom(table).select('post_id').where('post_id', '=', post.id);
        expect(await rows.execute(), table).toEqual([]);
      }
    });
    it('two deletes and an edit of one post at once: one 204, then 404s, never a 500', async () => {
      const post = await share(2);
      const [first, second, edit] = await Promise.all([
        remove(`/api/posts/${post.id}`),
        remove(`/api/posts/${post.id}`),
        patch(post.id, { images: [{ id: post.images[1]!.id, alt_text: 'kept' }] }),
      ]);
      expect([first.status, second.status].sort()).toEqual([204, 404]);
      expect([200, 404]).toContain(edit.status);
      await storedKeysWithout(server, keysOf(post.images));
      expect(await orphansFound(server)).toBe(0);
    });
  });

  describe('DELETE /api/comments/:id', () => {
    it("lets the comment's author or the post's author delete it, and moves the count", async () => {
      const post = await share(1);
      const comment = (content: string, user: TestUser) =>
        server.request(`/api/posts/${post.id}/comments`, {
          method: 'POST',
          token: user.token,
          json: { content },
        });
      const mine = (await comment('by other', other)).body;
      const second = (await comment('another by other', other)).body;
      const byAuthor = (await comment('by the author', author)).body;
      const stranger = await signUpUser(server);

      expect((await remove(`/api/comments/${mine.id}`, stranger)).status).toBe(403);
      expect((await remove(`/api/comments/${byAuthor.id}`, other)).status).toBe(403);
      expect((await remove(`/api/comments/${mine.id}`, null)).status).toBe(401);
      expect((await remove(`/api/comments/${mine.id}`, other)).status).toBe(204);
      expect((await remove(`/api/comments/${second.id}`, author)).status).toBe(204);
      expect((await remove(`/api/comments/${second.id}`, author)).status).toBe(404);

      const after = await server.request(`/api/posts/${post.id}`);
      expect(after.body.comments_count).toBe(1);
      expect(after.body.comments_preview.map((c: { id: string }) => c.id)).toEqual([byAuthor.id]);
    });
  });

  describe('saves', () => {
    it('saves idempotently, shows saved_by_me only to the saver, lists newest saved first', async () => {
      const saver = await signUpUser(server);
      const posts = [await share(1), await share(1), await share(1)];
      const save = (id: string, method: 'PUT' | 'DELETE', user: TestUser | null = saver) =>
        server.request(`/api/posts/${id}/save`, { method, token: user?.token });
      // Warm the shared feed page first: the mask must still show the save.
      await server.request('/api/posts?limit=3', { token: saver.token });
      for (const post of [posts[1]!, posts[0]!, posts[2]!]) {
        const response = await save(post.id, 'PUT');
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ saved: true });
      }
      expect((await save(posts[0]!.id, 'PUT')).body).toEqual({ saved: true });
      expect((await save(posts[0]!.id, 'PUT', null)).status).toBe(401);

      const feed = await server.request('/api/posts?limit=3', { token: saver.token });
      expect(feed.body.posts.map((p: { saved_by_me: boolean }) => p.saved_by_me)).toEqual([
        true,
        true,
        true,
      ]);
      const forOthers = await server.request('/api/posts?limit=3', { token: other.token });
      expect(forOthers.body.posts.some((p: { saved_by_me: boolean }) => p.saved_by_me)).toBe(false);
      const signedOut = await server.request(`/api/posts/${posts[0]!.id}`);
      expect(signedOut.body.saved_by_me).toBe(false);
      expect(
        (await server.request(`/api/posts/${posts[0]!.id}`, { token: saver.token })).body
          .saved_by_me,
      ).toBe(true);

      // Newest saved first, two pages.
      const first = await server.request('/api/me/saved?limit=2', { token: saver.token });
      expect(first.status).toBe(200);
      expect(first.body.posts.map((p: { id: string }) => p.id)).toEqual([
        posts[2]!.id,
        posts[0]!.id,
      ]);
      expect(first.body.posts[0].saved_by_me).toBe(true);
      const next = await server.request(
        `/api/me/saved?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
        { token: saver.token },
      );
      expect(next.body.posts.map((p: { id: string }) => p.id)).toEqual([posts[1]!.id]);
      expect(next.body.next_cursor).toBeNull();
      // Only ever your own.
      expect((await server.request('/api/me/saved', { token: other.token })).body.posts).toEqual(
        [],
      );
      expect((await server.request('/api/me/saved')).status).toBe(401);
      expect(
        (await server.request('/api/me/saved?cursor=nonsense', { token: saver.token })).status,
      ).toBe(400);

      expect((await save(posts[0]!.id, 'DELETE')).body).toEqual({ saved: false });
      expect((await save(posts[0]!.id, 'DELETE')).body).toEqual({ saved: false });
      const after = await server.request('/api/posts?limit=3', { token: saver.token });
      const savedNow = after.body.posts
        .filter((p: { saved_by_me: boolean }) => p.saved_by_me)
        .map((p: { id: string }) => p.id);
      expect(savedNow.sort()).toEqual([posts[1]!.id, posts[2]!.id].sort());
      expect((await save('00000000-0000-7000-8000-000000000000', 'PUT')).status).toBe(404);
    });

    it("drops a private account's post from the list once you no longer follow it", async () => {
      const owner = await signUpUser(server);
      const follower = await signUpUser(server);
      await server.request('/api/profiles/me', {
        method: 'PATCH',
        token: owner.token,
        json: { is_private: true },
      });
      const follow = await server.request(`/api/profiles/${owner.id}/follow`, {
        method: 'PUT',
        token: follower.token,
      });
      expect(follow.body.requested).toBe(true);
      await server.request(`/api/me/follow-requests/${follower.id}/approve`, {
        method: 'POST',
        token: owner.token,
      });
      const post = await uploadPhotos(server, owner, [photos[0]!]);
      expect(
        (
          await server.request(`/api/posts/${post.body.id}/save`, {
            method: 'PUT',
            token: follower.token,
          })
        ).status,
      ).toBe(200);
      const list = async () =>
        (await server.request('/api/me/saved', { token: follower.token })).body.posts.map(
          (p: { id: string }) => p.id,
        );
      expect(await list()).toEqual([post.body.id]);
      await server.request(`/api/profiles/${owner.id}/follow`, {
        method: 'DELETE',
        token: follower.token,
      });
      expect(await list()).toEqual([]);
      // And someone who never could see it cannot save it.
      const stranger = await signUpUser(server);
      const refused = await server.request(`/api/posts/${post.body.id}/save`, {
        method: 'PUT',
        token: stranger.token,
      });
      expect(refused.status).toBe(404);
    });
  });
});

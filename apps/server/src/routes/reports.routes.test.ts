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

describe.each(dialects)('reports on %s', (dialect) => {
  let server: Server;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let image: Buffer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await signUpUser(server);
    [alice, bob, carol] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
    image = await makeJpeg(320, 240);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const report = (who: TestUser | null, json: unknown) =>
    server.request('/api/reports', { method: 'POST', token: who?.token, json });
  const resolve = (id: string, action: string) =>
    server.request(`/api/admin/reports/${id}/resolve`, {
      method: 'POST',
      token: admin.token,
      json: { action },
    });
  const openReports = async () =>
    (await server.request('/api/admin/reports?status=open', { token: admin.token })).body
      .reports as { id: string; target_id: string; target_preview: unknown }[];
  const newPost = async (who: TestUser, caption: string) =>
    (await uploadPost(server, who, image, { caption })).body.id as string;

  it('makes one report per reporter and target: 201, then 200 with the same id', async () => {
    const postId = await newPost(bob, 'spam spam');
    const input = { target_type: 'post', target_id: postId, reason: 'spam', note: ' buy now ' };
    const first = await report(alice, input);
    expect(first.status).toBe(201);
    const again = await report(alice, { ...input, reason: 'other' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const byCarol = await report(carol, input);
    expect(byCarol.status).toBe(201);
    expect(byCarol.body.id).not.toBe(first.body.id);

    const listed = await server.request('/api/admin/reports', { token: admin.token });
    const mine = listed.body.reports.find((r: { id: string }) => r.id === first.body.id);
    expect(mine).toMatchObject({
      target_type: 'post',
      target_id: postId,
      reason: 'spam',
      note: 'buy now',
      status: 'open',
      resolution: null,
      reporter: { id: alice.id },
      target_preview: { text: 'spam spam', author: { id: bob.id }, href: `/p/${postId}` },
    });
    expect(mine.target_preview.image_url).toEqual(expect.any(String));
  });

  it('refuses what does not exist, cannot be seen, is your own, or is malformed', async () => {
    expect(
      (await report(null, { target_type: 'post', target_id: unknownId, reason: 'spam' })).status,
    ).toBe(401);
    for (const target_type of ['post', 'comment', 'profile']) {
      const missing = await report(alice, { target_type, target_id: unknownId, reason: 'spam' });
      expect(missing.status, target_type).toBe(404);
    }
    const ownPost = await newPost(alice, 'mine');
    expect(
      (await report(alice, { target_type: 'post', target_id: ownPost, reason: 'spam' })).status,
    ).toBe(400);
    expect(
      (await report(alice, { target_type: 'profile', target_id: alice.id, reason: 'spam' })).status,
    ).toBe(400);
    // A private account's post is not there for a stranger: 404, as reading it would be.
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      token: carol.token,
      json: { is_private: true },
    });
    const hidden = await newPost(carol, 'private');
    expect(
      (await report(bob, { target_type: 'post', target_id: hidden, reason: 'spam' })).status,
    ).toBe(404);
    for (const body of [
      {},
      { target_type: 'story', target_id: ownPost, reason: 'spam' },
      { target_type: 'post', target_id: ownPost, reason: 'boring' },
      { target_type: 'post', target_id: '', reason: 'spam' },
      { target_type: 'post', target_id: ownPost, reason: 'spam', note: 'x'.repeat(1001) },
    ]) {
      const bad = await report(bob, body);
      expect(bad.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it('dismisses: every open report on the target is resolved, with one audit line', async () => {
    const postId = await newPost(bob, 'fine really');
    const first = await report(alice, { target_type: 'post', target_id: postId, reason: 'nudity' });
    await report(admin, { target_type: 'post', target_id: postId, reason: 'other' });
    const resolved = await resolve(first.body.id, 'dismiss');
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolution: 'dismiss' });
    expect((await openReports()).filter((r) => r.target_id === postId)).toHaveLength(0);
    const done = await server.request('/api/admin/reports?status=resolved', { token: admin.token });
    expect(
      done.body.reports.filter((r: { target_id: string }) => r.target_id === postId),
    ).toHaveLength(2);
    expect((await server.request(`/api/posts/${postId}`)).status).toBe(200);
    const audit = await server.request('/api/admin/audit?limit=1', { token: admin.token });
    expect(audit.body.entries[0]).toMatchObject({ action: 'report.dismiss', target_id: postId });
    // Resolving it again answers it as it is.
    expect((await resolve(first.body.id, 'remove_content')).body.resolution).toBe('dismiss');
  });

  it('removes a post and a comment through the delete paths; the preview becomes null', async () => {
    const postId = await newPost(bob, 'bad post');
    const made = await report(alice, {
      target_type: 'post',
      target_id: postId,
      reason: 'violence',
    });
    expect((await resolve(made.body.id, 'remove_content')).body.target_preview).toBeNull();
    expect((await server.request(`/api/posts/${postId}`)).status).toBe(404);
    const bobProfile = await server.request(`/api/profiles/${bob.id}`);
    const count = bobProfile.body.posts_count as number;

    const host = await newPost(alice, 'host');
    const comment = await server.request(`/api/posts/${host}/comments`, {
      method: 'POST',
      token: bob.token,
      json: { content: 'nasty' },
    });
    const byCarol = await report(carol, {
      target_type: 'comment',
      target_id: comment.body.id,
      reason: 'harassment',
    });
    expect(byCarol.status).toBe(201);
    const preview = (await openReports()).find((r) => r.id === byCarol.body.id)?.target_preview;
    expect(preview).toMatchObject({ text: 'nasty', href: `/p/${host}`, author: { id: bob.id } });
    expect((await resolve(byCarol.body.id, 'remove_content')).status).toBe(200);
    const hostPost = await server.request(`/api/posts/${host}`);
    expect(hostPost.body.comments_count).toBe(0);
    expect((await server.request(`/api/profiles/${bob.id}`)).body.posts_count).toBe(count);
  });

  it('suspends the author of a reported profile or post', async () => {
    const dave = await signUpUser(server);
    const made = await report(alice, {
      target_type: 'profile',
      target_id: dave.id,
      reason: 'other',
    });
    const preview = (await openReports()).find((r) => r.id === made.body.id)?.target_preview;
    expect(preview).toMatchObject({ href: `/${dave.username}`, author: { id: dave.id } });
    const resolved = await resolve(made.body.id, 'suspend_author');
    expect(resolved.status).toBe(200);
    expect((await server.request(`/api/profiles/${dave.id}`, { token: alice.token })).status).toBe(
      404,
    );
    expect((await server.request('/api/auth/session', { token: dave.token })).body.user).toBeNull();
    const actions = (
      await server.request('/api/admin/audit?limit=2', { token: admin.token })
    ).body.entries.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(['report.suspend_author', 'user.suspend']);
  });

  it('answers unknown reports and bad actions, statuses and cursors without a 500', async () => {
    expect((await resolve(unknownId, 'dismiss')).status).toBe(404);
    expect((await resolve(unknownId, 'delete_everything')).status).toBe(400);
    const get = (query: string) =>
      server.request(`/api/admin/reports${query}`, { token: admin.token });
    expect((await get('?status=maybe')).status).toBe(400);
    expect((await get('?cursor=garbage')).status).toBe(400);
    const page = await get('?status=resolved&limit=1');
    expect(page.body.reports).toHaveLength(1);
    const next = await get(`?status=resolved&limit=1&cursor=${page.body.next_cursor}`);
    expect(next.status).toBe(200);
    expect(next.body.reports[0].id).not.toBe(page.body.reports[0].id);
  });
});

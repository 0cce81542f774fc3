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

describe.each(dialects)('admin and suspension on %s', (dialect) => {
  let server: Server;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    // The first account of a new instance is its admin.
    admin = await signUpUser(server);
    [alice, bob] = await Promise.all([signUpUser(server), signUpUser(server)]);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const post = (who: TestUser, path: string, json?: unknown) =>
    server.request(path, { method: 'POST', token: who.token, json: json ?? {} });
  const get = (path: string, who?: TestUser) => server.request(path, { token: who?.token });

  it('makes the first account an admin and the next ones members', async () => {
    expect((await get('/api/auth/session', admin)).body.user.role).toBe('admin');
    expect((await get('/api/auth/session', alice)).body.user.role).toBe('member');
  });

  it('answers 401 signed out and 403 to a member on every /api/admin call', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/admin/reports'],
      ['POST', `/api/admin/reports/${unknownId}/resolve`],
      ['POST', `/api/admin/users/${bob.id}/suspend`],
      ['POST', `/api/admin/users/${bob.id}/unsuspend`],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/stats'],
      ['POST', '/api/admin/invites'],
      ['GET', '/api/admin/invites'],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, path] of calls) {
      const signedOut = await server.request(path, {
        method,
        json: method === 'POST' ? {} : undefined,
      });
      expect(signedOut.status, `${method} ${path}`).toBe(401);
      const member = await server.request(path, {
        method,
        token: alice.token,
        json: method === 'POST' ? {} : undefined,
      });
      expect(member.status, `${method} ${path}`).toBe(403);
      expect(member.body.error.code).toBe('forbidden');
    }
  });

  it('refuses suspending yourself, the last admin, and unknown or bad ids', async () => {
    const self = await post(admin, `/api/admin/users/${admin.id}/suspend`);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe("You can't suspend yourself");
    expect((await post(admin, `/api/admin/users/${unknownId}/suspend`)).status).toBe(404);
    expect((await post(admin, `/api/admin/users/${unknownId}/unsuspend`)).status).toBe(404);
    expect((await post(admin, `/api/admin/users/${'x'.repeat(65)}/suspend`)).status).toBe(400);

    // A second admin may not suspend the first when that would leave no admin who can act.
    const other = await signUpUser(server);
    await server.context.services.moderation.setRoleByUsername(other.username, 'admin', null);
    const first = await post(other, `/api/admin/users/${admin.id}/suspend`);
    expect(first.status).toBe(200);
    const last = await server.context.services.moderation
      .suspend(other.id, null)
      .catch((error: Error) => error.message);
    expect(last).toBe('An instance keeps at least one admin');
    expect((await post(other, `/api/admin/users/${admin.id}/unsuspend`)).status).toBe(200);
    // The suspension ended the first admin's sessions: they sign in again.
    expect((await get('/api/auth/session', admin)).body.user).toBeNull();
    const back = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: admin.email, password: admin.password },
    });
    expect(back.status).toBe(200);
    admin = { ...admin, token: back.body.session.token as string };
    await server.context.services.moderation.setRoleByUsername(other.username, 'member', null);
    await expect(
      server.context.services.moderation.setRoleByUsername(admin.username, 'member', null),
    ).rejects.toThrow('An instance keeps at least one admin');
  });

  it('suspends: sessions end, sign-in is refused, content is 404 but to admins, and back', async () => {
    const victim = await signUpUser(server);
    const image = await makeJpeg(320, 240);
    const created = await uploadPost(server, victim, image, { caption: 'hello #suspendme' });
    expect(created.status).toBe(201);
    const postId = created.body.id as string;
    const onPost = await post(alice, `/api/posts/${postId}/comments`, { content: 'nice' });
    expect(onPost.status).toBe(201);
    const byVictim = await post(victim, `/api/posts/${postId}/comments`, { content: 'thanks' });
    expect(byVictim.status).toBe(201);
    // Read once so the caches hold them before the suspension.
    expect((await get(`/api/profiles/${victim.id}`, alice)).status).toBe(200);
    expect((await get('/api/posts', alice)).body.posts.map((p: { id: string }) => p.id)).toContain(
      postId,
    );

    const suspended = await post(admin, `/api/admin/users/${victim.id}/suspend`);
    expect(suspended.status).toBe(200);
    expect(suspended.body.id).toBe(victim.id);

    expect((await get('/api/auth/session', victim)).body.user).toBeNull();
    const signIn = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: victim.email, password: victim.password },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.message).toBe('This account has been suspended');
    const wrong = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: victim.email, password: 'not-the-password' },
    });
    expect(wrong.status).toBe(400);

    for (const path of [
      `/api/profiles/${victim.id}`,
      `/api/profiles/by-username/${victim.username}`,
      `/api/posts/${postId}`,
      `/api/posts/${postId}/comments`,
    ]) {
      expect((await get(path, alice)).status, path).toBe(404);
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get(`/api/profiles/${victim.id}`, admin)).status).toBe(200);
    expect((await get(`/api/posts/${postId}`, admin)).status).toBe(200);
    const feed = (await get('/api/posts', alice)).body.posts.map((p: { id: string }) => p.id);
    expect(feed).not.toContain(postId);
    const tag = await get('/api/hashtags/suspendme/posts', alice);
    expect(tag.body.posts ?? []).toHaveLength(0);
    const search = await get(`/api/search?q=${victim.username}`, alice);
    expect(search.body.profiles).toHaveLength(0);

    expect((await post(admin, `/api/admin/users/${victim.id}/unsuspend`)).status).toBe(200);
    expect((await get(`/api/posts/${postId}`, alice)).status).toBe(200);
    const comments = await get(`/api/posts/${postId}/comments`, alice);
    expect(comments.body.comments).toHaveLength(2);
    const again = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: victim.email, password: victim.password },
    });
    expect(again.status).toBe(200);

    const audit = await get('/api/admin/audit', admin);
    expect(audit.status).toBe(200);
    const actions = audit.body.entries.map((entry: { action: string }) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['user.unsuspend', 'user.suspend']);
    expect(audit.body.entries[0].actor.id).toBe(admin.id);
    expect(audit.body.entries[0].summary).toBe(`unsuspended @${victim.username}`);
  });

  it('lists users newest first with search and keyset pages, and the numbers', async () => {
    const page = await get('/api/admin/users?limit=2', admin);
    expect(page.status).toBe(200);
    expect(page.body.users).toHaveLength(2);
    const next = await get(`/api/admin/users?limit=2&cursor=${page.body.next_cursor}`, admin);
    expect(next.body.users[0].id).not.toBe(page.body.users[0].id);
    const found = await get(`/api/admin/users?q=${alice.email.toUpperCase()}`, admin);
    expect(found.body.users.map((u: { id: string }) => u.id)).toEqual([alice.id]);
    expect(found.body.users[0]).toMatchObject({ role: 'member', suspended_at: null });
    expect((await get('/api/admin/users?q=%25_', admin)).status).toBe(200);
    expect((await get('/api/admin/users?cursor=nonsense', admin)).status).toBe(400);
    expect((await get('/api/admin/users?limit=0', admin)).status).toBe(400);

    const stats = await get('/api/admin/stats', admin);
    expect(stats.status).toBe(200);
    expect(stats.body.users).toBeGreaterThanOrEqual(5);
    expect(stats.body.posts).toBeGreaterThanOrEqual(1);
    expect(stats.body.signups_last_7_days).toBe(stats.body.users);
    expect(stats.body.storage_bytes).toBeGreaterThan(0);
  });

  it('makes invites with random url-safe codes and lists them; bad bodies are 400', async () => {
    const made = await post(admin, '/api/admin/invites', { uses: 3, expires_in_days: 2 });
    expect(made.status).toBe(201);
    expect(made.body.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(made.body.uses_left).toBe(3);
    const other = await post(admin, '/api/admin/invites');
    expect(other.body.code).not.toBe(made.body.code);
    const list = await get('/api/admin/invites', admin);
    expect(list.body.invites.map((i: { code: string }) => i.code)).toContain(made.body.code);
    for (const body of [{ uses: 0 }, { uses: 'many' }, { expires_in_days: 9999 }]) {
      expect((await post(admin, '/api/admin/invites', body)).status).toBe(400);
    }
    const audit = await get('/api/admin/audit?limit=1', admin);
    expect(audit.body.entries[0].action).toBe('invite.create');
    expect(audit.body.next_cursor).not.toBeNull();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './test/harness';
import {
  createPostgresDatabase,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from './test/harness';

type Instance = Awaited<ReturnType<typeof startTestServer>>;

/**
 * Suspensions and roles across two instances on one PostgreSQL database: each instance keeps its
 * own read caches, so what one decides must reach the other's at once (the cache_changes log).
 */
describe('moderation across two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: Instance;
  let b: Instance;
  let admin: TestUser;
  let alice: TestUser;
  let victim: TestUser;
  let postId: string;

  const instance = (databaseUrl: string) =>
    startTestServer(
      'postgres',
      {},
      { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-mod-')), databaseUrl },
    );

  beforeAll(async () => {
    database = await createPostgresDatabase();
    [a, b] = await Promise.all([instance(database.url), instance(database.url)]);
    admin = await signUpUser(a);
    [alice, victim] = await Promise.all([signUpUser(a), signUpUser(b)]);
    const created = await uploadPost(b, victim, await makeJpeg(320, 240), { caption: 'on B' });
    postId = created.body.id as string;
  });
  afterAll(async () => {
    for (const server of [a, b]) {
      await server.close();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  });

  it('a suspension made on A ends the sessions and hides the content on B at once', async () => {
    // B has everything cached: the victim's session, profile, post and the feed.
    expect((await b.request('/api/auth/session', { token: victim.token })).body.user.id).toBe(
      victim.id,
    );
    expect((await b.request(`/api/profiles/${victim.id}`, { token: alice.token })).status).toBe(
      200,
    );
    expect((await b.request(`/api/posts/${postId}`, { token: alice.token })).status).toBe(200);
    const feed = await b.request('/api/posts', { token: alice.token });
    expect(feed.body.posts.map((post: { id: string }) => post.id)).toContain(postId);

    const suspended = await a.request(`/api/admin/users/${victim.id}/suspend`, {
      method: 'POST',
      token: admin.token,
    });
    expect(suspended.status).toBe(200);

    expect((await b.request('/api/auth/session', { token: victim.token })).body.user).toBeNull();
    const write = await b.request(`/api/posts/${postId}/like`, {
      method: 'PUT',
      token: victim.token,
    });
    expect(write.status).toBe(401);
    expect((await b.request(`/api/profiles/${victim.id}`, { token: alice.token })).status).toBe(
      404,
    );
    expect((await b.request(`/api/posts/${postId}`, { token: alice.token })).status).toBe(404);
    expect((await b.request(`/api/posts/${postId}`)).status).toBe(404);
    const after = await b.request('/api/posts', { token: alice.token });
    expect(after.body.posts.map((post: { id: string }) => post.id)).not.toContain(postId);
    expect((await b.request(`/api/posts/${postId}`, { token: admin.token })).status).toBe(200);
    const signIn = await b.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: victim.email, password: victim.password },
    });
    expect(signIn.status).toBe(403);

    // Lifted on B: A shows the content again at once.
    expect((await a.request(`/api/posts/${postId}`, { token: alice.token })).status).toBe(404);
    await b.request(`/api/admin/users/${victim.id}/unsuspend`, {
      method: 'POST',
      token: admin.token,
    });
    expect((await a.request(`/api/posts/${postId}`, { token: alice.token })).status).toBe(200);
  });

  it('a role granted or revoked on A is what B answers at once', async () => {
    const onB = () => b.request('/api/admin/stats', { token: alice.token });
    expect((await onB()).status).toBe(403);
    await a.context.services.moderation.setRoleByUsername(alice.username, 'admin', null);
    expect((await onB()).status).toBe(200);
    expect((await b.request('/api/auth/session', { token: alice.token })).body.user.role).toBe(
      'admin',
    );
    await a.context.services.moderation.setRoleByUsername(alice.username, 'member', null);
    expect((await onB()).status).toBe(403);
  });
});

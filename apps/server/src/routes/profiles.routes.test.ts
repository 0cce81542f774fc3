import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

describe.each(dialects)('profile routes on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    user = await signUpUser(server, { full_name: 'Ada Lovelace' });
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const patch = (json: unknown, token: string | null = user.token) =>
    server.request('/api/profiles/me', { method: 'PATCH', json, token: token ?? undefined });

  it('returns a profile by id with every field of the contract', async () => {
    const response = await server.request(`/api/profiles/${user.id}`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(
      [
        'avatar',
        'avatar_url',
        'bio',
        'blocked_by_me',
        'created_at',
        'followers_count',
        'following_count',
        'followed_by_me',
        'follows_me',
        'full_name',
        'id',
        'is_private',
        'is_remote',
        'is_verified',
        'posts_count',
        'remote_url',
        'requested_by_me',
        'username',
        'website',
      ].sort(),
    );
    expect(response.body.full_name).toBe('Ada Lovelace');
    expect(response.body).toMatchObject({ is_remote: false, remote_url: null });
  });

  it('finds a profile by username in any case, and 404 for nobody or a malformed name', async () => {
    const exact = await server.request(`/api/profiles/by-username/${user.username}`);
    expect(exact.status).toBe(200);
    expect(exact.body.id).toBe(user.id);
    const shouted = await server.request(
      `/api/profiles/by-username/${user.username.toUpperCase()}`,
    );
    expect(shouted.body.id).toBe(user.id);
    for (const name of ['nobody_here', 'jos%C3%A9', 'a'.repeat(64), '%F0%9F%98%80']) {
      const response = await server.request(`/api/profiles/by-username/${name}`);
      expect(response.status, name).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    // A dot segment never reaches a lookup: the router refuses it as a bad request.
    const dots = await server.request('/api/profiles/by-username/%2e%2e');
    expect(dots.status).toBe(400);
    expect(dots.body.error.code).toBe('validation_error');
    expect((await server.request(`/api/profiles/by-username/${'a'.repeat(65)}`)).status).toBe(400);
  });

  it('answers 404 for an unknown profile', async () => {
    const response = await server.request('/api/profiles/01890000-0000-7000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('updates full name, bio and an https website', async () => {
    const response = await patch({
      full_name: 'Ada L.',
      bio: 'Analyst',
      website: 'https://example.com/ada',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      full_name: 'Ada L.',
      bio: 'Analyst',
      website: 'https://example.com/ada',
    });
    const cleared = await patch({ website: '', bio: '' });
    expect(cleared.body).toMatchObject({ website: null, bio: null, full_name: 'Ada L.' });
  });

  it('reads a website typed without a scheme as https (nora.example.com)', async () => {
    for (const [typed, stored] of [
      ['nora.example.com', 'https://nora.example.com'],
      ['  www.example.com/nora?x=1 ', 'https://www.example.com/nora?x=1'],
      ['example.com:8080/a', 'https://example.com:8080/a'],
      ['http://example.com', 'http://example.com'],
    ]) {
      const response = await patch({ website: typed });
      expect(response.status, typed).toBe(200);
      expect(response.body.website).toBe(stored);
    }
  });

  it.each([
    'mailto:ada@example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'java\tscript:alert(1)',
    'ftp://example.com',
    'not a url',
    `https://example.com/${'x'.repeat(200)}`,
  ])('refuses website %j with 400 and stores nothing', async (website) => {
    const response = await patch({ website });
    expect(response.status).toBe(400);
    expect(response.body.error.fields.website).toBeDefined();
    const profile = await server.request(`/api/profiles/${user.id}`);
    expect(profile.body.website).not.toBe(website);
  });

  it('refuses a bio over 150 characters and wrong types', async () => {
    expect((await patch({ bio: 'b'.repeat(151) })).status).toBe(400);
    expect((await patch({ bio: 5 })).status).toBe(400);
    expect((await patch({ full_name: ['x'] })).status).toBe(400);
  });

  it('requires a session', async () => {
    expect((await patch({ bio: 'x' }, null)).status).toBe(401);
  });
});

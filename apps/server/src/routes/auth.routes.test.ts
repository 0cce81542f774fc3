import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../auth/session-token';
import type { startTestServer } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer as start } from '../test/harness';

describe.each(dialects)('auth routes on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await start(dialect);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const signUp = (json: unknown) => server.request('/api/auth/sign-up', { method: 'POST', json });
  const valid = (n: string) => ({
    email: `Person${n}@Example.com`,
    password: 'secret1',
    username: `Person.${n}`,
    full_name: `Person ${n}`,
  });

  it('signs up: 201 with user, profile, session, an HttpOnly SameSite=Lax cookie; username lowercased', async () => {
    const response = await signUp(valid('a'));
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({
      id: expect.any(String),
      email: 'persona@example.com',
    });
    expect(response.body.profile).toMatchObject({
      id: response.body.user.id,
      username: 'person.a',
      full_name: 'Person a',
      avatar_url: null,
      bio: null,
      website: null,
      is_verified: false,
      posts_count: 0,
      followers_count: 0,
      following_count: 0,
    });
    expect(response.body.session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(response.body.session.expires_at)).toBeGreaterThan(
      Date.now() + 29 * 86400_000,
    );
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^pinhole_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('stores only a hash of the session token and an argon2id password hash', async () => {
    const user = await signUpUser(server);
    const db = server.context.database.db;
    const sessions = await db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).toBe(hashSessionToken(user.token));
    expect(sessions[0]?.id).not.toContain(user.token);
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    ['full_name', { full_name: '' }, 'Full Name is required'],
    ['full_name', { full_name: undefined }, 'Full Name is required'],
    ['username', { username: '' }, 'Username is required'],
    [
      'username',
      { username: 'has space' },
      'Username may only contain letters, numbers, periods and underscores',
    ],
    ['username', { username: 'a'.repeat(31) }, 'Username must be at most 30 characters'],
    [
      'username',
      { username: 'zero\u200bwidth' },
      'Username may only contain letters, numbers, periods and underscores',
    ],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['password', { password: '' }, 'Password is required'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['password', { password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    ['full_name', { full_name: 'x'.repeat(65) }, 'Full Name must be at most 64 characters'],
    ['full_name', { full_name: 'bad\u0007name' }, 'Full Name contains invalid characters'],
  ])('refuses sign-up with a bad %s: %j', async (field, change, message) => {
    const response = await signUp({ ...valid('v'), ...change });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.fields[field]).toBe(message);
  });

  it('accepts a 64-character password and a password of exactly 6', async () => {
    expect((await signUp({ ...valid('p64'), password: 'p'.repeat(64) })).status).toBe(201);
    expect((await signUp({ ...valid('p6'), password: '123456' })).status).toBe(201);
  });

  it('answers 409 for a taken email (any case) or username (any case)', async () => {
    await signUp(valid('dup'));
    const sameEmail = await signUp({ ...valid('other'), email: 'PERSONDUP@example.COM' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error.code).toBe('conflict');
    expect(sameEmail.body.error.fields.email).toBeDefined();
    const sameUsername = await signUp({ ...valid('other2'), username: 'PERSON.DUP' });
    expect(sameUsername.status).toBe(409);
    expect(sameUsername.body.error.fields.username).toBeDefined();
  });

  it("refuses usernames the app's addresses use, in any case", async () => {
    for (const username of [
      'api',
      'Explore',
      'p',
      'accounts',
      'ADMIN',
      'robots.txt',
      'favicon.svg',
      'storage',
      'docs',
      '..',
    ]) {
      const response = await signUp({ ...valid(`reserved${username.length}`), username });
      expect(response.status, username).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'validation_error',
        fields: { username: "This username isn't available" },
      });
    }
    expect((await signUp({ ...valid('notreserved'), username: 'api_fan' })).status).toBe(201);
  });

  it('lets exactly one of two racing sign-ups for one username win', async () => {
    const [first, second] = await Promise.all([
      signUp({ ...valid('race1'), username: 'racer' }),
      signUp({ ...valid('race2'), username: 'racer' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
  });

  it('signs in with a new token each time; unknown email and wrong password look the same', async () => {
    const user = await signUpUser(server);
    const first = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(first.status).toBe(200);
    expect(first.body.user.id).toBe(user.id);
    expect(first.body.profile.username).toBe(user.username);
    expect(first.body.session.token).not.toBe(user.token);
    expect(first.headers.get('set-cookie')).toMatch(/pinhole_session=/);

    const wrongPassword = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: user.email, password: 'wrong-password' },
    });
    const unknownEmail = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('signs in by username as by email (the account switcher keeps no email on the device)', async () => {
    const user = await signUpUser(server);
    const byUsername = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { username: user.username.toUpperCase(), password: user.password },
    });
    expect(byUsername.status).toBe(200);
    expect(byUsername.body.user.id).toBe(user.id);
    expect(byUsername.body.profile.username).toBe(user.username);

    const wrongPassword = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { username: user.username, password: 'wrong-password' },
    });
    const unknownName = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { username: 'nobody_by_that_name', password: 'wrong-password' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.code).toBe('invalid_credentials');
    expect(unknownName.body).toEqual(wrongPassword.body);

    const neither = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { password: user.password },
    });
    expect(neither.status).toBe(400);
    expect(neither.body.error.fields.email).toBe('Email is required');
  });

  it('signs in with a username in `email`, as the sign-in form sends it (issue 47)', async () => {
    const user = await signUpUser(server);
    for (const named of [user.username.toUpperCase(), `@${user.username}`]) {
      const signedIn = await server.request('/api/auth/sign-in', {
        method: 'POST',
        json: { email: named, password: user.password },
      });
      expect(signedIn.status, named).toBe(200);
      expect(signedIn.body.user.id).toBe(user.id);
    }
    const wrongPassword = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: user.username, password: 'wrong-password' },
    });
    const unknownName = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: 'nobody_by_that_name', password: 'wrong-password' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
    expect(unknownName.body).toEqual(wrongPassword.body);
  });

  it('refuses sign-in with missing fields as a validation error', async () => {
    const response = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: 'a@b.co' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields.password).toBe('Password is required');
  });

  it('reports the session by cookie and by Bearer token, and signs out server-side', async () => {
    const user = await signUpUser(server);
    const byCookie = await server.request('/api/auth/session', { cookie: user.cookie });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.user).toMatchObject({ id: user.id, email: user.email });
    expect(byCookie.body.profile.username).toBe(user.username);
    const byBearer = await server.request('/api/auth/session', { token: user.token });
    expect(byBearer.body.user.id).toBe(user.id);

    const signOut = await server.request('/api/auth/sign-out', {
      method: 'POST',
      cookie: user.cookie,
    });
    expect(signOut.status).toBe(204);
    expect(signOut.headers.get('set-cookie')).toMatch(/pinhole_session=;/);
    const after = await server.request('/api/auth/session', { cookie: user.cookie });
    expect(after.body).toEqual({ user: null, profile: null });
    const likeAfter = await server.request('/api/posts/whatever/like', {
      method: 'PUT',
      token: user.token,
    });
    expect(likeAfter.status).toBe(401);
    expect(likeAfter.body.error.code).toBe('unauthenticated');
  });

  it('answers a signed-out session read with nulls', async () => {
    const response = await server.request('/api/auth/session');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: null, profile: null });
  });

  it('slides an old session forward and refuses an expired one', async () => {
    const user = await signUpUser(server);
    const db = server.context.database.db;
    const tokenHash = hashSessionToken(user.token);
    const soon = new Date(Date.now() + 86400_000).toISOString();
    await db
      .updateTable('sessions')
      .set({ expires_at: soon })
      .where('id', '=', tokenHash)
      .execute();
    const renewed = await server.request('/api/auth/session', { cookie: user.cookie });
    expect(renewed.body.user.id).toBe(user.id);
    expect(renewed.headers.get('set-cookie')).toMatch(/pinhole_session=/);
    const row = await db
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', tokenHash)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + 29 * 86400_000);

    const past = new Date(Date.now() - 1000).toISOString();
    await db
      .updateTable('sessions')
      .set({ expires_at: past })
      .where('id', '=', tokenHash)
      .execute();
    const expired = await server.request('/api/auth/session', { token: user.token });
    expect(expired.body.user).toBeNull();
  });
});

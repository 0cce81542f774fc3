import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './test/harness';
import { disposeTestServer, signUpUser, startTestServer } from './test/harness';

describe('the HTTP surface', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    user = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('answers /healthz and /readyz', async () => {
    expect((await server.request('/healthz')).status).toBe(200);
    const ready = await server.request('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await server.request('/api/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('answers malformed JSON with 400 in the error shape, without a stack', async () => {
    const response = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: '{"email":',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.text).not.toMatch(/at .*\.ts|node_modules/);
  });

  it('reads an empty body sent as application/json as no body (curl -H, fetch wrappers)', async () => {
    const other = await signUpUser(server);
    const session = await server.request('/api/auth/session', { token: other.token });
    expect(session.body.user.id).toBe(other.id);
    const signOut = await server.request('/api/auth/sign-out', {
      method: 'POST',
      token: other.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(signOut.status).toBe(204);
    const after = await server.request('/api/auth/session', { token: other.token });
    expect(after.body.user).toBeNull();
    const signIn = await server.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error.code).toBe('validation_error');
  });

  it('answers a body over the JSON limit with 413', async () => {
    const response = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('file_too_large');
  });

  it('refuses __proto__ and constructor keys with 400', async () => {
    const response = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: '{"email":"a@b.co","password":"secret1","__proto__":{"admin":true}}',
    });
    expect(response.status).toBe(400);
  });

  it('refuses text/plain and form bodies on JSON endpoints with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await server.request('/api/auth/sign-in', {
        method: 'POST',
        body: 'email=a@b.co&password=secret1',
        headers: { 'content-type': type },
      });
      expect(response.status, type).toBe(415);
      expect(response.body.error.code).toBe('unsupported_media_type');
    }
  });

  it('refuses state changes from a foreign Origin or a cross-site fetch with 403', async () => {
    const foreign = await server.request('/api/posts/x/like', {
      method: 'PUT',
      cookie: user.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('forbidden');
    const crossSite = await server.request('/api/auth/sign-out', {
      method: 'POST',
      cookie: user.cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await server.request('/api/auth/session', {
      headers: { origin: 'https://evil.example' },
    });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends the security headers on every response', async () => {
    for (const pathname of ['/healthz', '/api/posts', '/api/nope']) {
      const response = await server.request(pathname);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

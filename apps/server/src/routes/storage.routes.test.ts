import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

// Storage serving does not depend on the database dialect; SQLite is enough here.
describe('stored files', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let imageUrl: string;
  let size: number;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    user = await signUpUser(server);
    const response = await uploadPost(server, user, await makeJpeg(400, 300));
    imageUrl = response.body.image_url;
    size = Number((await fetch(server.url + imageUrl)).headers.get('content-length'));
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('serves an image with immutable caching, a strong ETag, nosniff and a script-free CSP', async () => {
    const response = await fetch(server.url + imageUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(size).toBeGreaterThan(0);
  });

  it('never looks up the session: a stored post file costs one query (is its owner private?)', async () => {
    server.queries.length = 0;
    const response = await fetch(server.url + imageUrl, { headers: { cookie: user.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(server.queries).toHaveLength(1);
    expect(server.queries[0]).toMatch(/select "is_private" from "profiles" where "id" = /);
    // The same cookie on an API call is read (the session is looked up there, and only there).
    const session = await server.request('/api/auth/session', { cookie: user.cookie });
    expect(session.body.user.id).toBe(user.id);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await fetch(server.url + imageUrl)).headers.get('etag') ?? '';
    const response = await fetch(server.url + imageUrl, { headers: { 'if-none-match': etag } });
    expect(response.status).toBe(304);
  });

  it('serves byte ranges', async () => {
    const response = await fetch(server.url + imageUrl, { headers: { range: 'bytes=0-9' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 0-9/${size}`);
    expect((await response.arrayBuffer()).byteLength).toBe(10);
    const unsatisfiable = await fetch(server.url + imageUrl, {
      headers: { range: `bytes=${size + 10}-` },
    });
    expect(unsatisfiable.status).toBe(416);
  });

  it.each([
    '/storage/user-uploads/../../pinhole.db',
    '/storage/user-uploads/%2e%2e%2f%2e%2e%2fpinhole.db',
    '/storage/user-uploads%2f..%2fpinhole.db',
    '/storage//etc/passwd',
    '/storage/%2fetc%2fpasswd',
    '/storage/pinhole.db',
    '/storage/user-uploads/x/posts/1.jpg%00.html',
    '/storage/user-uploads/01890000-0000-7000-8000-000000000000/posts/1.jpg',
  ])('answers 404 for %s', async (pathname) => {
    const response = await fetch(server.url + pathname);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });
});

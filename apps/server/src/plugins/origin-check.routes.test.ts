import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** A sign-up sent as a browser at `origin` would send it, with any extra headers. */
function signUpFrom(server: Pick<TestServer, 'request'>, origin: string, headers = {}) {
  return signUpUser(server, {}, undefined, { origin, ...headers });
}

async function signUpStatus(server: Server, headers: Record<string, string>): Promise<number> {
  const response = await server.request('/api/auth/sign-up', {
    method: 'POST',
    json: { email: 'x@example.com', password: 'secret-password', username: 'x', full_name: 'X' },
    headers,
  });
  return response.status;
}

describe.each(dialects)('state changes and the Origin they come from (%s)', (dialect) => {
  describe('PUBLIC_URL unset', () => {
    let server: Server;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(async () => {
      await disposeTestServer(server);
    });

    it('lets a person sign up and act from the address they opened (127.0.0.1, not localhost)', async () => {
      // The test server listens on 127.0.0.1, as a LAN address would be opened: the browser's
      // Origin is that address, not the default PUBLIC_URL (http://localhost:PORT).
      const person = await signUpFrom(server, server.url);
      const signOut = await server.request('/api/auth/sign-out', {
        method: 'POST',
        cookie: person.cookie,
        headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
      });
      expect(signOut.status).toBe(204);
    });

    it('still refuses another site, a cross-site fetch and an unreadable Origin', async () => {
      expect(await signUpStatus(server, { origin: 'https://evil.example' })).toBe(403);
      expect(await signUpStatus(server, { origin: 'null' })).toBe(403);
      expect(await signUpStatus(server, { origin: server.url.replace('http:', 'https:') })).toBe(
        403,
      );
      expect(await signUpStatus(server, { 'sec-fetch-site': 'cross-site' })).toBe(403);
      const refused = await server.request('/api/auth/sign-up', {
        method: 'POST',
        json: {},
        headers: { origin: 'https://evil.example' },
      });
      expect(refused.body).toEqual({
        error: { code: 'forbidden', message: 'This request is not allowed' },
      });
    });

    it('does not take X-Forwarded-Host or -Proto from a client without TRUST_PROXY', async () => {
      const status = await signUpStatus(server, {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      });
      expect(status).toBe(403);
    });
  });

  describe('PUBLIC_URL unset, behind a trusted proxy', () => {
    let server: Server;
    beforeAll(async () => {
      server = await startTestServer(dialect, { TRUST_PROXY: 'true' });
    });
    afterAll(async () => {
      await disposeTestServer(server);
    });

    it('allows the origin the proxy says the request came to', async () => {
      const forwarded = { 'x-forwarded-host': 'photos.example', 'x-forwarded-proto': 'https' };
      await expect(signUpFrom(server, 'https://photos.example', forwarded)).resolves.toMatchObject({
        id: expect.any(String),
      });
      // The proxy's word is the request's origin: the address it reached us on no longer is.
      expect(await signUpStatus(server, { origin: server.url, ...forwarded })).toBe(403);
    });
  });

  describe('PUBLIC_URL set to another address', () => {
    const publicUrl = 'https://photos.example.com';
    const warnings: Record<string, unknown>[] = [];
    let server: Server;
    beforeAll(async () => {
      server = await startTestServer(dialect, { PUBLIC_URL: publicUrl }, undefined, {
        logger: {
          level: 'warn',
          stream: {
            write: (line: string) => warnings.push(JSON.parse(line) as Record<string, unknown>),
          },
        },
      });
    });
    afterAll(async () => {
      await disposeTestServer(server);
    });

    it('refuses any other origin, saying which and what PUBLIC_URL is, in one log line per origin', async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await server.request('/api/auth/sign-up', {
          method: 'POST',
          json: {},
          headers: { origin: server.url },
        });
        expect(response.status).toBe(403);
        expect(response.body.error).toEqual({
          code: 'forbidden',
          message: `This request is not allowed: it came from ${server.url}, but PUBLIC_URL is ${publicUrl}`,
        });
      }
      expect(await signUpStatus(server, { origin: 'https://evil.example' })).toBe(403);
      const refusals = warnings.filter((line) => String(line.msg).includes('PUBLIC_URL'));
      expect(refusals.map((line) => line.origin)).toEqual([server.url, 'https://evil.example']);
      expect(refusals[0]).toMatchObject({ level: 40, publicUrl });
    });

    it('allows PUBLIC_URL itself', async () => {
      await expect(signUpFrom(server, publicUrl)).resolves.toMatchObject({
        id: expect.any(String),
      });
    });
  });
});

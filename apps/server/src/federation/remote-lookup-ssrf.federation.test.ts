import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

/**
 * The real server with federation on and the test switch off: lookups a signed-in person can
 * make it do never reach loopback, private or link-local addresses.
 */
describe.each(dialects)('remote lookups refused by address on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let alice: TestUser;
  const original = globalThis.fetch;
  const fetched: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, { PUBLIC_URL: 'https://photos.example' });
    alice = await signUpUser(server, { username: 'alice' });
    // Every fetch the server makes from here on is seen (the test's own calls go to server.url).
    globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(server.url)) fetched.push(url);
      return original(input, init);
    };
  });
  afterAll(async () => {
    globalThis.fetch = original;
    await disposeTestServer(server);
  });

  it.each([
    'http://127.0.0.1/users/alice',
    'https://127.0.0.1/users/alice',
    'http://169.254.169.254/latest/meta-data/',
    'https://169.254.169.254/latest/meta-data/',
    '@root@127.0.0.1',
    'admin@169.254.169.254',
    'https://localhost/users/alice',
  ])('a search for %s asks nothing of that address and answers the local results', async (q) => {
    const response = await server.request(`/api/search?q=${encodeURIComponent(q)}`, {
      token: alice.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.profiles).toEqual([]);
    expect(fetched).toEqual([]);
  });

  it('a profile by user@host on a private address is 404, unasked', async () => {
    for (const username of ['root@127.0.0.1', 'admin@169.254.169.254', 'x@10.0.0.1']) {
      const response = await server.request(`/api/profiles/by-username/${username}`, {
        token: alice.token,
      });
      expect(response.status, username).toBe(404);
    }
    expect(fetched).toEqual([]);
  });
});

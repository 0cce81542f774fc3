import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteFetchError, isPrivateAddress, safeFetch } from './safe-fetch';

/** A DNS of our own: names of the test and the addresses they have. */
const names: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'other.example': ['2606:2800:220:1::1'],
  'internal.example': ['10.0.0.5'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '127.0.0.1'],
};
const resolve = async (host: string) => {
  const found = names[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};

/** A fetch that never touches the network: it records what it was asked and answers `reply`. */
function fakeFetch(reply: (url: URL) => Response) {
  const asked: string[] = [];
  const fetcher = (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    asked.push(url.href);
    return reply(url);
  }) as typeof fetch;
  return { asked, fetcher };
}

const ok = () => new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });
const strict = { allowPrivateAddresses: false, resolve };

describe('SSRF-safe remote fetches', () => {
  it('knows private, loopback and link-local addresses, IPv4 inside IPv6 too', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
    ]) {
      expect(isPrivateAddress(address)).toBe(true);
    }
    for (const address of ['::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe']) {
      expect(isPrivateAddress(address)).toBe(true);
    }
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('2606:2800:220:1::1')).toBe(false);
  });

  it.each([
    'http://127.0.0.1/users/alice',
    'https://127.0.0.1/users/alice',
    'http://169.254.169.254/latest/meta-data/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://localhost/',
    'http://public.example/users/alice',
    'https://internal.example/users/alice',
    'https://metadata.example/latest/meta-data/',
    'https://mixed.example/users/alice',
    'https://unknown.example/',
    'file:///etc/passwd',
  ])('refuses %s without asking it anything', async (url) => {
    const { asked, fetcher } = fakeFetch(ok);
    await expect(safeFetch(url, {}, { ...strict, fetch: fetcher })).rejects.toThrow(
      RemoteFetchError,
    );
    expect(asked).toEqual([]);
  });

  it('fetches a public https address', async () => {
    const { asked, fetcher } = fakeFetch(ok);
    const answer = await safeFetch('https://other.example/a', {}, { ...strict, fetch: fetcher });
    expect(answer.status).toBe(200);
    expect(JSON.parse(Buffer.from(answer.body).toString())).toEqual({ ok: true });
    expect(asked).toEqual(['https://other.example/a']);
  });

  it('checks every redirect: one to a private address is refused, one to a public is followed', async () => {
    const redirectTo = (location: string) =>
      fakeFetch((url) =>
        url.hostname === 'public.example'
          ? new Response(null, { status: 302, headers: { location } })
          : ok(),
      );
    for (const location of [
      'https://metadata.example/latest/meta-data/',
      'http://127.0.0.1/',
      'https://internal.example/',
    ]) {
      const { asked, fetcher } = redirectTo(location);
      await expect(
        safeFetch('https://public.example/a', {}, { ...strict, fetch: fetcher }),
      ).rejects.toThrow(RemoteFetchError);
      expect(asked).toEqual(['https://public.example/a']);
    }
    const { asked, fetcher } = redirectTo('https://other.example/b');
    const answer = await safeFetch('https://public.example/a', {}, { ...strict, fetch: fetcher });
    expect(answer.url.href).toBe('https://other.example/b');
    expect(asked).toEqual(['https://public.example/a', 'https://other.example/b']);
  });

  it('stops after a few redirects', async () => {
    const { asked, fetcher } = fakeFetch(
      () =>
        new Response(null, { status: 301, headers: { location: 'https://public.example/next' } }),
    );
    await expect(
      safeFetch('https://public.example/a', {}, { ...strict, fetch: fetcher, maxRedirects: 2 }),
    ).rejects.toThrow('too many redirects');
    expect(asked).toHaveLength(3);
  });

  describe('against a real server on loopback (the test switch on)', () => {
    let server: http.Server;
    let origin: string;
    beforeAll(async () => {
      server = http.createServer((request, response) => {
        if (request.url === '/big') {
          response.end(Buffer.alloc(64 * 1024, 'x'));
        } else if (request.url === '/slow') {
          setTimeout(() => response.end('late'), 2000);
        } else {
          response.end('hello');
        }
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    });

    it('reaches loopback only with the switch on', async () => {
      await expect(safeFetch(`${origin}/`, {}, strict)).rejects.toThrow(RemoteFetchError);
      const answer = await safeFetch(`${origin}/`, {}, { allowPrivateAddresses: true });
      expect(Buffer.from(answer.body).toString()).toBe('hello');
    });

    it('refuses a body over the size limit and an answer over the time limit', async () => {
      const open = { allowPrivateAddresses: true };
      await expect(safeFetch(`${origin}/big`, {}, { ...open, maxBytes: 1000 })).rejects.toThrow(
        'too large',
      );
      const started = Date.now();
      await expect(safeFetch(`${origin}/slow`, {}, { ...open, timeoutMs: 200 })).rejects.toThrow(
        RemoteFetchError,
      );
      expect(Date.now() - started).toBeLessThan(1500);
    });
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteFetchError, safeFetch } from './safe-fetch';
import { HostRouter } from './test/host-router';

const strict = { allowPrivate: false, maxBytes: 1024, timeoutMs: 5000 };
const loose = { ...strict, allowPrivate: true };

describe('safeFetch', () => {
  const router = new HostRouter();
  let server: http.Server;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/small') response.end('hello');
      else if (request.url === '/big') response.end(Buffer.alloc(4096));
      else if (request.url === '/hop') response.writeHead(302, { location: '/small' }).end();
      else if (request.url === '/loop') response.writeHead(302, { location: '/loop' }).end();
      else if (request.url === '/away') {
        response.writeHead(302, { location: 'http://media.example/small' }).end();
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    router.route('media.example', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    router.install();
  });
  afterAll(async () => {
    router.uninstall();
    await new Promise((resolve) => server.close(resolve));
  });

  const refusal = (url: string, options = strict) =>
    safeFetch(url, options).then(
      () => 'fetched',
      (error: unknown) =>
        error instanceof RemoteFetchError && error.permanent ? 'refused' : error,
    );

  it('refuses anything but https, and loopback, link-local and private addresses', async () => {
    expect(await refusal('http://media.example/small', loose)).toBe('refused');
    expect(await refusal('https://127.0.0.1/small')).toBe('refused');
    expect(await refusal('https://169.254.169.254/latest/meta-data')).toBe('refused');
    expect(await refusal('https://10.1.2.3/x')).toBe('refused');
    expect(await refusal('https://[::1]/x')).toBe('refused');
    // A name that resolves to loopback is refused after DNS.
    expect(await refusal('https://localhost/small')).toBe('refused');
  });

  it('reads a small answer, follows a redirect, refuses one to http and a loop', async () => {
    const small = await safeFetch('https://media.example/small', loose);
    expect(small.body.toString()).toBe('hello');
    const hopped = await safeFetch('https://media.example/hop', loose);
    expect(hopped).toMatchObject({ url: 'https://media.example/small' });
    expect(await refusal('https://media.example/away', loose)).toBe('refused');
    expect(await refusal('https://media.example/loop', loose)).toBe('refused');
  });

  it('refuses an answer larger than the limit, and a 404 for good', async () => {
    expect(await refusal('https://media.example/big', loose)).toBe('refused');
    expect(await refusal('https://media.example/missing', loose)).toBe('refused');
  });
});

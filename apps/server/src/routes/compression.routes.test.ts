import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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

/** The raw bytes and headers of a GET, undecoded (fetch would decode them out of sight). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              bytes: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

const decode = (encoding: string | undefined, bytes: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;

describe.each(dialects)('compressed responses on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let reader: TestUser;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-web-dist-'));
  const script = Buffer.from(`console.log(${JSON.stringify('pinhole '.repeat(400))});\n`);

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pinhole</title>');
    fs.writeFileSync(path.join(webDist, 'assets/app-1234.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets/app-1234.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets/app-1234.js.gz'), gzipSync(script));
    fs.writeFileSync(path.join(webDist, 'assets/late-5678.js'), script);
    server = await startTestServer(dialect, { WEB_DIST_DIR: webDist });
    const author = await signUpUser(server);
    reader = await signUpUser(server);
    const jpeg = await makeJpeg(40, 30);
    const posts = [];
    for (let index = 0; index < 6; index++) {
      posts.push((await uploadPost(server, author, jpeg, { caption: `photo ${index}` })).body.id);
    }
    await server.request(`/api/posts/${posts[2]}/like`, { method: 'PUT', token: reader.token });
  });
  afterAll(async () => {
    await disposeTestServer(server);
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    ['signed out', false],
    ['signed in, with a like on the page', true],
  ])('a feed page (%s) in br and gzip decodes to the identity bytes', async (_name, signedIn) => {
    const auth: Record<string, string> = signedIn
      ? { authorization: `Bearer ${reader.token}` }
      : {};
    const url = `${server.url}/api/posts?limit=10`;
    const identity = await rawGet(url, { ...auth, 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    const liked = (
      JSON.parse(identity.bytes.toString()) as { posts: { liked_by_me: boolean }[] }
    ).posts.filter((post) => post.liked_by_me).length;
    expect(liked).toBe(signedIn ? 1 : 0);
    for (const encoding of ['br', 'gzip']) {
      const encoded = await rawGet(url, { ...auth, 'accept-encoding': encoding });
      expect(encoded.headers['content-encoding']).toBe(encoding);
      expect(encoded.bytes.length).toBeLessThan(identity.bytes.length / 2);
      expect(decode(encoding, encoded.bytes).equals(identity.bytes)).toBe(true);
    }
    // Browsers send both: brotli wins.
    const browser = await rawGet(url, { ...auth, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
  });

  it('other API JSON is compressed too, and decodes to the same bytes', async () => {
    const url = `${server.url}/api/openapi.json`;
    const identity = await rawGet(url);
    const encoded = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(encoded.bytes).equals(identity.bytes)).toBe(true);
  });

  it('built scripts are served from their precompressed copies, immutable, varying by encoding', async () => {
    const url = `${server.url}/assets/app-1234.js`;
    const identity = await rawGet(url);
    expect(identity.bytes.equals(script)).toBe(true);
    expect(identity.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A shared cache (a CDN, a proxy) must not hand the brotli copy to a client that asked for none.
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    for (const encoding of ['br', 'gzip']) {
      const encoded = await rawGet(url, { 'accept-encoding': encoding });
      expect(encoded.headers['content-encoding']).toBe(encoding);
      expect(encoded.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(encoded.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(encoding, encoded.bytes).equals(script)).toBe(true);
    }
  });

  it('a built file without copies is compressed as it goes, naming Accept-Encoding once', async () => {
    const encoded = await rawGet(`${server.url}/assets/late-5678.js`, {
      'accept-encoding': 'gzip',
    });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(encoded.bytes).equals(script)).toBe(true);
    expect(encoded.headers.vary).toBe('accept-encoding');
  });

  it('leaves stored images as they are', async () => {
    const feed = await server.request('/api/posts?limit=1');
    const image = await rawGet(server.url + feed.body.posts[0].image_url, {
      'accept-encoding': 'br, gzip',
    });
    expect(image.status).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
  });
});

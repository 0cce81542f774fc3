import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

// Vite's built index.html with its stylesheet linked, as the server finds it in dist/.
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Pinhole</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const css = 'body{font-family:Inter,sans-serif}';

// A stand-in for the web client's server build (apps/web/src/entry-server.tsx): it reports
// what it was given, so the test sees the server pass the right data, and fails on request.
const renderer = `export function renderFirstScreen(data, origin) {
  if (data.feed.posts.some((post) => post.caption === 'render fails')) throw new Error('boom');
  const who = data.session.user ? 'signed in' : 'signed out';
  return '<main data-origin="' + origin + '">' + data.feed.posts.length + ' posts, ' + who + '</main>';
}
`;

function root(html: string): string {
  return /<div id="root">([^]*?)<\/div>/.exec(html)?.[1] ?? 'no root';
}

describe.each(dialects)('the home page drawn on the server, on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let build: string;
  let alice: TestUser;

  beforeAll(async () => {
    build = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-web-'));
    fs.mkdirSync(path.join(build, 'dist', 'assets'), { recursive: true });
    fs.mkdirSync(path.join(build, 'dist-ssr'));
    fs.writeFileSync(path.join(build, 'dist', 'index.html'), indexHtml);
    fs.writeFileSync(path.join(build, 'dist', 'assets', 'index-abc.css'), css);
    fs.writeFileSync(path.join(build, 'dist-ssr', 'entry-server.js'), renderer);
    server = await startTestServer(dialect, { WEB_DIST_DIR: path.join(build, 'dist') });
    alice = await signUpUser(server);
    await uploadPost(server, alice, await makeJpeg(), { caption: 'first' });
  });
  afterAll(async () => {
    await disposeTestServer(server);
    fs.rmSync(build, { recursive: true, force: true });
  });

  it('puts the rendered first screen in #root and the stylesheet inline', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(root(html)).toMatch(
      /^<main data-origin="http:\/\/[^"]+">\d+ posts, signed out<\/main>$/,
    );
    expect(html).toContain(`<style>${css}</style>`);
    expect(html).not.toContain('index-abc.css');
    // Painted only once parsed to the end of the first screen: no half-drawn page that moves.
    expect(html).toContain('<link rel="expect" href="#first-screen" blocking="render"></head>');
    // The data the client hydrates with is still there.
    expect(html).toContain('<script type="application/json" id="first-screen">');
  });

  it('starts its script from an inline script at the end of the body that the CSP allows by hash', async () => {
    const response = await fetch(`${server.url}/`);
    const html = await response.text();
    // No script in the head racing the photo for the network and the main thread.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    const boot =
      /<script data-entry="([^"]+)" data-preload="([^"]*)">([^<]+)<\/script><\/body>/.exec(html);
    expect(boot?.slice(1, 3)).toEqual(['/assets/index-abc.js', '/assets/react-abc.js']);
    const hash = createHash('sha256')
      .update(boot?.[3] ?? '')
      .digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    // Exactly that script: no 'unsafe-inline' among the script sources.
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);

    // A page the client draws itself keeps its script as built, and the plain policy.
    const profile = await fetch(`${server.url}/${alice.username}`);
    const profileHtml = await profile.text();
    expect(profileHtml).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(profileHtml).not.toContain('data-entry');
    expect(profile.headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it('renders for the reader who asks', async () => {
    const html = await (
      await fetch(`${server.url}/`, { headers: { authorization: `Bearer ${alice.token}` } })
    ).text();
    expect(root(html)).toContain('signed in');
  });

  it('draws only the home: other paths get the empty root the client fills', async () => {
    const html = await (await fetch(`${server.url}/somewhere`)).text();
    expect(root(html)).toBe('');
    expect(html).toContain('<script type="application/json" id="first-screen">');
    expect(html).not.toContain('rel="expect"');
  });

  it('sends the page compressed, decoding to the very same bytes, varying on cookie and encoding', async () => {
    const plain = Buffer.from(
      await (
        await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } })
      ).arrayBuffer(),
    );
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // node's fetch would decode on its own: read the raw bytes through http instead.
      const { headers, body } = await rawGet(`${server.url}/`, encoding);
      expect(headers['content-encoding']).toBe(encoding);
      expect(headers.vary).toMatch(/Cookie/);
      expect(headers.vary).toMatch(/Accept-Encoding/);
      expect(decode(body).equals(plain)).toBe(true);
    }
  });

  it('still serves the page, drawn by the browser, when the renderer fails', async () => {
    await uploadPost(server, alice, await makeJpeg(), { caption: 'render fails' });
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(root(html)).toBe('');
    expect(html).toContain('render fails');
  });
});

async function rawGet(
  url: string,
  encoding: string,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

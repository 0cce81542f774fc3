import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, disposeTestServer, startTestServer } from '../test/harness';

describe.each(dialects)('the installed app files on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-web-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pinhole</title>');
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    fs.writeFileSync(
      path.join(webDist, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Pinhole', start_url: '/' }),
    );
    server = await startTestServer(dialect, { WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await disposeTestServer(server);
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the manifest as a web app manifest', async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await response.json()).toMatchObject({ name: 'Pinhole' });
  });

  it('serves the worker as a script the browser checks for updates on every visit', async () => {
    const response = await fetch(`${server.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    // A long-cached worker would keep an old release installed for as long as it is cached.
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it("lets pages register a worker from the app's own origin, and only from there", async () => {
    const response = await fetch(`${server.url}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    // Without a worker-src of its own the browser applies script-src to workers.
    const workers =
      /worker-src ([^;]+)/.exec(policy)?.[1] ?? /script-src ([^;]+)/.exec(policy)?.[1];
    expect(workers?.split(' ')).toContain("'self'");
    expect(policy).toMatch(/manifest-src 'self'|default-src 'self'/);
  });
});

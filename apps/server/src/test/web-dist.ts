import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { firstScreenScriptId, type FirstScreen } from '@pinhole/contracts';

/** The shape of Vite's built index.html (apps/web/index.html after a build): what the server fills in. */
export const builtIndexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Pinhole — share photos with your friends." />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Pinhole</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A folder holding a built client (index.html and a robots.txt); `remove()` deletes it. */
export function makeWebDist(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), builtIndexHtml);
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The data a page carries, read as the client reads it. */
export function embeddedFirstScreen(html: string): FirstScreen {
  const match = new RegExp(
    `<script type="application/json" id="${firstScreenScriptId}">([^]*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error('no first-screen data in the page');
  return JSON.parse(match[1]) as FirstScreen;
}

/**
 * A GET with the path sent byte for byte: fetch() resolves `..` and `%2e%2e` before sending,
 * so a crafted path only reaches the server this way.
 */
export function rawGet(
  baseUrl: string,
  rawPath: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: rawPath, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

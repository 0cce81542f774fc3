import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl, uniqueUser } from './support/browser';

/**
 * The budget for the JavaScript a first visit of the home downloads and runs before the app
 * starts: its scripts, modulepreloads and inline code, each gzip -9 as the bench and the build
 * report count them. It once grew to 137 KB unnoticed (one import pulled zod back in, and did
 * again later: 136 KB), and 115.4 KB by issue 48, whose next issues add a studio, a player and
 * translations: they load when opened, and the first script keeps its room.
 */
const firstScriptBudgetKb = 110;

/** A session cookie of a new account: the signed-in home is drawn for it. */
async function signedInCookie(): Promise<string> {
  const user = uniqueUser('budget');
  const response = await fetch(`${baseUrl()}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      username: user.username,
      full_name: user.fullName,
    }),
  });
  expect(response.status).toBe(201);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * What the home's first visit runs before the app starts, gzip -9: every script file the page
 * names (script and modulepreload tags, or the boot script's data-entry and data-preload
 * attributes: the home drawn by the server starts the app itself) and every inline script.
 */
async function firstScript(cookie?: string) {
  const html = await (await fetch(`${baseUrl()}/`, { headers: cookie ? { cookie } : {} })).text();
  const files = [...new Set([...html.matchAll(/\/assets\/[^"\s]+\.js/g)].map(([path]) => path))];
  // Inline code, not data: the first screen's JSON is read by the app, not run.
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=|type="application\/(ld\+)?json"/.test(attributes))
    .map(([, , code = '']) => code)
    .filter((code) => code.trim() !== '');
  let gzipBytes = 0;
  const texts: string[] = [];
  for (const file of files) {
    const response = await fetch(`${baseUrl()}${file}`);
    expect(response.status, file).toBe(200);
    const text = await response.text();
    texts.push(text);
    gzipBytes += gzipSync(text, { level: 9 }).length;
  }
  for (const code of inline) gzipBytes += gzipSync(code, { level: 9 }).length;
  return { files, inline, texts, kb: gzipBytes / 1024 };
}

describe('the served client', () => {
  // `npm start` (which these journeys run, under vitest's NODE_ENV=test) must still build and
  // serve React's production build: the development one is half as large again and slower.
  it('is the production build, whatever NODE_ENV the start command had', async () => {
    const { files, texts } = await firstScript();
    expect(files.length).toBeGreaterThan(0);
    for (const [index, text] of texts.entries()) {
      // jsxDEV is the development JSX runtime: hundreds of calls in a development build, none in production.
      expect(text, files[index]).not.toContain('jsxDEV');
    }
  });

  it(`runs at most ${firstScriptBudgetKb} KB gzip before the app starts, signed out or in`, async () => {
    const signedOut = await firstScript();
    const signedIn = await firstScript(await signedInCookie());
    console.log(
      `First script of the home: ${signedOut.kb.toFixed(1)} KB signed out, ` +
        `${signedIn.kb.toFixed(1)} KB signed in (gzip -9, ${signedOut.files.length} files and ` +
        `${signedOut.inline.length} inline script)`,
    );
    // The boot script that starts the app is there, and counted.
    expect(signedOut.inline.join('')).toContain('data-entry');
    for (const measured of [signedOut, signedIn]) {
      expect(measured.kb).toBeLessThanOrEqual(firstScriptBudgetKb);
    }
  });
});

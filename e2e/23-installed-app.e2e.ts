import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, openPage, signUpViaApi } from './support/browser';
import { chromiumPath } from './support/global-setup';
import { api } from './support/api';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

/** Waits until the app's worker is active, then reloads so that it controls the page. */
async function underTheWorker(page: Page) {
  // The page registers it once idle after its first paint; `ready` waits for it to activate.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );
}

describe('journey 23: the installed app', () => {
  it('has nothing that keeps Chromium from offering to install it', async () => {
    // A profile on disk: Chromium offers no installs in the incognito-like default contexts.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(baseUrl());
      const cdp = await context.newCDPSession(page);
      // The manifest and its icons are fetched after the load: asked until they are in.
      await expect
        .poll(
          async () =>
            (
              (await cdp.send('Page.getInstallabilityErrors')) as {
                installabilityErrors: Array<{ errorId: string }>;
              }
            ).installabilityErrors,
          { timeout: 30_000, interval: 500 },
        )
        .toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  it('is installable and reads offline what it saw, forgetting it all at sign-out', async () => {
    const { context, page } = await openPage('installed-app', {
      width: 390,
      height: 844,
      serviceWorkers: true,
    });
    const me = await signUpViaApi(context);
    // A private account: its posts are for its followers and itself, never for whoever is next.
    await api(me.token, 'PATCH', '/api/profiles/me', { is_private: true });
    const caption = `Seen before the tunnel ${Date.now()}`;
    await createPostViaHttp(me.token, caption);

    await page.goto('/');

    await underTheWorker(page);
    await page.getByText(caption).first().waitFor();

    await context.setOffline(true);
    await page.reload();
    // The shell (its header), the offline state, and the last seen post.
    await page.getByRole('link', { name: 'Pinhole' }).first().waitFor();
    await page.getByRole('status').filter({ hasText: "You're offline" }).waitFor();
    await page.getByText(caption).first().waitFor();

    // Back online, the notice goes by itself and the page reads afresh.
    await context.setOffline(false);
    await page
      .getByRole('status')
      .filter({ hasText: "You're offline" })
      .waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();

    // A shared phone, offline: nothing of the person who signed out.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: "You're offline" }).waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(caption);
    expect(text).not.toContain(me.username);
    expect(await page.content()).not.toContain(me.email);
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    // Nor in what the device keeps (answers read after signing out are public, and may stay).
    const kept = await page.evaluate(
      async (secrets) => {
        const found: string[] = [];
        for (const name of await caches.keys()) {
          if (name.includes('precache')) continue;
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            const body = await (await cache.match(request))?.text();
            if (secrets.some((secret) => body?.includes(secret))) found.push(request.url);
          }
        }
        return found;
      },
      [caption, me.email],
    );
    expect(kept).toEqual([]);

    await context.setOffline(false);
    await page.reload();
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    await context.close();
  });
});

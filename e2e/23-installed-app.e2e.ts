import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  closeBrowser,
  createUserViaHttp,
  openPage,
  signUpViaApi,
} from './support/browser';
import { chromiumPath } from './support/global-setup';
import { api } from './support/api';
import { imageFile } from './support/images';
import { createPostViaHttp, nextToCaption } from './support/posts';

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

/**
 * What the phone's share sheet does with the manifest's share_target: a multipart POST of the
 * photos to /share, as a navigation of the app's window.
 */
async function shareFromThePhone(page: Page, files: string[]) {
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'photos';
    input.multiple = true;
    input.id = 'shared-from-the-phone';
    form.append(input);
    document.body.append(form);
  });
  await page.setInputFiles('#shared-from-the-phone', files);
  const landed = page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await page.evaluate(() =>
    (document.getElementById('shared-from-the-phone') as HTMLInputElement).form?.submit(),
  );
  await landed;
  // The home starts its script once a photo is painted or at a gesture, as a reader's would.
  await page.mouse.move(2, 2);
  await page.mouse.move(1, 1);
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
    const post = await createPostViaHttp(me.token, caption);

    await page.goto('/');

    await underTheWorker(page);
    await page.getByText(caption).first().waitFor();
    // The post's page and the profile, read once online.
    await page.goto(`/p/${post.id}`);
    await page.getByText(caption).first().waitFor();
    await page.goto(`/${me.username}`);
    await page.getByRole('heading', { level: 1, name: me.username }).waitFor();
    await page.goto('/');
    await page.getByText(caption).first().waitFor();

    await context.setOffline(true);
    await page.reload();
    // The shell (its header), the offline state, and the last seen post.
    await page.getByRole('link', { name: 'Pinhole' }).first().waitFor();
    await page.getByRole('status').filter({ hasText: "You're offline" }).waitFor();
    await page.getByText(caption).first().waitFor();
    // The post and the profile seen before read offline too.
    await page.goto(`/p/${post.id}`);
    await page.getByText(caption).first().waitFor();
    await page.goto(`/${me.username}`);
    await page.getByRole('heading', { level: 1, name: me.username }).waitFor();
    await page.getByRole('status').filter({ hasText: "You're offline" }).waitFor();

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
    // The account switcher may remember the name, never the email.
    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(stored).toContain(me.username);
    expect(stored).not.toContain(me.email);
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    // Nor the private post's own page, which was read before signing out.
    await page.goto(`/p/${post.id}`);
    await page.getByRole('status').filter({ hasText: "You're offline" }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain(caption);
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

  it('opens photos shared from the phone in the create dialog, through the worker', async () => {
    const { context, page } = await openPage('share-target', {
      width: 390,
      height: 844,
      serviceWorkers: true,
    });
    await signUpViaApi(context);
    const photos = [
      await imageFile('gallery-1.jpg', 600, 800, 'jpeg'),
      await imageFile('gallery-2.png', 800, 600, 'png'),
    ];
    await page.goto('/');
    await underTheWorker(page);

    await shareFromThePhone(page, photos);
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByAltText('Selected image preview').waitFor();
    await dialog.getByRole('button', { name: 'Photo 1 of 2' }).waitFor();
    await dialog.getByRole('button', { name: 'Photo 2 of 2' }).waitFor();
    // Taken once: the worker keeps nothing of them after the app has them.
    expect(await page.evaluate(async () => (await caches.keys()).includes('pinhole-shared'))).toBe(
      false,
    );

    const caption = `Shared from the gallery ${Date.now()}`;
    await nextToCaption(dialog);
    await dialog.getByPlaceholder('Write a caption...').fill(caption);
    await dialog.getByRole('button', { name: 'Share' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article').first().getByText(caption).waitFor();
    await context.close();
  });

  it('before any worker runs, a share lands on the app saying to open it once', async () => {
    // Workers blocked: the share reaches the server, as on the first visit.
    const { context, page } = await openPage('share-target-first-visit', {
      width: 390,
      height: 844,
    });
    await signUpViaApi(context);
    await page.goto('/');
    await shareFromThePhone(page, [await imageFile('gallery-3.jpg', 600, 800, 'jpeg')]);
    await page
      .getByRole('status')
      .filter({ hasText: 'Open Pinhole once, then share again' })
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('switches accounts by name: the device asks the password, never having kept an email', async () => {
    const { context, page } = await openPage('switch-by-name');
    const first = await signUpViaApi(context);
    const second = await createUserViaHttp();
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: 'Suggestions' });

    // Another account signs in on this device, by its email, from the switcher.
    await sidebar.getByRole('button', { name: 'Switch' }).click();
    await page.getByRole('button', { name: 'Log into an existing account' }).click();
    let signIn = page.getByRole('dialog', { name: 'Sign in to Pinhole' });
    await signIn.getByLabel('Email').fill(second.email);
    await signIn.getByLabel('Password', { exact: true }).fill(second.password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await sidebar.getByTestId('sidebar-me').getByText(second.username).waitFor();

    // Back to the first: its name filled in, its password asked.
    await sidebar.getByRole('button', { name: 'Switch' }).click();
    await page
      .getByRole('dialog', { name: 'Switch accounts' })
      .getByRole('button', { name: first.username })
      .click();
    signIn = page.getByRole('dialog', { name: 'Sign in to Pinhole' });
    expect(await signIn.getByLabel('Email').inputValue()).toBe(first.username);
    await signIn.getByLabel('Password', { exact: true }).fill(first.password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await sidebar.getByTestId('sidebar-me').getByText(first.username).waitFor();

    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(stored).toContain(second.username);
    expect(stored).not.toContain('@');
    await context.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from './support/browser';
import type { FederationRig, RigInstance, RigUser } from './support/federation-rig';
import { signUpOn, startFederationRig } from './support/federation-rig';
import { chromiumPath } from './support/global-setup';

// Addresses no other rig user takes (docs/federation.md lists them).
const addresses = { a: '127.0.0.7', b: '127.0.0.8', peer: '127.0.0.12' };
const shots = path.join(artifactsDir, 'remote-people');

/** A post of alice's photos through a's API, as her phone would make it. */
async function postOnA(a: RigInstance, alice: RigUser, caption: string) {
  const form = new FormData();
  form.append('caption', caption);
  const photos = [
    { width: 1080, height: 1080, background: { r: 232, g: 133, b: 41 } },
    { width: 1080, height: 1350, background: { r: 81, g: 91, b: 212 } },
  ];
  for (const [index, photo] of photos.entries()) {
    const jpeg = await sharp({ create: { ...photo, channels: 3 } })
      .jpeg()
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    form.append('alt_text', `Photo ${index + 1} of the harbour`);
  }
  const response = await a.request('/api/posts', {
    method: 'POST',
    body: form,
    token: alice.token,
  });
  expect(response.status).toBe(201);
}

/** Types a handle into the header's search box; answers the person's option once shown. */
async function searchFor(page: Page, handle: string) {
  // The header's box is a stand-in until used; clicking it loads the real combobox.
  await page.getByRole('searchbox', { name: 'Search' }).first().click();
  const search = page.getByRole('combobox', { name: /Search/ }).first();
  await search.fill(handle);
  const option = page.getByRole('option', { name: new RegExp(handle.slice(1)) });
  await option.waitFor({ timeout: 15_000 });
  return option;
}

/**
 * Two Pinhole instances over TLS (the server tests' rig) and Chromium on b: its names resolve to
 * the rig's loopback addresses, and the rig's throwaway CA is not one Chromium knows, so its
 * certificates are accepted for this browser only.
 */
describe('issue 38: a person of another Pinhole, in the browser', () => {
  let rig: FederationRig;
  let browser: Browser;
  let a: RigInstance;
  let b: RigInstance;
  let alice: RigUser;
  let bob: RigUser;

  beforeAll(async () => {
    rig = await startFederationRig({ instances: ['a', 'b'], addresses });
    a = rig.instance('a');
    b = rig.instance('b');
    [alice, bob] = await Promise.all([
      signUpOn(a, { username: 'alice', full_name: 'Alice Harbour' }),
      signUpOn(b, { username: 'bob' }),
    ]);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        `--host-resolver-rules=MAP ${a.host} ${addresses.a}, MAP ${b.host} ${addresses.b}`,
      ],
    });
    fs.mkdirSync(shots, { recursive: true });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await rig?.stop();
  });

  it('bob finds @alice@a, follows her, and sees her two photos as a carousel in his feed', async () => {
    const context = await browser.newContext({
      baseURL: b.origin,
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 900 },
    });
    const [name, value] = bob.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: b.origin }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/');
    await page.mouse.move(1, 1);
    const option = await searchFor(page, `@alice@${a.host}`);
    await page.screenshot({ path: path.join(shots, 'search-1280.png') });
    await option.click();
    await page.waitForURL(`**/@alice@${a.host}`);
    await page.getByRole('heading', { name: `alice@${a.host}` }).waitFor();

    const follow = page.getByRole('button', { name: new RegExp(`^\\w+ alice@${a.host}$`) });
    await follow.click();
    // Requested at once (their server has not answered yet), unless a was quicker still.
    await expect.poll(() => follow.getAttribute('data-state')).toMatch(/^(requested|following)$/);
    // Requested until a's Accept arrives, then Following (the page learns it on a reload).
    await expect
      .poll(
        async () => {
          await page.reload();
          return follow.getAttribute('data-state');
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('following');

    const caption = 'Two views of the harbour';
    await postOnA(a, alice, caption);
    await page.goto('/');
    await page.getByRole('tab', { name: 'Following', selected: true }).waitFor();
    const post = page.getByRole('article').filter({ hasText: caption });
    await expect
      .poll(
        async () => {
          await page.reload();
          return post.count();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(1);
    // The carousel, its photos served by b once copied there.
    await post.getByRole('button', { name: 'Next photo' }).waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          return post
            .locator('img')
            .first()
            .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    const src = await post.locator('img').first().getAttribute('src');
    expect(src).toMatch(/^\/storage\//);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await post.scrollIntoViewIfNeeded();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await page.screenshot({ path: path.join(shots, `feed-${width}.png`) });
      await page.goto(`/@alice@${a.host}`);
      await page.getByRole('heading', { name: `alice@${a.host}` }).waitFor();
      await page.screenshot({ path: path.join(shots, `profile-${width}.png`) });
      if (width === 390) {
        await searchFor(page, `@alice@${a.host}`);
        await page.screenshot({ path: path.join(shots, 'search-390.png') });
      }
      await page.goto('/');
      await post.waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

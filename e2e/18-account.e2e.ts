import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  artifactsDir,
  baseUrl,
  closeBrowser,
  openPage,
  signUpViaApi,
  uniqueUser,
} from './support/browser';
import { instagramArchiveFile, instagramEscaped } from './support/archives';
import { imageFile } from './support/images';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

/** The picture an avatar shows: its address and the size it decoded to (0 until it has loaded). */
async function pictureOf(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => ({
    src: img.getAttribute('src'),
    width: img.naturalWidth,
    height: img.naturalHeight,
  }));
}

/** Signs in through the header's Sign In dialog. */
async function signInThroughDialog(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  return dialog;
}

/** The signed-out header: its Sign In button, and no account menu. */
async function expectSignedOut(page: Page) {
  await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
  expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
}

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'pinhole_session')?.value;

const postsFile = 'your_instagram_activity/content/posts_1.json';
// The server has ffmpeg: a video comes in as an upload does, and this one is no video at all.
const videoReason = 'This video file is damaged, incomplete or not an MP4, MOV or WebM video';
const videoPostReason = 'Not imported: none of its photos could be';

/**
 * An Instagram archive of three posts: one photo whose caption Instagram escaped byte by byte
 * (shared in June 2019), a carousel of a JPEG and a PNG (2021), and a post of one video (2022).
 */
async function threePostArchive(name: string) {
  const jpeg = async (file: string) => fs.readFileSync(await imageFile(file, 1080, 1080, 'jpeg'));
  const media = {
    'media/posts/201906/17912345678901234.jpg': await jpeg(`${name}-single.jpg`),
    'media/posts/202102/17923456789012345.jpg': await jpeg(`${name}-first.jpg`),
    'media/posts/202102/17934567890123456.png': fs.readFileSync(
      await imageFile(`${name}-second.png`, 1080, 1350, 'png'),
    ),
    // An MP4's first box and nothing after: refused as a broken video.
    'media/posts/202204/17945678901234567.mp4': Buffer.from('\0\0\0\x18ftypmp42 not a real video'),
  };
  const [single, first, second, video] = Object.keys(media);
  const file = await instagramArchiveFile(
    `${name}.zip`,
    [
      // A single photo keeps its caption and date on the media item.
      {
        media: [
          {
            uri: single!,
            creation_timestamp: 1_560_000_000,
            title: instagramEscaped('Sunset at the café 😀'),
          },
        ],
      },
      // A carousel keeps them on the post.
      {
        title: 'Two gradients',
        creation_timestamp: 1_612_345_678,
        media: [
          { uri: first!, creation_timestamp: 1_612_345_678, title: '' },
          { uri: second!, creation_timestamp: 1_612_345_678, title: '' },
        ],
      },
      { media: [{ uri: video!, creation_timestamp: 1_650_000_000, title: 'A clip' }] },
    ],
    media,
  );
  return {
    file,
    video: video!,
    videoPost: `Post of 2022-04-15 (3 in ${postsFile})`,
  };
}

/** Chooses the archive and presses Start import: the upload answers 202 with the import's id. */
async function startImport(page: Page, file: string) {
  await page.getByLabel('Archive (.zip, up to 2 GB)').setInputFiles(file);
  await page.getByText(path.basename(file), { exact: true }).waitFor();
  const started = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/me/import') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Start import' }).click();
  const answer = await started;
  expect(answer.status()).toBe(202);
  const { id } = (await answer.json()) as { id: string };
  await page.waitForURL(
    (url) => url.pathname === '/accounts/import' && url.searchParams.get('id') === id,
  );
  return id;
}

/** Waits for the import's result (up to 45 s of image work) and returns its region. */
async function importResult(page: Page) {
  const heading = page.getByRole('heading', { name: /^(Import finished|The import stopped)$/ });
  await heading.waitFor({ timeout: 45_000 });
  // A stopped import fails here with its heading, not after a wait for the other one.
  expect(await heading.textContent()).toBe('Import finished');
  return page.getByRole('region', { name: 'Import finished' });
}

/** The result's "Not imported" list: each item with its reason. */
function notImported(page: Page) {
  return page
    .getByRole('heading', { name: /^Not imported/ })
    .locator('xpath=following-sibling::ul/li')
    .evaluateAll((items) =>
      items.map((item) => Array.from(item.children, (part) => part.textContent)),
    );
}

describe('issue 18: your account', () => {
  it('a new profile photo, cut to its centre square, shows in the header and on your posts', async () => {
    const { context, page, errors } = await openPage('account-avatar');
    const me = await signUpViaApi(context, uniqueUser('av'));
    const post = await createPostViaHttp(me.token, `a post by ${me.username}`);

    await page.goto('/accounts/edit');
    await page.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor();
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', {
      name: 'Account menu',
    });
    // Before: the initial on its gradient, no picture.
    await trigger.getByTestId('avatar-initial').waitFor();
    expect(await trigger.locator('img').count()).toBe(0);

    // A wide photo: the preview is round and shows the centre square before anything is sent.
    const photo = await imageFile('avatar-wide.png', 900, 600, 'png');
    await page.getByLabel('Choose a profile photo').setInputFiles(photo);
    const preview = page.getByRole('img', { name: 'New profile photo, cut to its centre square' });
    expect(await pictureOf(preview)).toMatchObject({ width: 900, height: 600 });
    expect(await preview.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
    // Round: a corner radius of at least half its side.
    const corner = await preview.evaluate((img) => parseFloat(getComputedStyle(img).borderRadius));
    expect(corner).toBeGreaterThanOrEqual(32);

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/profiles/me/avatar') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save photo' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    const avatarUrl = ((await answer.json()) as { avatar_url: string | null }).avatar_url;
    // The largest of the avatar's stored variants (WebP, 150 and 320 px).
    expect(avatarUrl).toMatch(/\/avatars\/[^/]+-320w\.webp$/);
    await preview.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Remove' }).waitFor();

    // Without a reload, the header's menu shows the picture, square at the variant's size.
    const headerPicture = trigger.locator('img');
    expect(await pictureOf(headerPicture)).toEqual({ src: avatarUrl, width: 320, height: 320 });
    expect(await trigger.getByTestId('avatar-initial').count()).toBe(0);
    expect(await headerPicture.evaluate((img) => img.getBoundingClientRect().width)).toBe(24);
    // So does the form's own avatar beside the name.
    const formPicture = page.locator('form section img').first();
    expect((await pictureOf(formPicture)).src).toBe(avatarUrl);

    // The post's header, drawn by the server on a fresh load, shows the same picture.
    await page.goto(`/p/${post.id}`);
    const article = page.getByRole('article', { name: `Post by ${me.username}` });
    await article.getByRole('link', { name: me.username }).first().waitFor();
    const author = article.locator(`a[href="/${me.username}"] img`).first();
    expect(await pictureOf(author)).toEqual({ src: avatarUrl, width: 320, height: 320 });
    expect(await article.getByTestId('avatar-initial').count()).toBe(0);
    expect(await pictureOf(trigger.locator('img'))).toMatchObject({ src: avatarUrl });

    // The picture itself is served as WebP.
    const file = await context.request.get(avatarUrl!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/webp');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changing the password signs out the other browser, keeps this one, and the new password signs in', async () => {
    const first = await openPage('account-password-first');
    const me = await signUpViaApi(first.context, uniqueUser('pw'));
    const newPassword = 'battery-staple-9';

    // A second browser, signed in as the same person through the Sign In dialog.
    const second = await openPage('account-password-second');
    await second.page.goto('/');
    const dialog = await signInThroughDialog(second.page, me.email, me.password);
    await dialog.waitFor({ state: 'detached' });
    await second.page.getByRole('button', { name: 'Account menu' }).waitFor();

    // The first sees both sessions, then changes the password.
    await first.page.goto('/accounts/sessions');
    await first.page.getByText('This device').waitFor();
    expect(await first.page.getByTestId('session').count()).toBe(2);

    await first.page.goto('/accounts/password');
    const form = first.page.locator('form');
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Current password is incorrect').waitFor();

    await form.getByLabel('Current password').fill(me.password);
    const changed = first.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/auth/password') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Change password' }).click();
    expect((await changed).status()).toBe(204);
    await form
      .getByRole('status')
      .getByText('Password changed. You were signed out everywhere else.')
      .waitFor();

    // The second browser, on reload and on navigating, is signed out.
    await second.page.reload();
    await expectSignedOut(second.page);
    await second.page.goto('/accounts/edit');
    await second.page.getByText('Please sign in first.').waitFor();
    await expectSignedOut(second.page);
    const stale = await second.context.request.get('/api/auth/session');
    expect(await stale.json()).toEqual({ user: null, profile: null });

    // The first stays signed in, now the only session.
    const cookieBefore = await sessionCookie(first.context);
    await first.page.reload();
    await first.page.getByRole('button', { name: 'Account menu' }).waitFor();
    await first.page.goto('/accounts/sessions');
    await first.page.getByText('This device').waitFor();
    expect(await first.page.getByTestId('session').count()).toBe(1);
    expect(await sessionCookie(first.context)).toBe(cookieBefore);

    // In the signed-out browser, the old password is refused and the new one signs in.
    await second.page.goto('/');
    const again = await signInThroughDialog(second.page, me.email, me.password);
    expect(await again.getByRole('alert').textContent()).toBe('Invalid login credentials');
    await again.getByLabel('Password', { exact: true }).fill(newPassword);
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await again.waitFor({ state: 'detached' });
    await second.page.getByRole('button', { name: 'Account menu' }).waitFor();
    await second.page.reload();
    await second.page.getByRole('button', { name: 'Account menu' }).waitFor();

    await Promise.all([first.context.close(), second.context.close()]);
  });

  it('deleting the account with its password signs out and its profile is not found', async () => {
    const { context, page } = await openPage('account-delete');
    const me = await signUpViaApi(context, uniqueUser('del'));
    await createPostViaHttp(me.token, `a post by ${me.username}`);
    const profileApi = `${baseUrl()}/api/profiles/by-username/${me.username}`;
    expect((await fetch(profileApi)).status).toBe(200);

    await page.goto('/accounts/delete');
    await page.getByRole('note').getByText('This cannot be undone.').waitFor();
    const submit = page.getByRole('button', { name: 'Delete my account' });
    expect(await submit.isDisabled()).toBe(true);

    // A wrong password keeps the account and says so.
    await page.getByLabel('Enter your password to confirm').fill('not-my-password');
    await submit.click();
    await page.getByText('Password is incorrect').waitFor();
    expect((await fetch(profileApi)).status).toBe(200);

    await page.getByLabel('Enter your password to confirm').fill(me.password);
    const deleted = page.waitForResponse(
      (response) => response.url().endsWith('/api/me') && response.request().method() === 'DELETE',
    );
    await submit.click();
    expect((await deleted).status()).toBe(204);
    await page.waitForURL((url) => url.pathname === '/');
    // Home says what happened, rather than changing silently.
    await page.getByRole('status').getByText('Your account has been deleted.').waitFor();
    await expectSignedOut(page);

    const gone = await page.goto(`/${me.username}`);
    expect(gone?.status()).toBe(404);
    await page.getByRole('heading', { name: "Sorry, this page isn't available." }).waitFor();
    await expectSignedOut(page);
    expect((await fetch(profileApi)).status).toBe(404);
    // The old session is gone too, and the credentials no longer sign in.
    const session = await fetch(`${baseUrl()}/api/auth/session`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(await session.json()).toEqual({ user: null, profile: null });
    const signIn = await fetch(`${baseUrl()}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: me.email, password: me.password }),
    });
    expect(signIn.status).toBe(400);
    await context.close();
  });

  it('imports an Instagram archive through /accounts/import', async () => {
    const { context, page, errors } = await openPage('account-import-archive');
    const me = await signUpViaApi(context, uniqueUser('imp'));
    const archive = await threePostArchive('instagram-import');

    await page.goto('/accounts/import');
    await page.getByRole('heading', { name: 'Import posts', level: 1 }).waitFor();
    const startButton = page.getByRole('button', { name: 'Start import' });
    expect(await startButton.isDisabled()).toBe(true);
    const id = await startImport(page, archive.file);

    // The page follows the import until its result.
    const result = await importResult(page);
    await result.getByText('2 posts imported', { exact: true }).waitFor();
    expect(await result.getByText('already in your account').count()).toBe(0);
    await result.getByRole('heading', { name: 'Not imported (2)' }).waitFor();
    // The video is listed with the reason, and so is its post, left with no photo.
    expect(await notImported(page)).toEqual([
      [archive.video, videoReason],
      [archive.videoPost, videoPostReason],
    ]);

    // The address holds the import: a reload shows the same result.
    await page.reload();
    await result.getByText('2 posts imported', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe(id);

    // See your posts: the two posts on the profile, newest first by their own dates, the caption
    // repaired to the text it was written in.
    await result.getByRole('link', { name: 'See your posts' }).click();
    await page.waitForURL((url) => url.pathname === `/${me.username}`);
    const main = page.getByRole('main');
    await main.getByText(/^2\s*posts$/).waitFor();
    const grid = main.getByRole('list', { name: 'Posts' });
    await expect.poll(() => grid.getByRole('img').count()).toBe(2);
    expect(
      await grid
        .getByRole('img')
        .evaluateAll((images) => images.map((img) => img.getAttribute('alt'))),
    ).toEqual(['Photo: Two gradients', 'Photo: Sunset at the café 😀']);
    expect(await grid.getByRole('listitem').first().getByTestId('carousel-mark').count()).toBe(1);
    expect(await grid.getByRole('listitem').nth(1).getByTestId('carousel-mark').count()).toBe(0);

    // Opened, the post shows its caption and keeps its 2019 date.
    await grid.getByRole('img', { name: 'Photo: Sunset at the café 😀' }).click();
    const article = page.getByRole('article', { name: `Post by ${me.username}` }).last();
    await article.getByText('Sunset at the café 😀').waitFor();
    expect(await article.textContent()).not.toContain('Ã');
    expect(await article.locator('time').first().getAttribute('datetime')).toBe(
      '2019-06-08T13:20:00.000Z',
    );
    const photo = article.getByRole('img', { name: `Photo by ${me.username}` }).first();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // The same archive again: nothing is added twice, and the video is listed again.
    await page.goto(`/accounts/import?id=${id}`);
    await result.getByRole('button', { name: 'Import another archive' }).click();
    await page.waitForURL((url) => url.search === '');
    await startImport(page, archive.file);
    await importResult(page);
    await result.getByText('0 posts imported', { exact: true }).waitFor();
    await result.getByText('2 posts were already in your account', { exact: true }).waitFor();
    fs.mkdirSync(path.join(artifactsDir, 'account-import'), { recursive: true });
    await page.screenshot({
      path: path.join(artifactsDir, 'account-import', 'result-again-1280.png'),
      fullPage: true,
    });
    expect(await notImported(page)).toEqual([
      [archive.video, videoReason],
      [archive.videoPost, videoPostReason],
    ]);
    expect(await result.getByRole('link', { name: 'See your posts' }).count()).toBe(0);
    const profile = await context.request.get(`/api/profiles/by-username/${me.username}`);
    expect(((await profile.json()) as { posts_count: number }).posts_count).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Edit profile fits a phone and a desktop, with and without a photo being previewed', async () => {
    const folder = path.join(artifactsDir, 'account-edit');
    fs.mkdirSync(folder, { recursive: true });
    const { context, page } = await openPage('account-edit-layout', { width: 390, height: 844 });
    // A long name, to see it cut off rather than push the buttons out.
    await signUpViaApi(context, {
      ...uniqueUser('layout'),
      fullName: 'Maximiliana Bartholomew-Featherstonehaugh',
    });
    const photo = await imageFile('avatar-tall.jpg', 600, 900, 'jpeg');

    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/accounts/edit');
      await page.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor();
      await page.getByLabel('Bio').waitFor();
      await page.screenshot({ path: path.join(folder, `edit-${width}.png`), fullPage: true });

      await page.getByLabel('Choose a profile photo').setInputFiles(photo);
      const preview = page.getByRole('img', {
        name: 'New profile photo, cut to its centre square',
      });
      await pictureOf(preview);
      await page.screenshot({ path: path.join(folder, `edit-${width}-preview.png`) });

      // The preview keeps its round 64 px, and the name beside the current photo stays readable.
      const shape = (await preview.boundingBox())!;
      expect([shape.width, shape.height], `preview at ${width}px`).toEqual([64, 64]);
      const username = page.locator('form section p').first();
      expect((await username.boundingBox())!.width, `username at ${width}px`).toBeGreaterThan(100);

      // Nothing wider than the window, and the picker's buttons inside the profile's box.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `page wider than ${width}px`).toBeLessThanOrEqual(0);
      const box = (await page.locator('form section').boundingBox())!;
      for (const name of ['Save photo', 'Cancel']) {
        const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
        expect(button.x, `${name} at ${width}px`).toBeGreaterThanOrEqual(box.x);
        expect(button.height, `${name} on one line at ${width}px`).toBeLessThan(40);
        expect(button.x + button.width, `${name} at ${width}px`).toBeLessThanOrEqual(
          box.x + box.width,
        );
      }
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await preview.waitFor({ state: 'detached' });
    }
    await context.close();
  });

  it('Import posts fits a phone and a desktop, before choosing a file and with a result', async () => {
    const folder = path.join(artifactsDir, 'account-import');
    fs.mkdirSync(folder, { recursive: true });
    const { context, page } = await openPage('account-import-layout', { width: 390, height: 844 });
    const me = await signUpViaApi(context, uniqueUser('implayout'));
    // Named as Instagram names its downloads, long enough to need the whole row on a phone.
    const archive = await threePostArchive(`instagram-${me.username}-2024-05-01-Xq3vR8sT`);

    /** Nothing wider than the window, and the page's controls inside its column. */
    const expectFits = async (width: number, what: string) => {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${what} wider than ${width}px`).toBeLessThanOrEqual(0);
      const column = (await page.getByRole('main').boundingBox())!;
      for (const control of await page.getByRole('main').getByRole('button').all()) {
        const box = (await control.boundingBox())!;
        const name = await control.textContent();
        expect(box.x + box.width, `${name} (${what}, ${width}px)`).toBeLessThanOrEqual(
          column.x + column.width,
        );
        expect(box.height, `${name} on one line (${what}, ${width}px)`).toBeLessThan(44);
      }
    };

    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/accounts/import');
      await page.getByRole('button', { name: 'Start import' }).waitFor();
      await page.screenshot({ path: path.join(folder, `empty-${width}.png`), fullPage: true });
      await expectFits(width, 'the empty page');

      // From the keyboard the input takes the focus, and the button drawn for it shows the ring.
      await page.getByRole('heading', { name: 'Import posts', level: 1 }).click();
      await page.keyboard.press('Tab');
      const input = page.getByLabel('Archive (.zip, up to 2 GB)');
      expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
      const trigger = page.getByText('Choose a file', { exact: true });
      expect(await trigger.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe(
        'solid',
      );

      // The button drawn for the input opens the file chooser. The name is written once, whole:
      // the browser's own control, which would repeat it cut short, is not drawn.
      const chooser = page.waitForEvent('filechooser');
      await trigger.click();
      await (await chooser).setFiles(archive.file);
      const chosen = page.getByText(path.basename(archive.file), { exact: true });
      await chosen.waitFor();
      await page.getByText('0.1 MB', { exact: true }).waitFor();
      expect((await input.boundingBox())!.width).toBeLessThanOrEqual(1);
      expect(await chosen.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
      await page.getByText('Choose another', { exact: true }).waitFor();
      await page.screenshot({ path: path.join(folder, `chosen-${width}.png`), fullPage: true });
      await expectFits(width, 'the chosen archive');
    }

    await startImport(page, archive.file);
    const result = await importResult(page);
    await result.getByText('2 posts imported', { exact: true }).waitFor();
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: path.join(folder, `result-${width}.png`), fullPage: true });
      await expectFits(width, 'the result');
      // Each item not imported, and its reason, are whole and inside the list's box.
      const list = (await result.locator('h3 + ul').boundingBox())!;
      for (const part of await result.locator('h3 + ul li > *').all()) {
        const box = (await part.boundingBox())!;
        expect(box.x + box.width, `${await part.textContent()} at ${width}px`).toBeLessThanOrEqual(
          list.x + list.width,
        );
        expect(
          await part.evaluate((element) => element.scrollWidth <= element.clientWidth),
          `${await part.textContent()} cut at ${width}px`,
        ).toBe(true);
      }
    }
    await context.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  artifactsDir,
  closeBrowser,
  createUserViaHttp,
  openPage,
  signUpViaApi,
  uniqueUser,
} from './support/browser';
import { imageFile } from './support/images';
import { createStoryViaHttp, nextToStoryPreview } from './support/stories';

afterAll(closeBrowser);

const shots = path.join(artifactsDir, 'stories');

async function shoot(target: Page | Locator, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await target.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** Resolves once the browser has told the server a story was seen. */
const viewAnswered = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/view') && response.request().method() === 'PUT',
  );

/** The ring of a person's tile in the strip: coloured (`story-ring`) or grey (`bg-line`). */
async function ringOf(page: Page, username: string) {
  const tile = page
    .getByRole('region', { name: 'Stories' })
    .getByRole('link', { name: new RegExp(`^Story by ${username}, `) });
  return {
    unviewed: await tile.getByTestId('story-ring').getAttribute('data-unviewed'),
    className: (await tile.getByTestId('story-ring').getAttribute('class')) ?? '',
  };
}

/** The story on screen has its photo (so a screenshot shows it). */
async function photoShown(page: Page, username: string) {
  const photo = page.getByRole('dialog').getByRole('img', { name: `Story by ${username}` });
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

describe('issue 20: stories', () => {
  it('A shares a story; B sees a coloured ring, opens it, grey after reload; A sees Seen by 1 with B; → and ← go through two people', async () => {
    const a = await openPage('stories-a', { width: 1280, height: 900 });
    const alice = await signUpViaApi(a.context, uniqueUser('sta'));
    const b = await openPage('stories-b', { width: 1280, height: 900 });
    const bob = await signUpViaApi(b.context, uniqueUser('stb'));
    const cleo = await createUserViaHttp(uniqueUser('stc'));
    await api(bob.token, 'PUT', `/api/profiles/${alice.id}/follow`);
    await api(bob.token, 'PUT', `/api/profiles/${cleo.id}/follow`);

    // A: Your story opens the picker; the photo is previewed, shared, and the tile shows it in a ring.
    await a.page.goto('/');
    const aStrip = a.page.getByRole('region', { name: 'Stories' });
    const photo = await imageFile('a-story.jpg', 1080, 1920, 'jpeg');
    const chooser = a.page.waitForEvent('filechooser');
    await aStrip.getByRole('button', { name: 'Your story' }).click();
    const shared = a.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/stories') && response.request().method() === 'POST',
    );
    await (await chooser).setFiles(photo);
    // Crop and edit (left as they are), a preview, then Share to your story sends it.
    const preview = a.page.getByRole('dialog', { name: 'New story' });
    await nextToStoryPreview(preview);
    await preview.getByRole('img', { name: 'Your story preview' }).waitFor();
    await preview.getByRole('button', { name: 'Share to your story' }).click();
    expect((await shared).status()).toBe(201);
    const yours = aStrip.getByRole('link', { name: 'Your story' });
    await yours.waitFor();
    const aliceStoryPath = (await yours.getAttribute('href'))!;
    expect(aliceStoryPath).toMatch(new RegExp(`^/stories/${alice.username}/[^/]+$`));
    expect(await aStrip.getByRole('button', { name: 'Add to your story' }).count()).toBe(1);

    // Cleo has two stories (over HTTP), shared after A's.
    const cleo1 = await createStoryViaHttp(cleo.token);
    const cleo2 = await createStoryViaHttp(cleo.token, [1200, 900]);

    // B: both people B follows have unseen stories: coloured rings.
    await b.page.goto('/');
    const bStrip = b.page.getByRole('region', { name: 'Stories' });
    await bStrip.getByRole('link', { name: `Story by ${alice.username}, not seen yet` }).waitFor();
    await bStrip.getByRole('link', { name: `Story by ${cleo.username}, not seen yet` }).waitFor();
    const before = await ringOf(b.page, alice.username);
    expect(before.unviewed).toBe('true');
    expect(before.className).toContain('story-ring');
    await expectNoSeriousA11yViolations(b.page, 'stories strip');

    // B opens A's story: the viewer at its address, marked seen on the server.
    const viewed = viewAnswered(b.page);
    await bStrip.getByRole('link', { name: `Story by ${alice.username}, not seen yet` }).click();
    await b.page.waitForURL(`**${aliceStoryPath}`);
    const viewer = b.page.getByRole('dialog', { name: `Story by ${alice.username}` });
    await viewer.waitFor();
    expect((await viewed).status()).toBe(204);
    // Held still for the screenshots (the story would move on after 5 s).
    await viewer.getByRole('button', { name: 'Pause' }).click();
    await photoShown(b.page, alice.username);
    await shoot(b.page, 'viewer-1280');
    await expectNoSeriousA11yViolations(b.page, 'story viewer');
    await b.page.keyboard.press('Escape');
    await b.page.waitForURL((url) => url.pathname === '/');

    // After a reload (the view is stored on the server), A's ring is grey; Cleo's still coloured.
    await b.page.reload();
    await bStrip.getByRole('link', { name: `Story by ${alice.username}, seen` }).waitFor();
    const after = await ringOf(b.page, alice.username);
    expect(after.unviewed).toBe('false');
    expect(after.className).toContain('bg-line');
    expect((await ringOf(b.page, cleo.username)).className).toContain('story-ring');
    await shoot(bStrip, 'strip-1280');
    await b.page.setViewportSize({ width: 390, height: 844 });
    await shoot(bStrip, 'strip-390');

    // Keyboard through two people: Cleo's two stories, then A's, and back.
    await bStrip.getByRole('link', { name: `Story by ${cleo.username}, not seen yet` }).click();
    await b.page.waitForURL(`**/stories/${cleo.username}/${cleo1.id}`);
    await b.page.getByRole('dialog').getByRole('button', { name: 'Pause' }).click();
    await photoShown(b.page, cleo.username);
    await shoot(b.page, 'viewer-390');
    await b.page.keyboard.press('ArrowRight');
    await b.page.waitForURL(`**/stories/${cleo.username}/${cleo2.id}`);
    await b.page.getByRole('dialog').getByText('Story 2 of 2').waitFor();
    await b.page.keyboard.press('ArrowRight');
    await b.page.waitForURL(`**${aliceStoryPath}`);
    await b.page.getByRole('dialog', { name: `Story by ${alice.username}` }).waitFor();
    await b.page.keyboard.press('ArrowLeft');
    await b.page.waitForURL(`**/stories/${cleo.username}/${cleo2.id}`);
    await b.page.keyboard.press('Escape');
    await b.page.waitForURL((url) => url.pathname === '/');

    // A: their own story says who saw it.
    await a.page.goto(aliceStoryPath);
    const own = a.page.getByRole('dialog', { name: `Story by ${alice.username}` });
    await own.getByRole('button', { name: 'Pause' }).click();
    await own.getByRole('button', { name: 'Seen by 1' }).click();
    const viewers = a.page.getByRole('dialog', { name: 'Viewers' });
    await viewers.getByRole('link', { name: bob.username }).waitFor();
    expect(await viewers.getByTestId('story-viewer').count()).toBe(1);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { closeBrowser, openPage, signUpViaApi } from './support/browser';
import { imageFile } from './support/images';
import { backToPhotos, nextToCaption } from './support/posts';

afterAll(closeBrowser);

/** Set to a folder to keep screenshots of the dialog and the carousel at phone and desktop widths. */
const shotsDir = process.env.POSTS_SHOTS_DIR;

async function shoot(page: Page, name: string, target?: Locator) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  const file = path.join(shotsDir, `${name}.png`);
  await (target ? target.screenshot({ path: file }) : page.screenshot({ path: file }));
}

/** The alt of each slide's photo, in the carousel's order (slides not yet loaded: null). */
async function slideAlts(carousel: Locator, count: number) {
  const alts: (string | null)[] = [];
  for (let index = 1; index <= count; index += 1) {
    const image = carousel.getByRole('group', { name: `${index} of ${count}` }).getByRole('img');
    alts.push((await image.count()) > 0 ? await image.getAttribute('alt') : null);
  }
  return alts;
}

describe('journey 17: posts people make', () => {
  it('creates a 3-photo post reordered by keyboard with alt texts; edits, saves and deletes it', async () => {
    const { context, page } = await openPage('posts-carousel');
    const me = await signUpViaApi(context);
    const files = [
      await imageFile('wide.jpg', 1200, 800, 'jpeg'),
      await imageFile('square.png', 900, 900, 'png'),
      await imageFile('tall.jpg', 800, 1000, 'jpeg'),
    ];
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    // Pick three at once, describe each, then move the third to the front by keyboard.
    await page.getByRole('button', { name: 'Create post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Image file').setInputFiles(files);
    const strip = dialog.getByRole('list', { name: 'Photos' });
    await strip.getByRole('button', { name: 'Photo 3 of 3' }).waitFor();
    await nextToCaption(dialog);
    await dialog.getByLabel('Alt text for photo 1').fill('A wide gradient');
    await dialog.getByLabel('Alt text for photo 3').fill('A tall gradient');
    // Back to the photos (the alt texts kept), to move the third to the front.
    await backToPhotos(dialog);
    await dialog.getByRole('button', { name: 'Move photo 3 left' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // The focus followed the photo: it is now first, its left button gone.
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Move photo 1 right' })
          .evaluate((button) => button === document.activeElement),
      )
      .toBe(true);
    await nextToCaption(dialog);
    expect(await dialog.getByLabel('Alt text for photo 1').inputValue()).toBe('A tall gradient');
    await dialog.getByPlaceholder('Write a caption...').fill('Three gradients');
    await expectNoSeriousA11yViolations(page, 'create dialog with three photos');
    await shoot(page, 'create-dialog-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'create-dialog-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/posts') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Share' }).click();
    const postId = ((await (await created).json()) as { id: string }).id;
    await dialog.waitFor({ state: 'detached' });

    // The carousel shows them in that order with their alts; the next photo only is loaded.
    const article = page.getByRole('article', { name: `Post by ${me.username}` }).first();
    await article.getByText('Three gradients').waitFor();
    const carousel = article.getByRole('group', { name: 'Photos' });
    expect(await slideAlts(carousel, 3)).toEqual(['A tall gradient', 'A wide gradient', null]);
    expect(await carousel.getByText('Photo 1 of 3').textContent()).toBe('Photo 1 of 3');
    const first = carousel.getByRole('group', { name: '1 of 3' }).getByRole('img');
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const shape = await first.evaluate(
      (img: HTMLImageElement) => img.naturalHeight / img.naturalWidth,
    );
    expect(shape).toBeCloseTo(1000 / 800, 1);

    await carousel.getByRole('button', { name: 'Next photo' }).click();
    await carousel.getByText('Photo 2 of 3').waitFor({ state: 'attached' });
    expect(await slideAlts(carousel, 3)).toEqual([
      'A tall gradient',
      'A wide gradient',
      `Photo by ${me.username}`,
    ]);
    await carousel.getByRole('button', { name: 'Previous photo' }).click();
    await carousel.getByText('Photo 1 of 3').waitFor({ state: 'attached' });
    await carousel
      .getByRole('group', { name: '1 of 3' })
      .getByRole('button', { name: 'ALT' })
      .click();
    await carousel.getByText('A tall gradient', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'feed with a carousel post');
    await shoot(page, 'carousel-1280', article);

    // Edit the caption from the post menu: the card shows it, marked Edited.
    await article.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit post' });
    await edit.getByLabel('Caption').fill('Three gradients, in order');
    await edit.getByRole('button', { name: 'Done' }).click();
    await edit.waitFor({ state: 'detached' });
    await article.getByText('Three gradients, in order').waitFor();
    await article.getByText('Edited', { exact: false }).waitFor();

    // Save it, and find it under Saved.
    const save = article.getByRole('button', { name: 'Save' });
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    await page.goto(`/${me.username}/saved`);
    const saved = page
      .getByRole('tabpanel', { name: 'SAVED' })
      .getByRole('list', { name: 'Posts' });
    await saved.getByRole('link').first().waitFor();
    expect(await saved.getByRole('link').first().getAttribute('href')).toBe(`/p/${postId}`);

    // On its own page at phone width: the carousel swipes.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/p/${postId}`);
    const pageCarousel = page
      .getByRole('article', { name: `Post by ${me.username}` })
      .getByRole('group', { name: 'Photos' });
    await pageCarousel.getByRole('group', { name: '1 of 3' }).getByRole('img').waitFor();
    await shoot(page, 'carousel-390');
    await pageCarousel.locator('[tabindex="0"]').evaluate((track) => {
      track.scrollTo({ left: track.clientWidth, behavior: 'instant' });
    });
    await pageCarousel.getByText('Photo 2 of 3').waitFor({ state: 'attached' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Delete it: the page goes home, and its address is the not-found page.
    await page.getByRole('button', { name: 'More options' }).first().click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete post?' });
    await expectNoSeriousA11yViolations(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const gone = await page.goto(`/p/${postId}`);
    expect(gone?.status()).toBe(404);
    await page.getByRole('heading', { name: "Sorry, this page isn't available." }).waitFor();
    await context.close();
  });
});

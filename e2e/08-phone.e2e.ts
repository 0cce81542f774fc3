import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { closeBrowser, createUserViaHttp, openPage, signUpViaApi } from './support/browser';
import type { Locator, Page } from 'playwright-core';
import { createPostViaHttp } from './support/posts';
import { updateReadmeScreenshots, updatingScreenshots } from './support/screenshots';
import { createStoryViaHttp } from './support/stories';

afterAll(closeBrowser);

const horizontalOverflow = () =>
  document.documentElement.scrollWidth - document.documentElement.clientWidth;

/** How wide the page can be scrolled: on a 390 px phone, anything above 390 moves every dialog. */
const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

/** The element's box lies wholly inside the phone's screen. */
async function expectOnScreen(target: Locator, width = 390, height = 844) {
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}

describe('journey 8: a phone (390 px)', () => {
  it('has no horizontal scroll, hides the sidebar, and keeps the dialogs usable', async () => {
    const { context, page } = await openPage('phone', { width: 390, height: 844 });
    const me = await signUpViaApi(context);
    await createPostViaHttp(me.token, 'phone view', [1200, 800]);
    await page.goto('/');
    await page.getByRole('article').first().waitFor();
    expect(await page.evaluate(horizontalOverflow)).toBeLessThanOrEqual(0);
    expect(await page.getByText('Suggestions for you').isVisible()).toBe(false);
    await expectNoSeriousA11yViolations(page, 'home on a phone');

    await page.getByRole('button', { name: 'Create post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    expect(await page.evaluate(horizontalOverflow)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('tab', { name: 'POSTS' }).waitFor();
    expect(await page.evaluate(horizontalOverflow)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('stays 390 px wide with twelve people in the stories row, so every dialog is on screen', async () => {
    // Twelve people with a story: signed out, the strip shows everyone's recent trays.
    for (let i = 0; i < 12; i += 1) {
      const person = await createUserViaHttp();
      await createStoryViaHttp(person.token, [360, 640]);
      if (i === 0) await createPostViaHttp(person.token, 'a post under the stories', [800, 800]);
    }
    const { context, page } = await openPage('phone-stories', { width: 390, height: 844 });
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Stories' });
    await expect.poll(() => strip.getByTestId('story').count()).toBeGreaterThanOrEqual(12);
    await page.getByRole('article').first().waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

    // The sign-up dialog, from the header's Sign In, and its Sign Up button.
    await page.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in to Pinhole' });
    await signIn.waitFor();
    await expectOnScreen(signIn);
    await signIn.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Sign up for Pinhole' });
    await signUp.waitFor();
    await expectOnScreen(signUp);
    const submit = signUp.getByRole('button', { name: 'Sign Up', exact: true });
    await submit.scrollIntoViewIfNeeded();
    await expectOnScreen(submit);
    // Reachable: the button itself, not something laid over it, takes a tap at its centre.
    await submit.click({ trial: true });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await signUp.waitFor({ state: 'hidden' });

    // A post's options.
    await page.getByRole('article').first().getByRole('button', { name: 'More options' }).click();
    const options = page.getByRole('dialog').first();
    await options.waitFor();
    await expectOnScreen(options);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('shows the sidebar on a large screen', async () => {
    // Someone to suggest: the section is hidden when there is nobody.
    await createUserViaHttp();
    const { context, page } = await openPage('desktop', { width: 1280, height: 900 });
    await page.goto('/');
    await page.getByText('Suggestions for you').waitFor();
    const suggested = await page.getByTestId('suggestion').count();
    expect(suggested).toBeGreaterThan(0);
    expect(suggested).toBeLessThanOrEqual(5);
    await context.close();

    // The README's pictures of the home, desktop and phone, from a demo instance.
    if (updatingScreenshots) await updateReadmeScreenshots();
  }, 240_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { closeBrowser, createUserViaHttp, openPage } from './support/browser';
import { startProduct } from './support/global-setup';
import { createPostViaHttp } from './support/posts';

// The visitor meets an empty product: this journey gets an instance of its own, started the
// same way, so the other journeys' posts cannot fill its feed.
let product: Awaited<ReturnType<typeof startProduct>>;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await closeBrowser();
  await product.stop();
});

describe('journey 1: a visitor', () => {
  it('sees the empty feed, then a post whose Like asks to sign in and no comment form', async () => {
    const { context, page, errors } = await openPage('visitor', { baseUrl: product.baseUrl });
    await page.goto('/');
    await page.getByText('No posts yet').waitFor();
    // Signed out there is nobody to follow and nothing to create yet: the empty home offers to
    // sign up (issue 47), on the dialog's Sign Up tab.
    expect(await page.getByText('Follow some users').count()).toBe(0);
    expect(await page.getByText('Sign up to share the first photo here.').isVisible()).toBe(true);
    await page.getByRole('main').getByRole('button', { name: 'Sign up' }).click();
    expect(
      await page
        .getByRole('dialog')
        .getByRole('tab', { name: 'Sign Up' })
        .getAttribute('aria-selected'),
    ).toBe('true');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // No story of one's own to add before signing in.
    expect(await page.getByText('Your story').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'home signed out, empty');

    const author = await createUserViaHttp(undefined, product.baseUrl);
    await createPostViaHttp(author.token, 'seen by a visitor', [800, 600], product.baseUrl);
    await page.reload();
    const card = page.getByRole('article').filter({ hasText: 'seen by a visitor' });
    await card.waitFor();
    expect(await card.getByRole('button', { name: 'Like' }).isEnabled()).toBe(true);
    expect(await page.getByPlaceholder('Add a comment...').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'home signed out, with a post');

    // A tap on the heart (a phone has no hover to explain a greyed one) opens the sign-in dialog.
    await card.getByRole('button', { name: 'Like' }).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Sign In' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Create post' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await expectNoSeriousA11yViolations(page, 'sign-in dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    expect(await page.getByRole('button', { name: 'Sign In' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });
});

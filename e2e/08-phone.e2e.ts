import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { closeBrowser, createUserViaHttp, openPage, signUpViaApi } from './support/browser';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

const horizontalOverflow = () =>
  document.documentElement.scrollWidth - document.documentElement.clientWidth;

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
  });
});

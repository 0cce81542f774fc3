import { afterAll, describe, expect, it } from 'vitest';
import { linkInTextBlockResults } from './support/axe';
import { closeBrowser, openPage, signUpViaApi } from './support/browser';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

/** Whether keyboard focus is inside the open dialog. */
const focusInDialog = () => Boolean(document.activeElement?.closest('[role="dialog"]'));

describe('journey 9: dialogs and the keyboard', () => {
  it('traps focus in the sign-in dialog and closes it on Escape', async () => {
    const { context, page } = await openPage('focus-auth');
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.getByRole('dialog').waitFor();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(focusInDialog)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  it('traps focus in the create dialog and closes it on Escape', async () => {
    const { context, page } = await openPage('focus-create');
    await signUpViaApi(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Create post' }).click();
    await page.getByRole('dialog').waitFor();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(focusInDialog)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  it('tells the links in a caption from its text without colour (axe link-in-text-block)', async () => {
    const { context, page } = await openPage('links-in-text');
    const me = await signUpViaApi(context);
    const post = await createPostViaHttp(
      me.token,
      `Golden hour on the pier #sunset with @${me.username} and a long tail of words after it`,
    );
    for (const address of [`/p/${post.id}`, '/']) {
      await page.goto(address);
      await page.getByRole('link', { name: '#sunset' }).first().waitFor();
      const { checked, violations } = await linkInTextBlockResults(page);
      expect(checked, address).toBeGreaterThan(0);
      expect(violations, address).toEqual([]);
    }
    await context.close();
  });
});

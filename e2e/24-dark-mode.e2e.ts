import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { grantAdmin } from './support/admin';
import { artifactsDir, closeBrowser, openPage, signUpViaApi } from './support/browser';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

const screenshots = path.join(artifactsDir, 'dark-mode');

/** A dialog drawn over the page: looked at, and checked by axe, in the scheme in force. */
async function checkDialog(page: Page, name: string, file: string, scheme: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await page.screenshot({ path: path.join(screenshots, `${file}-${scheme}.png`) });
  await expectNoSeriousA11yViolations(page, `${name} dialog in ${scheme}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe('journey 24: dark mode', () => {
  it('reads in light and dark, following the system and then the choice in settings', async () => {
    const { context, page } = await openPage('dark-mode', { width: 390, height: 844 });
    const me = await signUpViaApi(context);
    // The admin pages too: this person is made one the way an operator does.
    grantAdmin(me.username);
    const post = await createPostViaHttp(me.token, 'Night and day #both');
    fs.mkdirSync(screenshots, { recursive: true });
    const screens = [
      ['home', '/'],
      ['post', `/p/${post.id}`],
      ['profile', `/${me.username}`],
      ['settings', '/accounts/edit'],
      ['notification-settings', '/accounts/notifications'],
      ['admin', '/admin'],
    ] as const;

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, address] of screens) {
        await page.goto(address);
        await page.getByRole('main').waitFor();
        const background = await page.evaluate(
          () => getComputedStyle(document.body).backgroundColor,
        );
        expect(background, `${name} in ${scheme}`).toBe(
          scheme === 'dark' ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)',
        );
        await page.screenshot({ path: path.join(screenshots, `${name}-${scheme}.png`) });
        await expectNoSeriousA11yViolations(page, `${name} in ${scheme}`);
      }

      // The dialogs over the home: creating a post, switching accounts, signing in as another.
      await page.goto('/');
      await page.getByRole('button', { name: 'Create post' }).click();
      await checkDialog(page, 'Create New Post', 'create-dialog', scheme);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Switch accounts' }).click();
      await page.getByRole('dialog', { name: 'Switch accounts' }).waitFor();
      await page.screenshot({ path: path.join(screenshots, `switch-accounts-${scheme}.png`) });
      await expectNoSeriousA11yViolations(page, `Switch accounts dialog in ${scheme}`);
      await page.getByRole('button', { name: 'Log into an existing account' }).click();
      await checkDialog(page, 'Sign in to Pinhole', 'sign-in-dialog', scheme);
    }

    // The system is dark; this device chooses Light, and keeps it across a reload.
    await page.goto(`/${me.username}`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await page.reload();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await context.close();
  });
});

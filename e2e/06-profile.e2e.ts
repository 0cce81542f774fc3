import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { closeBrowser, openPage, signUpViaApi, uniqueUser } from './support/browser';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

describe('journey 6: profile', () => {
  it('shows counts, the grid of own posts, the tabs with their texts and the initial avatar', async () => {
    const { context, page } = await openPage('profile');
    const me = await signUpViaApi(context, uniqueUser('zed'));
    await createPostViaHttp(me.token, 'grid one');
    await createPostViaHttp(me.token, 'grid two');
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: me.username }).waitFor();
    expect(await main.getByText(me.fullName).isVisible()).toBe(true);
    expect(await main.getByText('Z', { exact: true }).first().isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Edit profile' }).isVisible()).toBe(true);
    expect(await main.getByText(/2\s*posts/).isVisible()).toBe(true);
    expect(await main.getByText(/0\s*followers/).isVisible()).toBe(true);
    expect(await main.getByText(/0\s*following/).isVisible()).toBe(true);
    await main.getByRole('tab', { name: 'POSTS' }).waitFor();
    await expect.poll(() => main.getByRole('tabpanel').getByRole('img').count()).toBe(2);
    await expectNoSeriousA11yViolations(page, 'profile');

    await main.getByRole('tab', { name: 'SAVED' }).click();
    await main.getByText('No Saved Posts').waitFor();
    expect(await main.getByText('Save posts you want to see again.').isVisible()).toBe(true);
    await main.getByRole('tab', { name: 'TAGGED' }).click();
    await main.getByText('No Tagged Posts').waitFor();
    expect(
      await main.getByText("When people tag you in photos, they'll appear here.").isVisible(),
    ).toBe(true);
    await context.close();
  });

  it('shows No Posts Yet for a new member, and the sign-in prompt when signed out', async () => {
    const { context, page } = await openPage('profile-empty');
    await signUpViaApi(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByText('No Posts Yet').waitFor();
    // The owner's sentence follows once the profile is known to be yours (the session and the
    // profile answer separately): wait for it rather than read the first frame.
    await page.getByText("When you share photos, they'll appear on your profile.").waitFor();
    expect(
      await page.getByText("When you share photos, they'll appear on your profile.").isVisible(),
    ).toBe(true);
    await context.close();
  });
});

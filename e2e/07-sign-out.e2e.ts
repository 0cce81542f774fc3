import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, openPage, signUpViaApi } from './support/browser';

afterAll(closeBrowser);

describe('journey 7: sign out', () => {
  it('returns home signed out, and the old cookie is refused by the API afterwards', async () => {
    const { context, page } = await openPage('sign-out');
    await signUpViaApi(context);
    const cookie = (await context.cookies()).find((c) => c.name === 'pinhole_session');
    expect(cookie?.httpOnly).toBe(true);
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    expect(await page.getByPlaceholder('Add a comment...').count()).toBe(0);

    const replay = await fetch(`${baseUrl()}/api/auth/session`, {
      headers: { cookie: `pinhole_session=${cookie?.value}` },
    });
    expect(await replay.json()).toEqual({ user: null, profile: null });
    const write = await fetch(`${baseUrl()}/api/profiles/me`, {
      method: 'PATCH',
      headers: { cookie: `pinhole_session=${cookie?.value}`, 'content-type': 'application/json' },
      body: '{"bio":"x"}',
    });
    expect(write.status).toBe(401);
    await context.close();
  });

  it('shows the sign-in prompt on your saved posts once the session ends elsewhere', async () => {
    const { context, page } = await openPage('profile-signed-out');
    const me = await signUpViaApi(context);
    await page.goto(`/${me.username}/saved`);
    await page.getByRole('tab', { name: 'SAVED', selected: true }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'pinhole_session');
    await fetch(`${baseUrl()}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: `pinhole_session=${cookie?.value}` },
    });
    // The window regains focus: the client re-reads the session and finds it gone.
    await page.evaluate(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.getByText('Please sign in to view your profile.').waitFor();
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { grantAdmin } from './support/admin';
import { baseUrl, closeBrowser, openPage, signUpViaApi, uniqueUser } from './support/browser';
import { imageFile } from './support/images';

/**
 * Issue 47, account and admin items, on the shared e2e product: it runs without a mail server
 * (no SMTP_URL) and without federation (an http PUBLIC_URL), as a fresh clone does.
 */
afterAll(closeBrowser);

const mailUnavailable = "This server can't send email — ask its admin for a reset link";

async function openSignIn(page: Page) {
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  return page.getByRole('dialog', { name: 'Sign in to Pinhole' });
}

describe('issue 47: what a newcomer trips on (account, admin)', () => {
  it('Forgot password says at once that this server sends no email, instead of promising one', async () => {
    const { page } = await openPage('forgot-without-mail');
    await page.goto('/');
    const dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset your password' });
    await reset.getByRole('alert').getByText(mailUnavailable).waitFor();
    expect(await reset.getByRole('button', { name: 'Send reset link' }).count()).toBe(0);
    expect(await reset.getByText(/we sent it a link/).count()).toBe(0);
  });

  it('signs in with a username typed where the email goes', async () => {
    const { context, page } = await openPage('sign-in-by-username');
    const someone = await signUpViaApi(context, uniqueUser('byname'));
    await context.clearCookies();
    await page.goto('/');
    const dialog = await openSignIn(page);
    const field = dialog.getByLabel('Email');
    expect(await field.getAttribute('placeholder')).toBe('Email or username');
    await field.fill(someone.username);
    await dialog.getByLabel('Password', { exact: true }).fill(someone.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Account menu' }).first().waitFor();
  });

  it('Edit profile: a photo picked, then Submit, is saved with the rest', async () => {
    const { context, page } = await openPage('profile-photo-submit');
    const me = await signUpViaApi(context, uniqueUser('photo'));
    await page.goto('/accounts/edit');
    await page.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor();
    const photo = await imageFile('avatar-submit.png', 600, 600, 'png');
    await page.getByLabel('Choose a profile photo').setInputFiles(photo);
    await page.getByRole('img', { name: 'New profile photo, cut to its centre square' }).waitFor();
    await page.getByLabel('Bio').fill('Saved with the photo');

    const avatarSaved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/profiles/me/avatar') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await avatarSaved).status()).toBe(200);
    await page.getByRole('status').getByText('Profile saved.').waitFor();

    const profile = (await (
      await fetch(`${baseUrl()}/api/profiles/by-username/${me.username}`)
    ).json()) as { avatar_url: string | null; bio: string | null };
    expect(profile.avatar_url).toMatch(/\/avatars\//);
    expect(profile.bio).toBe('Saved with the photo');
  });

  it('a search for someone on another server says this server does not federate', async () => {
    const { context, page } = await openPage('search-not-federating');
    await signUpViaApi(context, uniqueUser('seek'));
    await page.goto('/');
    // The header's stand-in box loads the real one at the first touch.
    await page.getByRole('searchbox', { name: 'Search' }).first().click();
    const box = page.getByRole('combobox', { name: /Search/ }).first();
    await box.fill('@someone@example.social');
    await page
      .getByRole('status')
      .getByText(
        "No results found. This server doesn't connect to other servers, so people on example.social can't be found from here.",
      )
      .waitFor();
  });

  it('admin: each tab has its address and a reload keeps it; the mail notice says what to run', async () => {
    const { context, page } = await openPage('admin-tab-addresses');
    const admin = await signUpViaApi(context, uniqueUser('tabs'));
    grantAdmin(admin.username);
    // An audit line to read: an invite made by this admin.
    const invite = await context.request.post('/api/admin/invites', {
      data: { uses: 1 },
      headers: { origin: baseUrl() },
    });
    expect(invite.status()).toBe(201);

    await page.goto('/admin');
    const notice = page.getByRole('region', { name: 'Email' });
    await notice.getByText("This server can't send email (SMTP_URL is not set).").waitFor();
    expect(await notice.textContent()).toContain('npm run admin -- reset-link <username>');

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/audit');
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    const audit = page.getByRole('tab', { name: 'Audit log' });
    await expect.poll(() => audit.getAttribute('aria-selected')).toBe('true');
    const entry = page.getByTestId('audit-entry').first();
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('Invite created');
    expect(text).not.toContain('invite.create');
    // The app's own date words, not the browser's `12/7/2026, 3:50:07 AM`.
    expect(text).toMatch(
      /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(, \d{4})? at \d{1,2}:\d{2} (AM|PM)/,
    );
    expect(text).not.toMatch(/\d+\/\d+\/\d{4}/);

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/audit');
    await expect.poll(() => audit.getAttribute('aria-selected')).toBe('true');
  });
});

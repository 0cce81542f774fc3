import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safetyMessages } from '@pinhole/contracts';
import type { TestSmtpServer } from '../apps/server/src/test/smtp-server';
import { resetLinkIn, startSmtpServer } from '../apps/server/src/test/smtp-server';
import {
  artifactsDir,
  closeBrowser,
  createUserViaHttp,
  openPage,
  uniqueUser,
} from './support/browser';
import { startProduct } from './support/global-setup';

/**
 * The password-reset journey end to end. This file runs its own product,
 * started with `SMTP_URL` pointing at a real SMTP server (smtp-server, in this process), so the
 * email is sent by nodemailer over a socket and read back here.
 */
let smtp: TestSmtpServer;
let product: Awaited<ReturnType<typeof startProduct>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  product = await startProduct({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await closeBrowser();
  await product.stop();
  await smtp.close();
});

const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });

async function expectSignedOut(page: Page) {
  await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
  expect(await accountMenu(page).count()).toBe(0);
}

describe('password reset by email', () => {
  it('Forgot password? → email → link → new password signs in; the old session is signed out', async () => {
    const user = await createUserViaHttp(uniqueUser('reset'), product.baseUrl);
    const open = (name: string, width = 1280) =>
      openPage(name, { baseUrl: product.baseUrl, width, height: width < 600 ? 844 : 900 });

    // Another browser, signed in before the reset.
    const before = await open('reset-old-session');
    const signedIn = await before.context.request.post('/api/auth/sign-in', {
      data: { email: user.email, password: user.password },
      headers: { origin: product.baseUrl },
    });
    expect(signedIn.status()).toBe(200);
    await before.page.goto('/');
    await accountMenu(before.page).waitFor();

    // The sign-in dialog's Forgot password?, signed out.
    const { page, errors, context } = await open('reset-journey');
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.getByRole('dialog').getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect.poll(() => dialog.getByLabel('Email').inputValue()).toBe(user.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe(safetyMessages.passwordResetSent);

    const mail = await smtp.nextMail(20_000);
    expect(mail.to).toEqual([user.email]);
    const link = resetLinkIn(mail);
    expect(link.startsWith(`${product.baseUrl}/accounts/password/reset?token=`)).toBe(true);

    // The page the link opens, on a phone and on a desktop.
    const phone = await open('reset-phone', 390);
    await phone.page.goto(link);
    await phone.page.getByLabel('New password', { exact: true }).waitFor();
    await phone.page.screenshot({ path: path.join(artifactsDir, 'password-reset-390.png') });
    await phone.context.close();

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await page.screenshot({ path: path.join(artifactsDir, 'password-reset-1280.png') });
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await page.getByLabel('Confirm new password').fill('a-brand-new-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('Your password has been changed');
    await page.screenshot({ path: path.join(artifactsDir, 'password-reset-done-1280.png') });

    // Sign in with the new password from the page's own button.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in to Pinhole' });
    await signIn.getByLabel('Email').fill(user.email);
    await signIn.getByLabel('Password', { exact: true }).fill('a-brand-new-secret');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await accountMenu(page).waitFor();

    // The link worked once; the old password no longer does; the old session has ended.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-secret');
    await page.getByLabel('Confirm new password').fill('yet-another-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(safetyMessages.resetLinkExpired);
    const oldPassword = await fetch(`${product.baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(oldPassword.status).toBe(400);
    await before.page.reload();
    await expectSignedOut(before.page);

    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await before.context.close();
    await context.close();
  });
});

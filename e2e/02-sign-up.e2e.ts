import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { closeBrowser, createUserViaHttp, openPage, uniqueUser } from './support/browser';

afterAll(closeBrowser);

describe('journey 2: sign-up', () => {
  it('shows each validation error, then signs up, closes the dialog and keeps the session on reload', async () => {
    const { context, page } = await openPage('sign-up');
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await expectNoSeriousA11yViolations(page, 'sign-up dialog');

    const user = uniqueUser('signup');
    const submit = dialog.getByRole('button', { name: 'Sign Up', exact: true });
    const alert = dialog.getByRole('alert');

    await submit.click();
    expect(await alert.textContent()).toBe('Full Name is required');

    await dialog.getByLabel('Full Name').fill(user.fullName);
    await submit.click();
    expect(await alert.textContent()).toBe('Username is required');

    await dialog.getByLabel('Username').fill('Mixed.Case_' + user.username.slice(-6));
    expect(await dialog.getByLabel('Username').inputValue()).toBe(
      ('mixed.case_' + user.username.slice(-6)).toLowerCase(),
    );
    await dialog.getByLabel('Username').fill(user.username);
    await submit.click();
    expect(await alert.textContent()).toBe('Email is required');

    await dialog.getByLabel('Email').fill('not-an-email');
    await submit.click();
    expect(await alert.textContent()).toBe('Please enter a valid email address');

    await dialog.getByLabel('Email').fill(user.email);
    await submit.click();
    expect(await alert.textContent()).toBe('Password is required');

    await dialog.getByLabel('Password', { exact: true }).fill('12345');
    await submit.click();
    expect(await alert.textContent()).toBe('Password must be at least 6 characters');

    // The server's own message for a taken username, shown in the red box.
    const taken = await createUserViaHttp(uniqueUser('taken'));
    await dialog.getByLabel('Username').fill(taken.username);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await submit.click();
    expect(await alert.textContent()).toBe('This username is already taken');
    expect(await submit.isEnabled()).toBe(true);

    // Switching tabs clears the error.
    await dialog.getByRole('tab', { name: 'Sign In' }).click();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();

    await dialog.getByLabel('Full Name').fill(user.fullName);
    await dialog.getByLabel('Username').fill(user.username);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Show password' }).click();
    expect(await dialog.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    await context.close();
  });

  it('signs in with the Sign In tab and shows the server message for a wrong password', async () => {
    const { context, page } = await openPage('sign-in');
    const user = await createUserViaHttp();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Full Name').count()).toBe(0);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Invalid login credentials');
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await context.close();
  });
});

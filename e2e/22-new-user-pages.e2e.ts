import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { closeBrowser, createUserViaHttp, openPage, signUpViaApi } from './support/browser';
import { createPostViaHttp, likeViaHttp } from './support/posts';

afterAll(closeBrowser);

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');

/** `npm run admin -- grant <username>` against the e2e server's DATA_DIR, as an operator does. */
function grantAdmin(username: string): void {
  const output = execFileSync('npm', ['run', '--silent', 'admin', '--', 'grant', username], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(output).toContain(`@${username} is now an admin`);
}

describe('issue 34: who liked, and the about page', () => {
  it("'N likes' opens who liked as a dialog; the address reloads as a page", async () => {
    const { context, page, errors } = await openPage('liked-by');
    const author = await createUserViaHttp();
    const [ann, ben] = [await createUserViaHttp(), await createUserViaHttp()];
    const caption = `Liked by two ${Date.now()}`;
    const post = await createPostViaHttp(author.token, caption);
    await likeViaHttp(ann.token, post.id);
    await likeViaHttp(ben.token, post.id);
    await signUpViaApi(context);
    await page.goto(`/p/${post.id}`);
    await page.getByRole('link', { name: '2 likes' }).click();

    const dialog = page.getByRole('dialog', { name: 'Likes' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/p/${post.id}/liked_by`);
    const people = dialog.getByTestId('person');
    await people.nth(1).waitFor();
    // Newest like first.
    expect(await people.allTextContents()).toEqual([
      expect.stringContaining(ben.username),
      expect.stringContaining(ann.username),
    ]);
    await dialog.getByRole('button', { name: `Follow ${ann.username}` }).click();
    await dialog.getByRole('button', { name: `Following ${ann.username}` }).waitFor();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/p/${post.id}`);

    // A reload of the list's address is a page of its own, served by the server as the app.
    await page.goto(`/p/${post.id}/liked_by`);
    await page.getByRole('heading', { level: 1, name: 'Likes' }).waitFor();
    await page.getByTestId('person').nth(1).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an admin writes the about page in /admin; the footer's About opens it for everyone", async () => {
    const a = await openPage('about-admin');
    const admin = await signUpViaApi(a.context);
    grantAdmin(admin.username);
    await a.page.goto('/admin');
    await a.page.getByRole('tab', { name: 'About page' }).click();
    const name = a.page.getByLabel('Name');
    await name.fill(`Lakeside ${Date.now()}`);
    const instanceName = await name.inputValue();
    await a.page.getByLabel('Description').fill('Photos of lakes and the hills around them.');
    await a.page.getByLabel(/^Rules/).fill('Be kind\nYour own photos only');
    await a.page.getByLabel('Contact email').fill('admin@lakeside.example');
    await a.page.getByRole('button', { name: 'Save' }).click();
    await a.page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await a.context.close();

    // A visitor, signed out, on a wide screen: the sidebar's footer.
    const { context, page, errors } = await openPage('about-visitor');
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    expect(await footer.getByRole('button').count()).toBe(0);
    await footer.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { level: 1, name: instanceName }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.getByRole('listitem').allTextContents()).toEqual(
      expect.arrayContaining(['Be kind', 'Your own photos only']),
    );
    expect(
      await page.getByRole('link', { name: 'admin@lakeside.example' }).getAttribute('href'),
    ).toBe('mailto:admin@lakeside.example');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: instanceName }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

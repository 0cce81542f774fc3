import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  baseUrl,
  closeBrowser,
  createUserViaHttp,
  openPage,
  signUpViaApi,
  uniqueUser,
} from './support/browser';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

const notFoundText = "Sorry, this page isn't available.";
/** More than a feed page (20), so the feed scrolls into a second page. */
const postCount = 24;

let author: Awaited<ReturnType<typeof createUserViaHttp>>;
let postIds: string[] = [];

const newestPost = () => postIds.at(-1)!;
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

describe('issue 15: every person and post has an address', () => {
  beforeAll(async () => {
    author = await createUserViaHttp(uniqueUser('addr'));
    postIds = [];
    for (let i = 0; i < postCount; i += 1) {
      const { id } = await createPostViaHttp(author.token, `address post ${i}`, [640, 640]);
      postIds.push(id);
    }
  });

  it('deep links load directly, each as its own page with status 200', async () => {
    const { context, page, errors } = await openPage('addresses-deep-links');
    const pages: [string, (page: Page) => Promise<unknown>][] = [
      ['/', (p) => p.getByRole('region', { name: 'Stories' }).waitFor()],
      [`/${author.username}`, (p) => p.getByRole('heading', { name: author.username }).waitFor()],
      [
        `/${author.username}/tagged`,
        (p) => p.getByRole('tab', { name: 'TAGGED', selected: true }).waitFor(),
      ],
      [`/p/${newestPost()}`, (p) => p.getByText(`address post ${postCount - 1}`).waitFor()],
      [
        `/${author.username}/followers`,
        (p) => p.getByRole('heading', { name: 'Followers' }).waitFor(),
      ],
      [
        `/${author.username}/following`,
        (p) => p.getByRole('heading', { name: 'Following' }).waitFor(),
      ],
      ['/explore', (p) => p.getByRole('heading', { name: 'Explore' }).waitFor()],
      ['/explore/people', (p) => p.getByRole('heading', { name: 'Suggested' }).waitFor()],
      ['/explore/tags/cats', (p) => p.getByRole('heading', { name: '#cats' }).waitFor()],
      ['/notifications', (p) => p.getByRole('heading', { name: 'Notifications' }).waitFor()],
      ['/accounts/edit', (p) => p.getByRole('heading', { name: 'Edit profile' }).waitFor()],
      // /admin is the not-found page for everyone but admins: e2e/21-moderation.e2e.ts opens it.
    ];
    for (const [path, shows] of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await shows(page);
      expect(await page.getByText(notFoundText).count(), path).toBe(0);
      if (path === `/${author.username}` || path.startsWith('/p/')) {
        await expectNoSeriousA11yViolations(page, path);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a story address names a client page: 200 even for a story that is not there', async () => {
    const { context, page } = await openPage('addresses-story');
    const response = await page.goto(`/stories/${author.username}/1`);
    expect(response?.status()).toBe(200);
    // The viewer's own "not available" state for a story, with a way back; not the 404 page.
    await page.getByRole('heading', { name: "Sorry, this story isn't available." }).waitFor();
    expect(await page.getByText(notFoundText).count()).toBe(0);
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.getByRole('region', { name: 'Stories' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it.each([
    ['nobody', () => `/nobody_${Date.now().toString(36)}`],
    ['no post', () => '/p/0190aaaa-0000-7000-8000-000000000000'],
    ['an unknown path', () => '/a/b/c'],
    ['odd Unicode', () => '/%C3%A9lise%E2%80%AE'],
  ])('%s: status 404 and the not-found page, with a link home', async (_, path) => {
    const { context, page } = await openPage('addresses-not-found');
    const response = await page.goto(path());
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: notFoundText }).waitFor();
    expect(
      await page
        .getByText('The link you followed may be broken, or the page may have been removed.')
        .isVisible(),
    ).toBe(true);
    await page.getByRole('link', { name: 'Go back to Pinhole.' }).click();
    await page.getByRole('region', { name: 'Stories' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('feed → profile → post dialog → Back → Back: the feed where it was, without reloading it', async () => {
    const { context, page, errors } = await openPage('addresses-journey', {
      width: 1280,
      height: 900,
    });
    await page.goto('/');
    const byAuthor = page.getByRole('article', { name: `Post by ${author.username}` });
    // Posts past the first screen are drawn as the reader scrolls towards them.
    for (let step = 0; step < 30 && (await byAuthor.count()) < 5; step += 1) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(150);
    }
    const nameLink = byAuthor.nth(4).getByRole('link', { name: author.username }).first();
    // In view before reading the position: a click scrolls what it clicks into view first.
    await nameLink.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    const feedScroll = await scrollY(page);
    expect(feedScroll).toBeGreaterThan(1000);
    const feedRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/posts') feedRequests.push(request.url());
    });

    // A name in the feed opens that person's profile.
    await nameLink.click();
    await page.getByRole('heading', { name: author.username, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${author.username}`);
    expect(await scrollY(page)).toBe(0);

    // A tile of the grid opens its post over the profile, with the post's address.
    await page.getByRole('list', { name: 'Posts' }).getByRole('link').first().click();
    const dialog = page.getByRole('dialog', { name: 'Post' });
    await dialog.getByRole('article').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/p/${newestPost()}`);
    // The profile stays drawn underneath (hidden from assistive technology while the dialog is open).
    expect(
      await page
        .getByRole('heading', { name: author.username, level: 1, includeHidden: true })
        .count(),
    ).toBe(1);

    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/${author.username}`);

    await page.goBack();
    await page.getByRole('region', { name: 'Stories' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => scrollY(page)).toBeGreaterThan(feedScroll - 5);
    expect(Math.abs((await scrollY(page)) - feedScroll)).toBeLessThanOrEqual(5);
    // The loaded pages came from the cache: Back asked the API for none of them.
    expect(feedRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reload of a post opened as a dialog shows its full page', async () => {
    const { context, page } = await openPage('addresses-reload', { width: 1280, height: 900 });
    await page.goto(`/${author.username}`);
    await page.getByRole('list', { name: 'Posts' }).getByRole('link').first().click();
    await page.getByRole('dialog', { name: 'Post' }).waitFor();
    await page.reload();
    await page.getByRole('article', { name: `Post by ${author.username}` }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('heading', { name: author.username, level: 1 }).count()).toBe(0);
    await context.close();
  });

  it("on a phone a post's time label opens its page", async () => {
    const { context, page } = await openPage('addresses-phone', { width: 390, height: 844 });
    await page.goto(`/${author.username}`);
    await page.getByRole('list', { name: 'Posts' }).getByRole('link').first().click();
    await page.waitForURL(`**/p/${newestPost()}`);
    await page.getByRole('article', { name: `Post by ${author.username}` }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('double-tap on a photo likes it, and a second double-tap does not unlike it', async () => {
    const { context, page } = await openPage('addresses-double-tap');
    const me = await signUpViaApi(context);
    await page.goto(`/p/${newestPost()}`);
    const article = page.getByRole('article', { name: `Post by ${author.username}` });
    const like = article.getByRole('button', { name: 'Like' });
    await like.waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('false');

    await article.getByTestId('post-image-box').dblclick();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await page.waitForTimeout(400);
    await article.getByTestId('post-image-box').dblclick();
    await page.waitForTimeout(400);
    expect(await like.getAttribute('aria-pressed')).toBe('true');

    const stored = await fetch(`${baseUrl()}/api/posts/${newestPost()}`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(((await stored.json()) as { liked_by_me: boolean }).liked_by_me).toBe(true);
    await context.close();
  });

  it("the post menu copies the post's link", async () => {
    const { context, page } = await openPage('addresses-copy-link');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto(`/p/${newestPost()}`);
    await page.getByRole('button', { name: 'More options' }).first().click();
    await page
      .getByRole('dialog', { name: 'Post options' })
      .getByRole('button', { name: 'Copy link' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl()}/p/${newestPost()}`,
    );
    await context.close();
  });

  it('the feed loads its next page as the reader nears the end', async () => {
    const { context, page } = await openPage('addresses-infinite', { width: 1280, height: 900 });
    await page.goto('/');
    const articles = page.getByRole('article');
    await articles.first().waitFor();
    // The first screen's posts only: the rest of the page is drawn as the reader scrolls.
    expect(await articles.count()).toBeLessThan(20);
    for (let step = 0; step < 30 && (await articles.count()) <= 20; step += 1) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(150);
    }
    expect(await articles.count()).toBeGreaterThan(20);
    await context.close();
  });
});

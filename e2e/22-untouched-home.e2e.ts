import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api';
import {
  closeBrowser,
  createUserViaHttp,
  gotoWithoutGesture,
  openPage,
  signUpViaApi,
  uniqueUser,
} from './support/browser';
import { createPostViaHttp } from './support/posts';
import { createStoryViaHttp } from './support/stories';

afterAll(closeBrowser);

/**
 * The home the server draws once started its app only on the reader's first gesture, so a
 * reader who only looked never saw what the app alone draws. These tests never touch the page
 * before the app has started.
 */
describe('issue 34: the home without a gesture', () => {
  let author: Awaited<ReturnType<typeof createUserViaHttp>>;
  let stranger: Awaited<ReturnType<typeof createUserViaHttp>>;
  beforeAll(async () => {
    author = await createUserViaHttp(uniqueUser('uta'));
    stranger = await createUserViaHttp(uniqueUser('uts'));
    await createPostViaHttp(author.token, 'untouched home', [1200, 900]);
    await createStoryViaHttp(author.token);
    // The stranger is followed by the author: a suggestion for the author's followers.
    await api(author.token, 'PUT', `/api/profiles/${stranger.id}/follow`);
  });

  it('shows the stories strip and the suggestions within 3 s, and marks the app started', async () => {
    const { context, page, errors } = await openPage('untouched-home', {
      width: 1280,
      height: 900,
    });
    const reader = await signUpViaApi(context, uniqueUser('utr'));
    await api(reader.token, 'PUT', `/api/profiles/${author.id}/follow`);

    await gotoWithoutGesture(page, '/');
    const loaded = Date.now();
    await page
      .getByRole('region', { name: 'Stories' })
      .getByRole('link', { name: new RegExp(`^Story by ${author.username}, `) })
      .waitFor({ timeout: 3000 });
    await page.getByRole('heading', { name: 'Suggestions for you' }).waitFor({
      timeout: Math.max(1, 3000 - (Date.now() - loaded)),
    });
    expect(await page.evaluate(() => 'ready' in document.documentElement.dataset)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks the API three things once started, its unread count riding on the live events', async () => {
    const { context, page, errors } = await openPage('untouched-home-calls', {
      width: 1280,
      height: 900,
    });
    const reader = await signUpViaApi(context, uniqueUser('utc'));
    await api(reader.token, 'PUT', `/api/profiles/${author.id}/follow`);
    const calls: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });

    await gotoWithoutGesture(page, '/');
    await page.getByRole('heading', { name: 'Suggestions for you' }).waitFor();
    await page
      .getByRole('region', { name: 'Stories' })
      .getByRole('link', { name: new RegExp(`^Story by ${author.username}, `) })
      .waitFor();
    // Whatever the app asks by itself once started has been asked by then.
    await page.waitForTimeout(1500);
    // The session and the feed's first page came inside the page; the heart's count (and the
    // messages') comes as the first event of /api/events, not from a `notifications?limit=1` of
    // its own, which made five calls (issue 48).
    expect(calls.filter((call) => call.startsWith('/api/notifications'))).toEqual([]);
    expect(calls.map((call) => call.split('?')[0]).sort()).toEqual([
      '/api/events',
      '/api/stories',
      '/api/suggestions',
    ]);
    // Nor does it run zod (90 KB to parse on a phone): the live events are read without it.
    expect(scripts.filter((script) => /\/zod-[\w-]+\.js$/.test(script))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a new reader's home, following nobody yet, hydrates without an error and Switch answers at once", async () => {
    const { context, page, errors } = await openPage('untouched-home-new-reader', {
      width: 1280,
      height: 900,
    });
    await signUpViaApi(context, uniqueUser('utn'));
    // The empty Following feed asks for suggestions itself, and the stories strip's rings come
    // with the feed: both were there before the sidebar and the strip hydrated from their own
    // chunks, which then drew other markup than the server's (React #418, the parts redrawn).
    await gotoWithoutGesture(page, '/');
    await page.waitForFunction(() => 'ready' in document.documentElement.dataset);
    // Clicked as soon as the app has started, while the sidebar's own chunk may still be coming.
    await page
      .getByRole('complementary', { name: 'Suggestions' })
      .getByRole('button', { name: 'Switch' })
      .click();
    await page.getByRole('dialog', { name: 'Switch accounts' }).waitFor({ timeout: 5000 });
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Stories' }).getByText('Your story').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a double tap on a photo before the app has started likes the post', async () => {
    const { context, page, errors } = await openPage('untouched-double-tap', {
      width: 390,
      height: 844,
    });
    const reader = await signUpViaApi(context, uniqueUser('utd'));
    await api(reader.token, 'PUT', `/api/profiles/${author.id}/follow`);
    // The app's script is held until the double tap has landed on the page the server drew.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });

    await gotoWithoutGesture(page, '/', 'domcontentloaded');
    const photo = page.locator('article').first().locator('img[fetchpriority="high"]');
    await photo.dblclick();
    expect(await page.evaluate(() => 'ready' in document.documentElement.dataset)).toBe(false);
    release();

    const like = page.locator('article').first().getByRole('button', { name: 'Like' });
    await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});

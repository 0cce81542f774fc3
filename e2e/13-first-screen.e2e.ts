import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  createUserViaHttp,
  gotoWithoutGesture,
  openPage,
  signUpViaApi,
} from './support/browser';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

/** Photos answer this late, as on a slow phone connection: the layout must not wait for them. */
const photoDelayMs = 400;

describe('issue 14: the first screen', () => {
  let author: Awaited<ReturnType<typeof createUserViaHttp>>;
  beforeAll(async () => {
    // Photos of three shapes on top of the feed, so the first screen holds each kind of box.
    author = await createUserViaHttp();
    const me = author;
    for (const [i, size] of (
      [
        [1200, 800],
        [800, 1200],
        [900, 900],
      ] as const
    ).entries()) {
      await createPostViaHttp(me.token, `first screen ${i}`, [...size]);
    }
  });

  it.each([390, 1280])(
    'at %i px wide shifts by at most 0.02 while photos arrive late',
    async (width) => {
      const { context, page, errors } = await openPage(`first-screen-cls-${width}`, {
        width,
        height: 844,
      });
      await page.route('**/storage/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, photoDelayMs));
        await route.continue();
      });
      await page.addInitScript(() => {
        const store = window as unknown as { __cls: number };
        store.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
          }[]) {
            if (!entry.hadRecentInput) store.__cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));

      await page.goto('/');
      const first = page.locator('article img[srcset]').first();
      await first.waitFor();
      await page.waitForLoadState('networkidle');
      // Scroll the rest of the page in, so late lazy photos are measured too.
      for (let step = 0; step < 4; step += 1) {
        await page.mouse.wheel(0, 800);
        await page.waitForTimeout(photoDelayMs + 200);
      }
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls).toBeLessThanOrEqual(0.02);

      // The page carried the session and the first feed page: the client asked for neither.
      expect(requests).not.toContain('/api/auth/session');
      expect(requests.filter((path) => path === '/api/posts')).toHaveLength(0);
      // The first photo was fetched once: the preload and the <img> agreed on the candidate.
      const firstPhoto = new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc))
        .pathname;
      expect(requests.filter((path) => path === firstPhoto)).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('arrives drawn by the server, and the browser takes it over without redrawing it', async () => {
    const { context, page, errors } = await openPage('first-screen-ssr', {
      width: 390,
      height: 844,
    });
    // The HTML alone (what a phone paints before any script) already holds the feed's posts
    // and the stylesheet, with the first post's photo as an <img>.
    const response = await page.request.get('/');
    const html = await response.text();
    const root = /<div id="root">([^]*?)<\/div><script type="application\/json"/.exec(html)?.[1];
    expect(root).toContain('<article');
    expect(root).toContain('first screen 2');
    expect(html).toMatch(/<style>[^<]*font-family/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);

    // The app starts by itself once the first photo is painted; its script is held here until
    // a click has landed on the page as the server drew it.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/') && request.url().endsWith('.js'))
        scripts.push(request.url());
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await gotoWithoutGesture(page, '/', 'domcontentloaded');
    const firstArticle = page.locator('article').first();
    await firstArticle.evaluate((node) => node.setAttribute('data-before-script', 'yes'));
    // Without any gesture the page asks for the app's script.
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'ready' in document.documentElement.dataset)).toBe(false);

    // A click before the app is there is held and given to the same button once hydrated.
    await page.getByRole('button', { name: 'Create post' }).click();
    release();
    await page.getByRole('dialog').waitFor();
    // Hydration kept the server's nodes: the node marked before the script is still on screen.
    expect(await page.locator('article').first().getAttribute('data-before-script')).toBe('yes');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the first photo alone, then the others on screen, and the rest once the app has started by itself', async () => {
    // The HTML: the first photo has its sources; every other one has them in data- attributes
    // only, and in a <noscript> for readers without script.
    // A screen tall enough that the second post's photo is on it and the third's is not.
    const { context, page, errors } = await openPage('first-screen-photo-order', {
      width: 390,
      height: 1000,
    });
    const html = await (await page.request.get('/')).text();
    const root = /<div id="root">([^]*?)<\/div><script type="application\/json"/.exec(html)?.[1];
    const photos = [...(root ?? '').matchAll(/<img [^>]*draggable="false"[^>]*>/g)].map(
      ([tag]) => tag,
    );
    expect(photos.length).toBeGreaterThanOrEqual(3);
    expect(photos[0]).toMatch(/ srcSet="[^"]+"/);
    expect(photos[0]).toMatch(/fetchPriority="high"/);
    for (const tag of photos.slice(1)) {
      expect(tag).toMatch(/ data-srcset="[^"]+"/);
      expect(tag).not.toMatch(/ (src|srcSet)=/);
    }
    const fallbacks = [...(root ?? '').matchAll(/<noscript><img [^>]*>/g)];
    expect(fallbacks).toHaveLength(photos.length - 1);
    for (const [tag] of fallbacks) expect(tag).toMatch(/ src="[^"]+" srcSet="[^"]+"/);

    // In the browser, photos answer late: each request's start and end are noted.
    await page.route('**/storage/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, photoDelayMs));
      await route.continue();
    });
    const started = new Map<string, number>();
    const finished = new Map<string, number>();
    page.on('request', (request) => started.set(request.url(), Date.now()));
    page.on('requestfinished', (request) => finished.set(request.url(), Date.now()));
    await gotoWithoutGesture(page, '/');
    const first = page.locator('article img[fetchpriority="high"]').first();
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // Every photo on screen gets its sources once the first has been painted...
    const onScreenWithoutSources = () =>
      page.evaluate(
        () =>
          Array.from(
            document.querySelectorAll<HTMLImageElement>('article img[draggable="false"]'),
          ).filter((img) => {
            const box = img.getBoundingClientRect();
            const seen =
              box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
            return seen && !img.hasAttribute('src');
          }).length,
      );
    await expect.poll(onScreenWithoutSources).toBe(0);
    // ...and was asked for only after the first photo had arrived.
    const firstUrl = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
    const firstDone = finished.get(firstUrl);
    expect(firstDone).toBeDefined();
    const others = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('article img[draggable="false"][src]'))
        .filter((img) => img.getAttribute('fetchpriority') !== 'high')
        .map((img) => img.srcset),
    );
    expect(others.length).toBeGreaterThan(0);
    const otherRequests = [...started].filter(([url]) => {
      const { pathname } = new URL(url);
      return pathname.startsWith('/storage/') && others.some((srcset) => srcset.includes(pathname));
    });
    expect(otherRequests.length).toBeGreaterThan(0);
    for (const [, at] of otherRequests) expect(at).toBeGreaterThanOrEqual(firstDone!);
    // The app then starts by itself, without a gesture: every photo has its sources before it
    // hydrates, and the app finds the attributes it draws (no hydration error).
    await page.waitForFunction(() => 'ready' in document.documentElement.dataset);
    expect(await page.locator('article img[data-srcset], article img[data-src]').count()).toBe(0);
    expect(await page.locator('article img[draggable="false"]:not([src])').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a tap on Like before the app has started likes the post once the feed is hydrated', async () => {
    const { context, page, errors } = await openPage('first-screen-early-like', {
      width: 390,
      height: 844,
    });
    const reader = await signUpViaApi(context);
    // A reader's home is their Following feed: they follow the author of the first posts.
    const follow = await context.request.put(`/api/profiles/${author.id}/follow`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(follow.status()).toBe(200);
    // The app's script is held until the tap has landed on the page as the server drew it.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    const likes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/like')) likes.push(request.url());
    });
    await gotoWithoutGesture(page, '/', 'domcontentloaded');
    const like = page.locator('article').first().getByRole('button', { name: 'Like' });
    await like.click();
    release();

    // The feed's posts hydrate after the app's root: the held tap waits for its button.
    await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(likes).toHaveLength(1);
    const postId = /\/api\/posts\/([^/]+)\/like$/.exec(likes[0]!)?.[1];
    const post = await context.request.get(`/api/posts/${postId}`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(((await post.json()) as { liked_by_me: boolean }).liked_by_me).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('robots.txt is text, not the app', async () => {
    const { context, page } = await openPage('robots');
    const response = await page.request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^User-agent: \*/m);
    await context.close();
  });
});

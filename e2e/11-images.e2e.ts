import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, openPage, signUpViaApi } from './support/browser';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

describe('issue 5: images on the feed', () => {
  it('loads the first image eagerly with high priority, lazy-loads the rest, and barely shifts', async () => {
    const { context, page } = await openPage('images', { width: 390, height: 844 });
    const me = await signUpViaApi(context);
    for (const [i, size] of (
      [
        [1200, 800],
        [800, 1200],
        [1000, 1000],
      ] as const
    ).entries()) {
      await createPostViaHttp(me.token, `shift ${i}`, [...size]);
    }
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
        }[]) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    const images = page.getByRole('article').getByRole('img');
    await images.first().waitFor();
    const first = page.locator('article img[srcset]').first();
    expect(await first.getAttribute('loading')).not.toBe('lazy');
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('srcset')).toMatch(/320w/);
    expect(await page.locator('article img[srcset]').nth(1).getAttribute('loading')).toBe('lazy');
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThanOrEqual(0.02);
    await context.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { launchBrowser } from './browser';
import { startProduct } from './global-setup';

/** The README's pictures: `docs/images/desktop.jpg` and `docs/images/phone.jpg`. */
export const screenshotsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../docs/images',
);

/** Set `UPDATE_SCREENSHOTS=1` to redraw the README's pictures during the e2e run. */
export const updatingScreenshots = process.env.UPDATE_SCREENSHOTS === '1';

/** A README picture is a glance, not a download: JPEG, and under this size. */
const maxScreenshotBytes = 300 * 1024;

const screens = [
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
  },
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true },
] as const;

/**
 * Starts a demo instance (`npm start -- --demo`), signs in as its demo account and photographs
 * the home feed on a 1280 px screen and a 390 px phone, once every photo on screen has loaded.
 */
export async function updateReadmeScreenshots(): Promise<void> {
  const product = await startProduct({ demo: true, output: 'ignore' });
  try {
    const browser = await launchBrowser();
    fs.mkdirSync(screenshotsDir, { recursive: true });
    for (const screen of screens) {
      const context = await browser.newContext({
        baseURL: product.baseUrl,
        viewport: screen.viewport,
        deviceScaleFactor: screen.deviceScaleFactor,
        isMobile: screen.isMobile,
        hasTouch: screen.isMobile,
      });
      const signIn = await context.request.post('/api/auth/sign-in', {
        data: { email: 'demo@pinhole.local', password: 'pinhole-demo' },
        headers: { origin: product.baseUrl },
      });
      expect(signIn.status()).toBe(200);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('article').first().waitFor();
      // A gesture starts the app (stories, suggestions); then every photo on screen is waited for.
      await page.mouse.move(1, 1);
      await page.waitForFunction(() => 'ready' in document.documentElement.dataset);
      // What the app alone draws: other people's stories, and on a wide screen the suggestions.
      await page.getByTestId('story').nth(1).waitFor();
      if (!screen.isMobile) await page.getByText('Suggestions for you').waitFor();
      await page.waitForFunction(() =>
        Array.from(document.images)
          .filter((image) => {
            const box = image.getBoundingClientRect();
            return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
          })
          .every((image) => image.complete && (!image.currentSrc || image.naturalWidth > 0)),
      );
      await page.mouse.move(0, 0);
      const file = path.join(screenshotsDir, `${screen.name}.jpg`);
      await page.screenshot({ path: file, type: 'jpeg', quality: 72 });
      expect(fs.statSync(file).size).toBeLessThan(maxScreenshotBytes);
      await context.close();
    }
  } finally {
    await product.stop();
  }
}

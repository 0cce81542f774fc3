import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from './support/global-setup';
import { runLighthouse } from './support/lighthouse';

// One Lighthouse pass, mobile preset, on `/` signed out over the demo data, as `npm start --
// --demo` ships it: it fails below 90, so the phone's speed cannot regress unnoticed (`npm run
// lighthouse` prints the median of 3 on every page; the goal is 95). Measured on a two-core
// machine: 36-46 before the first-screen work (2026-11-23), 77-92 with the home drawn on the
// server, 81-97 once photos after the first waited for it; with the browser in a phone's process
// model, see `phoneProcessModel` for the spread of single runs: about one in 30 falls below 90
// with no change at all, where a regression (a request waterfall, a heavy first script, photos
// competing with the first) fails every run. Those figures were of a page whose app never ran
// (its script waited for a gesture, 0 KB in the run); since issue 34 the app starts after the
// first photo, inside the measured load, and the test fails if its script is missing from the
// run: single runs then gave 90-97 at a load average of 15-21 on two cores and 70-93 at 22-24
// (2026-11-27, never measured quiet yet; README "Speed"). This file runs in its own vitest
// project after every other project (groupOrder), so the test suite itself does not load the
// machine.
const performanceFloor = 90;

describe('Lighthouse, mobile, / signed out on demo data', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  beforeAll(async () => {
    product = await startProduct({ demo: true, shipped: true, output: 'ignore' });
  });
  afterAll(async () => {
    await product.stop();
  });

  it(`scores performance ${performanceFloor}+ and 100 in accessibility, best practices and SEO`, async () => {
    const scores = await runLighthouse(`${product.baseUrl}/`, { preset: 'mobile' });
    console.log('Lighthouse mobile, / signed out:', JSON.stringify(scores));
    // The app's script was loaded and run inside the measured load: the score is the app's.
    expect(scores.appScriptKb).toBeGreaterThan(50);
    expect(scores.appScriptMs).toBeGreaterThan(0);
    expect(scores.failedAudits).toEqual([]);
    expect(scores.accessibility).toBe(100);
    expect(scores.bestPractices).toBe(100);
    expect(scores.seo).toBe(100);
    expect(scores.performance).toBeGreaterThanOrEqual(performanceFloor);
  }, 120_000);
});

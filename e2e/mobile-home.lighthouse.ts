import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from './support/global-setup';
import { runLighthouse } from './support/lighthouse';

// One Lighthouse pass, mobile preset, on `/` signed out over the demo data, as `npm start --
// --demo` ships it. A regression guard, not the goal: the project aims at 95 (`npm run
// lighthouse` prints the median of 3 on every page). Measured on a two-core machine: 36-46
// before the first-screen work (2026-11-23), 76 with the data embedded in the page, 77-92 with
// the home drawn on the server (CI single runs 78-92), and 81-97 (median 93 of 13 runs,
// 2026-11-27) since photos after the first wait for it. The spread of one run is Chromium's own:
// the task that commits the page (creating its script context, 60-160 ms on this machine, the
// same for an empty page) falls before or after Lighthouse's simulated first paint, and an
// empty page scores 91-96 here for that reason alone. So the floor is not 90: it would fail one
// CI run in five without any change. This file runs in its own vitest project after every other
// project (groupOrder), so the test suite itself does not load the machine; the floor leaves
// room for a machine busy with other work, and a regression (a request waterfall, a heavy first
// script, photos competing with the first) costs far more than that margin.
const performanceFloor = 70;

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
    expect(scores.failedAudits).toEqual([]);
    expect(scores.accessibility).toBe(100);
    expect(scores.bestPractices).toBe(100);
    expect(scores.seo).toBe(100);
    expect(scores.performance).toBeGreaterThanOrEqual(performanceFloor);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from './support/global-setup';
import { medianScores, runLighthouse } from './support/lighthouse';

// Lighthouse, mobile preset, on `/` signed out over the demo data, as `npm start -- --demo`
// ships it: it fails below 90, so the phone's speed cannot regress unnoticed (`npm run
// lighthouse` prints the median of 3 on every page; the goal is 95). The app now
// starts after the first photo, inside the measured load, and the test fails if its script is
// missing from the run. Quiet two-core machine, 2026-11-28: single runs 98-100 (bench/README.md, "Results: first visit");
// under a load average of 22-24 they fell to 70-93. So one run decides when it clears the floor,
// and a run below it is measured twice more and judged by the median of the three (Lighthouse's
// own advice against its variance): a regression (a request waterfall, a heavy first
// script, photos competing with the first) fails all three, one slow run on a busy moment does
// not fail CI. This file runs in its own vitest project after every other project (groupOrder),
// so the test suite itself does not load the machine.
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
    const run = () => runLighthouse(`${product.baseUrl}/`, { preset: 'mobile' });
    const first = await run();
    console.log('Lighthouse mobile, / signed out:', JSON.stringify(first));
    let scores = first;
    if (first.performance < performanceFloor) {
      const more = [await run(), await run()];
      console.log(
        `Lighthouse mobile: first run ${first.performance}, below ${performanceFloor}; ` +
          `two more: ${more.map((next) => next.performance).join(', ')}`,
      );
      scores = medianScores([first, ...more]);
    }
    // The app's script was loaded and run inside the measured load: the score is the app's.
    expect(scores.appScriptKb).toBeGreaterThan(50);
    expect(scores.appScriptMs).toBeGreaterThan(0);
    expect(scores.failedAudits).toEqual([]);
    expect(scores.accessibility).toBe(100);
    expect(scores.bestPractices).toBe(100);
    expect(scores.seo).toBe(100);
    expect(scores.performance).toBeGreaterThanOrEqual(performanceFloor);
  }, 300_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from './support/global-setup';
import { runLighthouse } from './support/lighthouse';

// One Lighthouse pass, mobile preset, on `/` signed out over the demo data, as `npm start --
// --demo` ships it. The floor is below the 95 the project aims at (`npm run lighthouse` prints
// the median of 3 on every page): a single pass on a shared two-core machine varies by a few
// points, a regression (a waterfall, a heavy script, a shifting layout) costs far more.
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
    expect(scores.failedAudits).toEqual([]);
    expect(scores.accessibility).toBe(100);
    expect(scores.bestPractices).toBe(100);
    expect(scores.seo).toBe(100);
    expect(scores.performance).toBeGreaterThanOrEqual(performanceFloor);
  }, 120_000);
});

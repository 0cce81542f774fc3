// `npm run lighthouse`: starts the built product as `npm start -- --demo` ships it (demo data, a
// temp DATA_DIR, a free port) and prints Lighthouse's scores for `/`, signed out and signed in,
// mobile and desktop presets, the median of 3 runs each. `-- --runs N` changes the count;
// `-- --url http://host:port` measures a server that is already running on demo data instead.
import { parseArgs } from 'node:util';
import { startProduct } from './global-setup';
import {
  demoSessionCookie,
  medianScores,
  runLighthouse,
  type LighthouseScores,
  type Preset,
} from './lighthouse';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, url: { type: 'string' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');

const product = values.url
  ? undefined
  : await startProduct({ demo: true, shipped: true, output: 'ignore' });
const baseUrl = values.url ?? product?.baseUrl ?? '';

const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);
const row = (label: string, s: LighthouseScores) =>
  `| ${label.padEnd(20)} | ${String(s.performance).padStart(4)} | ${String(s.accessibility).padStart(4)} | ` +
  `${String(s.bestPractices).padStart(4)} | ${String(s.seo).padStart(4)} | ${ms(s.fcp)} | ${ms(s.lcp)} | ` +
  `${ms(s.tbt)} | ${s.cls.toFixed(3).padStart(6)} | ${`${s.appScriptKb} KB`.padStart(7)} | ${ms(s.appScriptMs)} |`;

try {
  const cookie = await demoSessionCookie(baseUrl);
  const results: [string, LighthouseScores][] = [];
  for (const preset of ['mobile', 'desktop'] as Preset[]) {
    for (const signedIn of [false, true]) {
      const label = `${preset}, signed ${signedIn ? 'in' : 'out'}`;
      const passes: LighthouseScores[] = [];
      for (let run = 1; run <= runs; run += 1) {
        passes.push(
          await runLighthouse(`${baseUrl}/`, { preset, ...(signedIn ? { cookie } : {}) }),
        );
        console.error(`${label}: run ${run}/${runs}: performance ${passes.at(-1)?.performance}`);
      }
      results.push([label, medianScores(passes)]);
    }
  }
  console.log(`\nLighthouse on ${baseUrl}/ (demo data), median of ${runs}:\n`);
  console.log(
    '| page                 | perf | a11y | b.p. |  seo |      FCP |      LCP |      TBT |    CLS | app JS  | its eval |',
  );
  console.log(
    '| -------------------- | ---- | ---- | ---- | ---- | -------- | -------- | -------- | ------ | ------- | -------- |',
  );
  for (const [label, scores] of results) console.log(row(label, scores));
  const failed = [...new Set(results.flatMap(([, scores]) => scores.failedAudits))];
  if (failed.length > 0) console.log(`\nAudits that lost points:\n  ${failed.join('\n  ')}`);
} finally {
  await product?.stop();
}

/**
 * Issue 22: what `METRICS_TOKEN` costs. The signed-out feed's page 1 on a second server over the
 * same data with metrics on, while /metrics is scraped once a second as Prometheus would, to put
 * next to the same row without metrics.
 */
import type { LoadResult } from './load';
import type { LoadSettings } from './scenarios';
import { runFeed } from './scenarios';
import type { StartServerOptions } from './server-process';
import { cpuSeconds, startServer } from './server-process';

const token = 'bench-metrics-token';

/** The feed's own series, which every scrape must find (the warm-up run has counted it). */
const feedCounter = /^pinhole_http_requests_total\{[^}]*route="\/api\/posts"[^}]*\} \d+$/m;

export interface FeedWithMetrics {
  feed: LoadResult;
  scrapes: number;
  /** Scrapes that were not a 200 carrying the feed's request counter. */
  badScrapes: number;
}

/** GETs /metrics every second until stopped; counts answers that are not what Prometheus needs. */
function scrapeEverySecond(baseUrl: string) {
  let scrapes = 0;
  let badScrapes = 0;
  const inFlight = new Set<Promise<void>>();
  const scrape = async () => {
    scrapes += 1;
    try {
      const response = await fetch(`${baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
      });
      const text = await response.text();
      if (!response.ok || !feedCounter.test(text)) badScrapes += 1;
    } catch {
      badScrapes += 1;
    }
  };
  const scrapeNow = () => {
    const running = scrape();
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  };
  // At once, then every second: even a one-second run (--tiny) is scraped.
  scrapeNow();
  const timer = setInterval(scrapeNow, 1000);
  return {
    async stop(): Promise<{ scrapes: number; badScrapes: number }> {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { scrapes, badScrapes };
    },
  };
}

/** One load run and the server CPU it took, per request. */
export interface CostedRun {
  feed: LoadResult;
  /** Server CPU (user + system, from /proc) per request, in microseconds; null off Linux. */
  cpuPerRequestUs: number | null;
}

export interface MetricsCost {
  /** The feed on the server with METRICS_TOKEN, scraped each second: one run per pair. */
  withMetrics: (CostedRun & { scrapes: number; badScrapes: number })[];
  /** The feed on the server without: one run per pair, in the same order. */
  without: CostedRun[];
}

/** Runs the feed's load against `url` and reads what it cost the server `pid` in CPU. */
async function costedRun(url: string, pid: number, settings: LoadSettings): Promise<CostedRun> {
  const cpuBefore = cpuSeconds(pid);
  const feed = await runFeed(url, null, [], settings);
  const cpuAfter = cpuSeconds(pid);
  const cpuPerRequestUs =
    cpuBefore === null || cpuAfter === null || feed.requests === 0
      ? null
      : ((cpuAfter - cpuBefore) * 1e6) / feed.requests;
  return { feed, cpuPerRequestUs };
}

/** Pairs of runs, one on each server, back to back; the order alternates from pair to pair. */
const pairs = 10;
/** A run's length: many short pairs say more than a few long runs on a machine that drifts. */
const maxRunS = 4;

/**
 * Starts two servers over the same data, one with METRICS_TOKEN set and one without, warms each
 * with three runs of the load, then loads them in pairs (without-with, with-without, ...), the one
 * with scraped each second. Both are fresh processes, so neither has a warmer JIT or fuller
 * caches than the other. The cost is the server's CPU per request, with over without, within each
 * pair; the row gives the median pair.
 *
 * Why pairs: throughput on this shared two-core machine moved by 40 % between two runs of the
 * same server (the load generator shares the cores), and CPU per request by ±25 %, drifting over
 * tens of seconds. With one run each, an A/A test (both servers without metrics) showed a
 * 10-25 % "cost" where there is none; two runs side by side drift together. With 8 pairs the
 * A/A median came out at -0.8 % and 5.6 % (2026-11-26), so a single row is good to about ±5 %.
 * What metrics cost by themselves, measured in-process: ~1 µs per request counted, ~1 ms of CPU
 * per scrape (28 kB of text), against ~180 µs for the request.
 */
export async function measureMetricsCost(
  server: Omit<StartServerOptions, 'port'>,
  freePort: () => Promise<number>,
  settings: LoadSettings,
): Promise<MetricsCost> {
  const runSettings = { ...settings, durationS: Math.min(settings.durationS, maxRunS) };
  const plain = await startServer({ ...server, port: await freePort() });
  try {
    const metered = await startServer({
      ...server,
      port: await freePort(),
      env: { ...server.env, METRICS_TOKEN: token },
    });
    try {
      await plain.waitUntilIdle();
      await metered.waitUntilIdle();
      for (let warmUp = 0; warmUp < 3; warmUp += 1) {
        await runFeed(plain.url, null, [], runSettings);
        await runFeed(metered.url, null, [], runSettings);
      }
      const runsWithout: CostedRun[] = [];
      const runsWith: MetricsCost['withMetrics'] = [];
      const withoutRun = async () => {
        runsWithout.push(await costedRun(plain.url, plain.pid, runSettings));
      };
      const withRun = async () => {
        const scraper = scrapeEverySecond(metered.url);
        const run = await costedRun(metered.url, metered.pid, runSettings).catch(
          async (error: unknown) => {
            await scraper.stop();
            throw error;
          },
        );
        runsWith.push({ ...run, ...(await scraper.stop()) });
      };
      for (let pair = 0; pair < pairs; pair += 1) {
        const order = pair % 2 === 0 ? [withoutRun, withRun] : [withRun, withoutRun];
        for (const run of order) await run();
      }
      return { withMetrics: runsWith, without: runsWithout };
    } finally {
      await metered.stop();
    }
  } finally {
    await plain.stop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The row's figure: the last run with metrics (the server warmest by then). */
export function lastWithMetrics(cost: MetricsCost | null): LoadResult | null {
  return cost?.withMetrics.at(-1)?.feed ?? null;
}

/** The row's note: server CPU per request with against without, the throughputs, the scrapes. */
export function metricsCostNote(cost: MetricsCost | null): string | undefined {
  if (!cost) return undefined;
  const rate = (runs: CostedRun[]) =>
    Math.round(median(runs.map((run) => run.feed.requestsPerSecond))).toLocaleString('en-US');
  const cpu = (runs: CostedRun[]) => runs.map((run) => run.cpuPerRequestUs);
  const withCpu = cpu(cost.withMetrics);
  const withoutCpu = cpu(cost.without);
  const scrapes = cost.withMetrics.reduce((sum, run) => sum + run.scrapes, 0);
  const bad = cost.withMetrics.reduce((sum, run) => sum + run.badScrapes, 0);
  const throughput = `median req/s ${rate(cost.withMetrics)} with, ${rate(cost.without)} without`;
  const scraped = `${scrapes} scrapes${bad > 0 ? `, ${bad} BAD` : ''}`;
  if (withCpu.includes(null) || withoutCpu.includes(null)) {
    return `${throughput}; server CPU unreadable here; ${scraped}`;
  }
  const ratios = (withCpu as number[]).map((cpu, index) => cpu / (withoutCpu as number[])[index]!);
  const percent = (ratio: number) => `${((ratio - 1) * 100).toFixed(1)} %`;
  const sorted = [...ratios].sort((a, b) => a - b);
  return (
    `server CPU per request, median of ${ratios.length} pairs: ` +
    `${median(withCpu as number[]).toFixed(0)} µs with, ${median(withoutCpu as number[]).toFixed(0)} µs without, ` +
    `cost ${percent(median(ratios))} (goal < 5 %; pairs ${percent(sorted[0]!)} to ${percent(sorted.at(-1)!)}); ` +
    `${throughput}; ${scraped}`
  );
}

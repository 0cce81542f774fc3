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
  /** The feed on the server with METRICS_TOKEN, scraped each second, run twice. */
  withMetrics: (CostedRun & { scrapes: number; badScrapes: number })[];
  /** The feed on the server without, before, between and after. */
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

/**
 * Starts two servers over the same data, one with METRICS_TOKEN set and one without, warms each
 * with one run of the load, then loads them in turn: without, with, without, with, without, the
 * one with scraped each second. Both are fresh processes, so neither has a warmer JIT or fuller
 * caches than the other. The cost is the server's CPU per request, with against without:
 * throughput on this shared two-core machine moved by 40 % between two runs of the same server
 * (the load generator shares the cores), while the CPU a request takes holds still.
 */
export async function measureMetricsCost(
  server: Omit<StartServerOptions, 'port'>,
  freePort: () => Promise<number>,
  settings: LoadSettings,
): Promise<MetricsCost> {
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
      await runFeed(plain.url, null, [], settings);
      await runFeed(metered.url, null, [], settings);
      const runsWithout = [await costedRun(plain.url, plain.pid, settings)];
      const runsWith: MetricsCost['withMetrics'] = [];
      for (let round = 0; round < 2; round += 1) {
        const scraper = scrapeEverySecond(metered.url);
        const run = await costedRun(metered.url, metered.pid, settings).catch(
          async (error: unknown) => {
            await scraper.stop();
            throw error;
          },
        );
        runsWith.push({ ...run, ...(await scraper.stop()) });
        runsWithout.push(await costedRun(plain.url, plain.pid, settings));
      }
      return { withMetrics: runsWith, without: runsWithout };
    } finally {
      await metered.stop();
    }
  } finally {
    await plain.stop();
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The row's figure: the second run with metrics (the first may still be warming the server). */
export function lastWithMetrics(cost: MetricsCost | null): LoadResult | null {
  return cost?.withMetrics.at(-1)?.feed ?? null;
}

/** The row's note: server CPU per request with against without, the throughputs, the scrapes. */
export function metricsCostNote(cost: MetricsCost | null): string | undefined {
  if (!cost) return undefined;
  const rates = (runs: CostedRun[]) =>
    runs.map((run) => Math.round(run.feed.requestsPerSecond).toLocaleString('en-US')).join('/');
  const cpu = (runs: CostedRun[]) => runs.map((run) => run.cpuPerRequestUs);
  const withCpu = cpu(cost.withMetrics);
  const withoutCpu = cpu(cost.without);
  const scrapes = cost.withMetrics.reduce((sum, run) => sum + run.scrapes, 0);
  const bad = cost.withMetrics.reduce((sum, run) => sum + run.badScrapes, 0);
  const throughput = `req/s with ${rates(cost.withMetrics)}, without ${rates(cost.without)}`;
  const scraped = `${scrapes} scrapes${bad > 0 ? `, ${bad} BAD` : ''}`;
  if (withCpu.includes(null) || withoutCpu.includes(null)) {
    return `${throughput}; server CPU unreadable here; ${scraped}`;
  }
  const withUs = mean(withCpu as number[]);
  const withoutUs = mean(withoutCpu as number[]);
  const costPercent = ((withUs - withoutUs) / withoutUs) * 100;
  return (
    `server CPU per request ${withUs.toFixed(0)} µs with, ${withoutUs.toFixed(0)} µs without: ` +
    `cost ${costPercent.toFixed(1)} % (goal < 5 %); ${throughput}; ${scraped}`
  );
}

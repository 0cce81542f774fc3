/**
 * Issue 22: what `METRICS_TOKEN` costs. The signed-out feed's page 1 on a second server over the
 * same data with metrics on, while /metrics is scraped once a second as Prometheus would, to put
 * next to the same row without metrics.
 */
import type { LoadResult } from './load';
import type { LoadSettings } from './scenarios';
import { runFeed } from './scenarios';
import type { StartServerOptions } from './server-process';
import { startServer } from './server-process';

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

export interface MetricsCost {
  /** The feed on the server with METRICS_TOKEN, scraped each second. */
  withMetrics: FeedWithMetrics;
  /** The feed on the server without, just before and just after. */
  without: LoadResult[];
}

/**
 * Starts a second server with METRICS_TOKEN set over the same data, warms it with one run of the
 * load (the server without has been serving for a while by then), and loads, in turn, the server
 * without metrics, the one with (scraped each second), and the one without again: the cost is
 * measured against runs on either side of it, not against one run on a noisy machine.
 */
export async function measureMetricsCost(
  server: StartServerOptions,
  withoutUrl: string,
  settings: LoadSettings,
): Promise<MetricsCost> {
  const instance = await startServer({
    ...server,
    env: { ...server.env, METRICS_TOKEN: token },
  });
  try {
    await instance.waitUntilIdle();
    await runFeed(instance.url, null, [], settings);
    const before = await runFeed(withoutUrl, null, [], settings);
    const scraper = scrapeEverySecond(instance.url);
    const feed = await runFeed(instance.url, null, [], settings).catch(async (error: unknown) => {
      await scraper.stop();
      throw error;
    });
    const withMetrics = { feed, ...(await scraper.stop()) };
    const after = await runFeed(withoutUrl, null, [], settings);
    return { withMetrics, without: [before, after] };
  } finally {
    await instance.stop();
  }
}

/** The row's note: the throughput lost against the mean of the runs without, and the scrapes. */
export function metricsCostNote(cost: MetricsCost | null): string | undefined {
  if (!cost) return undefined;
  const rates = cost.without.map((run) => run.requestsPerSecond);
  const without = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
  const lost = ((without - cost.withMetrics.feed.requestsPerSecond) / without) * 100;
  const runs = rates.map((rate) => Math.round(rate).toLocaleString('en-US')).join(' and ');
  const bad = cost.withMetrics.badScrapes > 0 ? `, ${cost.withMetrics.badScrapes} BAD` : '';
  return (
    `cost ${lost.toFixed(1)} % against ${runs} req/s without, before and after (goal < 5 %); ` +
    `${cost.withMetrics.scrapes} scrapes${bad}`
  );
}

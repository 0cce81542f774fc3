/**
 * Issue 22: what `METRICS_TOKEN` costs. The signed-out feed's page 1 on a second server over the
 * same data with metrics on, while /metrics is scraped once a second as Prometheus would, to put
 * next to the same row without metrics.
 */
import type { LoadResult } from './load';
import type { LoadSettings } from './scenarios';
import { feedPath, runFeed } from './scenarios';
import type { StartServerOptions } from './server-process';
import { startServer } from './server-process';

const token = 'bench-metrics-token';

/** The feed's own series, which every scrape must find once the load has begun. */
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

/** Starts a server with METRICS_TOKEN set, loads its feed while scraping it, and stops it. */
export async function runFeedWithMetrics(
  server: StartServerOptions,
  settings: LoadSettings,
): Promise<FeedWithMetrics> {
  const instance = await startServer({
    ...server,
    env: { ...server.env, METRICS_TOKEN: token },
  });
  try {
    await instance.waitUntilIdle();
    // As the server without metrics had: the page read once before the load (and so counted).
    const first = await fetch(instance.url + feedPath(null));
    await first.arrayBuffer();
    const scraper = scrapeEverySecond(instance.url);
    const feed = await runFeed(instance.url, null, [], settings).catch(async (error: unknown) => {
      await scraper.stop();
      throw error;
    });
    return { feed, ...(await scraper.stop()) };
  } finally {
    await instance.stop();
  }
}

/**
 * The row's note: the throughput lost against the mean of `runs` runs without metrics, and the
 * scrapes.
 */
export function metricsCostNote(
  without: number | null,
  runs: number,
  measured: FeedWithMetrics | null,
): string | undefined {
  if (!measured) return undefined;
  const cost =
    without && without > 0
      ? `cost ${(((without - measured.feed.requestsPerSecond) / without) * 100).toFixed(1)} % ` +
        `of ${Math.round(without).toLocaleString('en-US')} req/s without ` +
        `(${runs === 2 ? 'mean of the run before and one right after' : 'one run'}; goal < 5 %)`
      : 'no run without metrics to compare with';
  const bad = measured.badScrapes > 0 ? `, ${measured.badScrapes} BAD` : '';
  return `${cost}; ${measured.scrapes} scrapes${bad}`;
}

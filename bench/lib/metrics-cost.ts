/**
 * What `METRICS_TOKEN` costs. The signed-out feed's page 1 on servers over the same
 * data with metrics on, while /metrics is scraped as Prometheus would, next to the same row
 * without metrics.
 */
import http from 'node:http';
import type { LoadResult } from './load';
import type { LoadSettings } from './scenarios';
import { runFeed } from './scenarios';
import type { ServerProcess, StartServerOptions } from './server-process';
import { cpuSeconds, startServer } from './server-process';

const token = 'bench-metrics-token';

/** The feed's own series, which every scrape must find (the warm-up run has counted it). */
const feedCounter = /^pinhole_http_requests_total\{[^}]*route="\/api\/posts"[^}]*\} \d+$/m;

/**
 * One scrape, over a kept-alive connection as Prometheus does: whether it was a 200 carrying the
 * feed's request counter. node:http, not fetch: in this process, which also drives autocannon,
 * one fetch a second cut autocannon's rate to a third for both servers (2026-11-27).
 */
function scrapeOnce(baseUrl: string, agent: http.Agent): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(
      `${baseUrl}/metrics`,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(response.statusCode === 200 && feedCounter.test(text)));
        response.on('error', () => resolve(false));
      },
    );
    request.on('error', () => resolve(false));
  });
}

/** One load run and the server CPU it took, per request. */
export interface CostedRun {
  feed: LoadResult;
  /** Server CPU (user + system, from /proc) per request, in microseconds; null off Linux. */
  cpuPerRequestUs: number | null;
}

export interface MetricsCost {
  /** Fresh pairs of servers the runs were made on. */
  serverPairs: number;
  /** The feed on the servers with METRICS_TOKEN: one run per pair. */
  withMetrics: CostedRun[];
  /** The feed on the servers without, at the same time: one run per pair, in the same order. */
  without: CostedRun[];
  scrapes: number;
  /** Scrapes that were not a 200 carrying the feed's request counter. */
  badScrapes: number;
  /** Server CPU per scrape, in milliseconds, after the load (null off Linux). */
  cpuPerScrapeMs: number | null;
  /** The last pair's servers alone, all connections, one after the other: the row's figures. */
  alone: { withMetrics: LoadResult; without: LoadResult } | null;
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

/** Server pairs (fresh processes), and runs per pair: a process can be 15-25 % off another. */
export interface CostShape {
  serverPairs: number;
  runsPerPair: number;
}
const fullShape: CostShape = { serverPairs: 5, runsPerPair: 5 };
/** A run's length: many short runs say more than a few long ones on a machine that drifts. */
const maxRunS = 3;
/** Prometheus' own sample configuration scrapes every 15 s (its default is 1 min). */
export const scrapeIntervalS = 15;
/** So the one with metrics is scraped once per pair's runs: every 15 s. */
const runsPerScrape = scrapeIntervalS / maxRunS;

/**
 * Starts a server with METRICS_TOKEN and one without over the same data, warms both, then loads
 * both at the same time, half the connections each, five times, the one with metrics scraped
 * every 15 s; five such pairs of fresh processes. The cost is the server's CPU per request, with
 * over without, within each run; the row gives the median run. A scrape's own CPU is measured
 * apart (20 in a row, without load).
 *
 * Why at the same time: CPU per request on this shared two-core machine drifts by ±25 % over
 * tens of seconds, and two servers loaded side by side drift together. An A/A test (neither with
 * metrics) gave a median of -1.4 to 0.0 % this way, where back-to-back runs had given -0.8 to
 * 5.6 % and single runs 10-25 % (2026-11-26/27). Why the scrapes fall between runs: side by side,
 * any request from outside the load to one server costs it far more than its own work. A GET
 * /healthz (0.1 ms) once a second to one of two servers without metrics showed a 4 % "cost",
 * and the run that began with a scrape (5 ms) came out 20-40 % dearer in every pair.
 */
export async function measureMetricsCost(
  server: Omit<StartServerOptions, 'port'>,
  freePort: () => Promise<number>,
  settings: LoadSettings,
  { serverPairs, runsPerPair }: CostShape = fullShape,
): Promise<MetricsCost> {
  const runSettings = {
    connections: Math.max(1, Math.round(settings.connections / 2)),
    durationS: Math.min(settings.durationS, maxRunS),
  };
  const cost: MetricsCost = {
    serverPairs,
    withMetrics: [],
    without: [],
    scrapes: 0,
    badScrapes: 0,
    cpuPerScrapeMs: null,
    alone: null,
  };
  for (let pair = 0; pair < serverPairs; pair += 1) {
    await withServers(server, freePort, async (plain, metered) => {
      const both = () =>
        Promise.all([
          costedRun(plain.url, plain.pid, runSettings),
          costedRun(metered.url, metered.pid, runSettings),
        ]);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const scrape = async () => {
        cost.scrapes += 1;
        if (!(await scrapeOnce(metered.url, agent))) cost.badScrapes += 1;
      };
      try {
        // Scraped from the first warm-up on, as Prometheus scrapes from the start: the first
        // scrape's code paths (a text answer among JSON ones) cost the next seconds of requests
        // once, not at every scrape (the run after it came out 15-40 % dearer in every pair).
        for (let warmUp = 0; warmUp < 3; warmUp += 1) {
          await both();
          if (warmUp === 0) await scrape();
        }
        for (let run = 0; run < runsPerPair; run += 1) {
          if (run % runsPerScrape === 0) await scrape();
          const [without, withMetrics] = await both();
          cost.without.push(without);
          cost.withMetrics.push(withMetrics);
        }
      } finally {
        agent.destroy();
      }
      if (pair < serverPairs - 1) return;
      cost.cpuPerScrapeMs = await cpuPerScrape(metered);
      cost.alone = await aloneRuns(plain, metered, settings);
    });
  }
  return cost;
}

/** Runs `use` with a fresh server without metrics and one with, both idle; stops both after. */
async function withServers(
  server: Omit<StartServerOptions, 'port'>,
  freePort: () => Promise<number>,
  use: (plain: ServerProcess, metered: ServerProcess) => Promise<void>,
): Promise<void> {
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
      await use(plain, metered);
    } finally {
      await metered.stop();
    }
  } finally {
    await plain.stop();
  }
}

/** Each server alone with all the connections, the one with metrics first. */
async function aloneRuns(plain: ServerProcess, metered: ServerProcess, settings: LoadSettings) {
  const withMetrics = await runFeed(metered.url, null, [], settings);
  return { withMetrics, without: await runFeed(plain.url, null, [], settings) };
}

/** Twenty scrapes one after another on a server without load: its CPU per scrape, in ms. */
async function cpuPerScrape(metered: ServerProcess): Promise<number | null> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await scrapeOnce(metered.url, agent);
    const before = cpuSeconds(metered.pid);
    const scrapes = 20;
    for (let index = 0; index < scrapes; index += 1) await scrapeOnce(metered.url, agent);
    const after = cpuSeconds(metered.pid);
    return before === null || after === null ? null : ((after - before) * 1000) / scrapes;
  } finally {
    agent.destroy();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The row's figure: the last server with metrics, loaded alone (the warmest by then). */
export function aloneWithMetrics(cost: MetricsCost | null): LoadResult | null {
  return cost?.alone?.withMetrics ?? null;
}

/** What one scrape every 15 s adds to the loaded server's CPU (it falls between the runs). */
function scrapeShare(cost: MetricsCost): string {
  const withCpu = cost.withMetrics.map((run) => run.cpuPerRequestUs);
  if (cost.cpuPerScrapeMs === null || !cost.alone || withCpu.includes(null)) return '';
  const loadedCpuPerS =
    (median(withCpu as number[]) / 1e6) * cost.alone.withMetrics.requestsPerSecond;
  const share = cost.cpuPerScrapeMs / 1000 / scrapeIntervalS / loadedCpuPerS;
  return ` (${(share * 100).toFixed(2)} % of the loaded server's CPU at one per ${scrapeIntervalS} s)`;
}

/** The row's note: server CPU per request with against without, the throughputs, the scrapes. */
export function metricsCostNote(cost: MetricsCost | null): string | undefined {
  if (!cost) return undefined;
  const rate = (runs: CostedRun[]) =>
    Math.round(median(runs.map((run) => run.feed.requestsPerSecond))).toLocaleString('en-US');
  const cpu = (runs: CostedRun[]) => runs.map((run) => run.cpuPerRequestUs);
  const withCpu = cpu(cost.withMetrics);
  const withoutCpu = cpu(cost.without);
  const alone = cost.alone
    ? `alone ${Math.round(cost.alone.withMetrics.requestsPerSecond).toLocaleString('en-US')} req/s with, ${Math.round(cost.alone.without.requestsPerSecond).toLocaleString('en-US')} without; `
    : '';
  const throughput = `${alone}side by side (half the connections each) median ${rate(cost.withMetrics)} req/s with, ${rate(cost.without)} without`;
  const perScrape =
    cost.cpuPerScrapeMs === null
      ? ''
      : `, ${cost.cpuPerScrapeMs.toFixed(1)} ms CPU each${scrapeShare(cost)}`;
  const scraped = `${cost.scrapes} scrapes${cost.badScrapes > 0 ? `, ${cost.badScrapes} BAD` : ''}${perScrape}`;
  if (withCpu.includes(null) || withoutCpu.includes(null)) {
    return `${throughput}; server CPU unreadable here; ${scraped}`;
  }
  const ratios = (withCpu as number[]).map((cpu, index) => cpu / (withoutCpu as number[])[index]!);
  const percent = (ratio: number) => `${((ratio - 1) * 100).toFixed(1)} %`;
  const sorted = [...ratios].sort((a, b) => a - b);
  return (
    `server CPU per request, median of ${ratios.length} simultaneous runs on ${cost.serverPairs} server pairs: ` +
    `${median(withCpu as number[]).toFixed(0)} µs with, ${median(withoutCpu as number[]).toFixed(0)} µs without, ` +
    `cost ${percent(median(ratios))} (goal < 5 %; runs ${percent(sorted[0]!)} to ${percent(sorted.at(-1)!)}); ` +
    `${throughput}; ${scraped}`
  );
}

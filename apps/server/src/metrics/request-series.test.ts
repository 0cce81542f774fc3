import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { requestSeries } from './request-series';

const bounds = [0.001, 0.01, 0.1, 1];
const labelNames = ['method', 'route', 'status'] as const;

/** The same observations through prom-client's own Counter and Histogram: the reference text. */
function referenceRegistry(observations: [string, string | undefined, number, number][]) {
  const registry = new Registry();
  const counter = new Counter({
    name: 'pinhole_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const histogram = new Histogram({
    name: 'pinhole_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route and status',
    labelNames,
    buckets: bounds,
    registers: [registry],
  });
  for (const [method, route = 'unmatched', status, seconds] of observations) {
    const labels = { method, route, status: String(status) };
    counter.inc(labels);
    histogram.observe(labels, seconds);
  }
  return registry;
}

describe('requestSeries', () => {
  const observations: [string, string | undefined, number, number][] = [
    ['GET', '/api/posts', 200, 0.0004],
    ['GET', '/api/posts', 200, 0.001], // on a bound: counted in it, as Prometheus' `le` says
    ['GET', '/api/posts', 200, 0.05],
    ['GET', '/api/posts', 304, 0.0002],
    ['PUT', '/api/posts/:id/like', 200, 0.02],
    ['GET', undefined, 404, 0.0001],
    ['GET', '/api/posts', 200, 7], // above every bound: only in +Inf
    ['GET', '/api/p"o\\sts', 200, 0.5], // quotes and backslashes escaped like prom-client's own
  ];

  it('exposes exactly what prom-client counts for the same requests, in its text format', async () => {
    const registry = new Registry();
    const series = requestSeries(registry, bounds);
    for (const [method, route, status, seconds] of observations) {
      series.record(method, route, status, seconds);
    }
    const sorted = (text: string) => text.split('\n').sort();
    const text = await registry.metrics();
    expect(sorted(text)).toEqual(sorted(await referenceRegistry(observations).metrics()));
    expect(text).toContain(
      'pinhole_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/posts",status="200"} 2',
    );
    expect(text).toContain(
      'pinhole_http_requests_total{method="GET",route="unmatched",status="404"} 1',
    );
  });

  it('gives the same values as JSON, and counts on across scrapes', async () => {
    const registry = new Registry();
    const series = requestSeries(registry, bounds);
    series.record('GET', '/api/posts', 200, 0.003);
    await registry.metrics();
    series.record('GET', '/api/posts', 200, 0.2);
    const reference = referenceRegistry([
      ['GET', '/api/posts', 200, 0.003],
      ['GET', '/api/posts', 200, 0.2],
    ]);
    // What a JSON consumer reads (JSON.stringify drops the functions; exemplars are off).
    const byName = (metrics: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
      [...metrics]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(({ name, help, type, aggregator, values }) => ({
          name,
          help,
          type,
          aggregator,
          values: values.map(({ labels, value, ...rest }) => ({
            labels,
            value,
            metricName: 'metricName' in rest ? rest.metricName : undefined,
          })),
        }));
    expect(byName(await registry.getMetricsAsJSON())).toEqual(
      byName(await reference.getMetricsAsJSON()),
    );
  });
});

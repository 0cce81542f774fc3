import type {
  HistogramConfiguration,
  MetricObjectWithValues,
  MetricValue,
  MetricValueWithName,
  Registry,
} from 'prom-client';
import { Counter, Histogram } from 'prom-client';

/** Requests without a route: unknown paths, and paths the router could not read. */
const unmatchedRoute = 'unmatched';

const requestLabels = ['method', 'route', 'status'] as const;
type RequestLabel = (typeof requestLabels)[number];
type Labels = Record<RequestLabel, string>;

/** One series: what its requests added, in plain numbers (bucket counts not yet cumulative). */
interface Series {
  readonly labels: Labels;
  readonly inBucket: Float64Array;
  count: number;
  sum: number;
}

/**
 * Every answered request counted by method, route pattern and status, with its duration.
 *
 * Why not prom-client's own Counter and Histogram on the request path: each of their calls
 * validates the labels and builds a string key from them, ~1.5 µs per request in a tight loop and
 * measured at 3-4 % of a cached feed request's server CPU (bench/lib/metrics-cost.ts). Here a request finds
 * its series through three maps keyed by values the router already holds (the route pattern is
 * the same string each time, so its hash is kept) and adds to numbers; the registry reads them
 * only when Prometheus scrapes, through prom-client's own text format.
 */
export interface RequestSeries {
  record(method: string, route: string | undefined, status: number, seconds: number): void;
}

export function requestSeries(registry: Registry, bucketBounds: readonly number[]): RequestSeries {
  const byRoute = new Map<string, Map<string, Map<number, Series>>>();

  const find = (method: string, route: string, status: number): Series => {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        // One slot per bound, and a last one for above every bound (+Inf only).
        inBucket: new Float64Array(bucketBounds.length + 1),
        count: 0,
        sum: 0,
      };
      byStatus.set(status, series);
    }
    return series;
  };

  function* everySeries(): Generator<Series> {
    for (const byMethod of byRoute.values())
      for (const byStatus of byMethod.values()) yield* byStatus.values();
  }

  new Counter<RequestLabel>({
    name: 'pinhole_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: requestLabels,
    registers: [registry],
    collect() {
      this.reset();
      for (const series of everySeries()) this.inc(series.labels, series.count);
    },
  });
  new RequestDurations(
    {
      name: 'pinhole_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route and status',
      labelNames: requestLabels,
      buckets: [...bucketBounds],
      registers: [registry],
    },
    everySeries,
  );

  return {
    record(method, route = unmatchedRoute, status, seconds) {
      const series = find(method, route, status);
      let bucket = 0;
      while (bucket < bucketBounds.length && seconds > bucketBounds[bucket]!) bucket += 1;
      series.inBucket[bucket]! += 1;
      series.count += 1;
      series.sum += seconds;
    },
  };
}

/** What prom-client's metrics hold at run time but its types do not declare on the classes. */
type Described = Pick<
  MetricObjectWithValues<MetricValue<string>>,
  'name' | 'help' | 'type' | 'aggregator'
>;

/**
 * A histogram whose values come from the series above. The registry asks `getForPromString` for
 * the text format (when a metric has it, as prom-client's histogram does) and `get` for JSON; both
 * answer in the shape prom-client's own histogram gives (cumulative `_bucket` with `le`, then
 * `+Inf`, `_sum`, `_count`), so prom-client formats and escapes the text.
 */
class RequestDurations extends Histogram<RequestLabel | 'le'> {
  private readonly bounds: readonly number[];

  constructor(
    configuration: HistogramConfiguration<RequestLabel> & { buckets: number[] },
    private readonly everySeries: () => Iterable<Series>,
  ) {
    super(configuration);
    this.bounds = configuration.buckets;
  }

  override get(): Promise<MetricObjectWithValues<MetricValueWithName<RequestLabel | 'le'>>> {
    const { name, help, type, aggregator } = this as unknown as Described;
    const values: MetricValueWithName<RequestLabel | 'le'>[] = [];
    for (const series of this.everySeries()) {
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += series.inBucket[index]!;
        const labels = { le: bound, ...series.labels };
        values.push({ metricName: `${name}_bucket`, labels, value: cumulative });
      });
      const labels = series.labels;
      values.push(
        { metricName: `${name}_bucket`, labels: { le: '+Inf', ...labels }, value: series.count },
        { metricName: `${name}_sum`, labels, value: series.sum },
        { metricName: `${name}_count`, labels, value: series.count },
      );
    }
    return Promise.resolve({ name, help, type, aggregator, values, collect: () => undefined });
  }

  getForPromString() {
    return this.get();
  }
}

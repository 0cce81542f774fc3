import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { ImageQueueObserver } from '../media/image-queue';
import { requestSeries } from './request-series';
import type { MetricSources } from './sources';
import { watchSources } from './sources';

/**
 * The Prometheus metrics of one app: built only when METRICS_TOKEN is set, so an instance without
 * it does no work for them at all.
 */
export interface Metrics {
  /** This app's own registry: tests build several apps in one process, each counting its own. */
  readonly registry: Registry;
  /** One answered request, by route pattern (never the raw URL: its values are unbounded). */
  recordRequest(method: string, route: string | undefined, status: number, elapsedMs: number): void;
  /** Given to the image queue: how long uploads wait for a slot, and how many are refused. */
  readonly imageQueue: ImageQueueObserver;
  /** Adds the gauges read at each scrape from what the app already keeps (caches, pool, streams). */
  watch(sources: MetricSources): void;
}

/** A cached feed page answers in well under a millisecond; an upload takes seconds. */
const requestSecondsBuckets = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** 0 counts the uploads that found a slot free; the rest queued behind others' photos. */
const queueWaitBuckets = [0, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process metrics under their usual names (process_*, nodejs_*), which dashboards expect.
  collectDefaultMetrics({ register: registry });

  const requests = requestSeries(registry, requestSecondsBuckets);

  const queueWaits = new Histogram({
    name: 'pinhole_image_queue_wait_seconds',
    help: 'Time an image (upload, avatar, story, variant) waited for a processing slot',
    buckets: queueWaitBuckets,
    registers: [registry],
  });
  const queueRefusals = new Counter({
    name: 'pinhole_image_queue_refused_total',
    help: 'Images refused because every slot and waiting place was taken (answered 503)',
    registers: [registry],
  });

  return {
    registry,
    recordRequest: (method, route, status, elapsedMs) =>
      requests.record(method, route, status, elapsedMs / 1000),
    imageQueue: {
      started: (waitedSeconds) => queueWaits.observe(waitedSeconds),
      refused: () => queueRefusals.inc(),
    },
    watch: (sources) => watchSources(registry, sources),
  };
}

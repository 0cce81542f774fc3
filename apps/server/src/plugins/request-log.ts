import fp from 'fastify-plugin';
import type { Metrics } from '../metrics/metrics';

/**
 * One line per request, once it is answered: what was asked, how it went, how long it took.
 * Fastify's own two lines per request (received, completed) are turned off in app.ts.
 */
export const requestLog = fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          url: request.url,
          route: request.routeOptions.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
      done();
    });
  },
  { name: 'request-log' },
);

/** Each answer counted, only with METRICS_TOKEN set: without it a request does nothing more. */
export const requestMetrics = fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.recordRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime,
      );
      done();
    });
  },
  { name: 'request-metrics' },
);

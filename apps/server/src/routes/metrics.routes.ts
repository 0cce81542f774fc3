import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@pinhole/contracts';
import { z } from 'zod';
import { AppError } from '../errors';
import type { Metrics } from '../metrics/metrics';
import { errorResponses } from './schemas';

/** Prometheus' text exposition format, as prom-client writes it. */
const prometheusText = z
  .string()
  .describe('Prometheus text format: `pinhole_*` metrics and the process metrics.');

/** An error answer in the API's shape, described for this route rather than for the API's. */
const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBodySchema } },
});

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `authorization` is `Bearer <token>` (the scheme in any case, as HTTP has it). Both
 * sides are hashed first, so the comparison takes the same time whatever the header holds
 * (timingSafeEqual needs equal lengths).
 */
function bearerMatches(authorization: string | undefined, tokenHash: Buffer): boolean {
  const match = /^Bearer +(.+)$/i.exec(authorization ?? '');
  return timingSafeEqual(sha256(match?.[1] ?? ''), tokenHash) && match !== null;
}

/**
 * `GET /metrics` for Prometheus. Registered only when METRICS_TOKEN is set: without it the path
 * is unknown, answered like any other unknown path.
 */
export function metricsRoutes(metrics: Metrics, token: string): FastifyPluginAsyncZod {
  const tokenHash = sha256(token);
  return async (app) => {
    app.get(
      '/metrics',
      {
        schema: {
          summary: 'Metrics for Prometheus',
          description:
            'Only when the server runs with `METRICS_TOKEN` set (404 otherwise), and only with ' +
            '`Authorization: Bearer <METRICS_TOKEN>`. docs/operations.md lists the metrics.',
          tags: ['operations'],
          security: [{ metricsToken: [] }],
          response: {
            200: {
              description: 'The metrics',
              content: { 'text/plain; version=0.0.4; charset=utf-8': { schema: prometheusText } },
            },
            401: failure('No metrics token, or another one (`unauthenticated`)'),
            404: failure('`METRICS_TOKEN` is not set (`not_found`)'),
            ...errorResponses(),
          },
        },
      },
      async (request, reply) => {
        if (!bearerMatches(request.headers.authorization, tokenHash)) {
          void reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new AppError('unauthenticated', 'A valid metrics token is required');
        }
        const text = await metrics.registry.metrics();
        return reply.type(metrics.registry.contentType).send(text);
      },
    );
  };
}

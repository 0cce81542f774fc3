import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { livenessSchema, readinessSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { unavailableRetryAfterSeconds } from '../dependency-errors';
import { AppError } from '../errors';
import { errorResponses } from './schemas';

/**
 * The longest /readyz waits: a check still running then counts as failed (it goes on in the
 * background, bounded by its own driver's timeouts), so a frozen dependency makes the answer
 * 503 in time instead of none at all.
 */
function readinessTimeoutMs(context: AppContext): number {
  const { database, storage } = context.config;
  return Math.max(database.queryTimeoutMs, storage.driver === 's3' ? storage.timeoutMs : 0);
}

function withDeadline(check: () => Promise<void>, ms: number, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([check(), deadline]).finally(() => clearTimeout(timer));
}

/** `/healthz` and `/readyz`, for load balancers and orchestrators. */
export function healthRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          summary: 'The process is up',
          tags: ['operations'],
          response: { 200: livenessSchema },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/readyz',
      {
        schema: {
          summary: 'The database and storage answer',
          tags: ['operations'],
          response: { 200: readinessSchema, ...errorResponses(503) },
        },
      },
      async (request) => {
        const timeoutMs = readinessTimeoutMs(context);
        const checks = { database: context.database, storage: context.storage };
        const results = await Promise.allSettled(
          Object.entries(checks).map(([name, dependency]) =>
            withDeadline(() => dependency.ping(), timeoutMs, name),
          ),
        );
        const failed = Object.keys(checks).filter(
          (_, index) => results[index]?.status === 'rejected',
        );
        if (failed.length === 0) return { status: 'ready' as const };
        const errors = results.flatMap((result) =>
          result.status === 'rejected' ? [String(result.reason)] : [],
        );
        request.log.warn({ failed, errors }, 'readiness check failed');
        throw new AppError(
          'unavailable',
          `Not ready: ${failed.join(' and ')} unavailable`,
          undefined,
          unavailableRetryAfterSeconds,
        );
      },
    );
  };
}

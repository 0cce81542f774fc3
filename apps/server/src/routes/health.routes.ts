import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { unavailableRetryAfterSeconds } from '../dependency-errors';

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

export function healthRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const timeoutMs = readinessTimeoutMs(context);
    const checks = { database: context.database, storage: context.storage };
    const results = await Promise.allSettled(
      Object.entries(checks).map(([name, dependency]) =>
        withDeadline(() => dependency.ping(), timeoutMs, name),
      ),
    );
    const failed = Object.keys(checks).filter((_, index) => results[index]?.status === 'rejected');
    if (failed.length === 0) return { status: 'ready' };
    const errors = results.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    request.log.warn({ failed, errors }, 'readiness check failed');
    return reply
      .code(503)
      .header('Retry-After', unavailableRetryAfterSeconds)
      .send({
        error: { code: 'unavailable', message: `Not ready: ${failed.join(' and ')} unavailable` },
      });
  });
}

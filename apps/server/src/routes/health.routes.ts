import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { livenessSchema, readinessSchema } from '@pinhole/contracts';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { errorResponses } from './schemas';

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
        try {
          await Promise.all([context.database.ping(), context.storage.ping()]);
        } catch (error) {
          request.log.warn({ err: error }, 'readiness check failed');
          throw new AppError('unavailable', 'Not ready');
        }
        return { status: 'ready' as const };
      },
    );
  };
}

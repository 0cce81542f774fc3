import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { dependencyFailure } from '../dependency-errors';
import { sendError, toAppError } from '../errors';

/**
 * Every failure leaves in the API's error shape. A database or store that is unavailable is a
 * warning (it is not our bug); anything else unexpected is logged as an error.
 */
export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const dependencyError = dependencyFailure(error);
      if (dependencyError)
        request.log.warn({ err: error }, 'request failed: a dependency is unavailable');
      const appError = dependencyError ?? toAppError(error);
      if (appError.status >= 500 && appError.code === 'internal') {
        request.log.error({ err: error }, 'request failed');
      }
      return sendError(reply, appError);
    });
  },
  { name: 'error-handler' },
);

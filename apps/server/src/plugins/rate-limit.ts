import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Config } from '../env';
import { rateLimited } from '../errors';

/**
 * The rate limiter the routes that need one turn on (the numbers are in rate-limits.ts), off
 * altogether when the configuration says so. Past a limit: the API's 429 with Retry-After.
 */
export const rateLimiting = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(rateLimit, {
      global: false,
      enableDraftSpec: false,
      allowList: () => !config.rateLimits,
      errorResponseBuilder: (_request, context) => {
        return Object.assign(rateLimited(Math.ceil(context.ttl / 1000)), { statusCode: 429 });
      },
    });
  },
  { name: 'rate-limiting' },
);

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { filtersResponse, filtersResponseSchema } from '@pinhole/contracts';
import { errorResponses } from './schemas';

/** The list changes only with a release: browsers and caches may keep it a day. */
const filtersCacheControl = 'public, max-age=86400';

/**
 * `GET /api/filters`: the looks a photo may take when it is posted (the `filter` of its edits),
 * Normal first. Public; the same for everyone.
 */
export function filterRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '',
      {
        schema: {
          summary: 'The filters a post or story photo may take, Normal first',
          tags: ['posts'],
          response: { 200: filtersResponseSchema, ...errorResponses() },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', filtersCacheControl);
        return filtersResponse();
      },
    );
  };
}

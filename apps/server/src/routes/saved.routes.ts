import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postPageSchema, savedPostsQuerySchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** `/api/me/saved`: the posts you saved, only ever your own. */
export function savedRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;

    app.get(
      '',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'The posts you saved, newest saved first',
          tags: ['saved'],
          querystring: savedPostsQuerySchema,
          response: { 200: postPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => services.saves.list(requireViewer(request).userId, request.query),
    );
  };
}

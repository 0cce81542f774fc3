import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  postPageSchema,
  saveResultSchema,
  savedPostsQuerySchema,
} from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** `/api/posts/:id/save` and `/api/me/saved`: saving a post, and the posts you saved (yours only). */
export function savedRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;
    app.addHook('onRequest', requireSignedIn);

    const saveSchema = (summary: string) => ({
      summary,
      tags: ['saved'],
      params: idParamsSchema,
      response: { 200: saveResultSchema, ...errorResponses(400, 401, 404, ...writeFailures) },
    });

    app.put(
      '/posts/:id/save',
      { schema: saveSchema('Save a post (idempotent)') },
      async (request) => services.saves.set(request.params.id, requireViewer(request).userId, true),
    );

    app.delete(
      '/posts/:id/save',
      { schema: saveSchema('Unsave a post (idempotent)') },
      async (request) =>
        services.saves.set(request.params.id, requireViewer(request).userId, false),
    );

    app.get(
      '/me/saved',
      {
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

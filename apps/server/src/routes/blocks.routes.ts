import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockResultSchema,
  blockedPageSchema,
  idParamsSchema,
  profileListQuerySchema,
} from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** `/api/profiles/:id/block` and `/api/me/blocks`: blocking someone, and whom you blocked. */
export function blockRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;
    app.addHook('onRequest', requireSignedIn);

    const blockSchema = (summary: string) => ({
      summary,
      tags: ['safety'],
      params: idParamsSchema,
      response: { 200: blockResultSchema, ...errorResponses(400, 401, 404, ...writeFailures) },
    });

    app.put(
      '/profiles/:id/block',
      {
        schema: blockSchema(
          'Block someone (idempotent): ends follows and requests both ways; each stops seeing the other',
        ),
      },
      async (request) => services.blocks.block(requireViewer(request).userId, request.params.id),
    );

    app.delete(
      '/profiles/:id/block',
      { schema: blockSchema('Unblock someone (idempotent); ended follows stay ended') },
      async (request) => services.blocks.unblock(requireViewer(request).userId, request.params.id),
    );

    app.get(
      '/me/blocks',
      {
        schema: {
          summary: 'The people you blocked, newest block first',
          tags: ['safety'],
          querystring: profileListQuerySchema,
          response: { 200: blockedPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => services.blocks.list(requireViewer(request).userId, request.query),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gridQuerySchema, idParamsSchema, postPageSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses, sendEncoded } from './schemas';

/** `/api/profiles/:id/tagged`: the TAGGED tab. Apart from profiles.routes.ts, as discovery. */
export function taggedRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:id/tagged',
      {
        schema: {
          summary: 'Posts by others whose caption mentions this person, newest first',
          description:
            'A private account’s tab is its followers’ only (403 to anyone else), as its posts ' +
            'are; posts of private accounts are in nobody’s tagged list.',
          tags: ['discovery', 'profiles'],
          params: idParamsSchema,
          querystring: gridQuerySchema,
          response: { 200: postPageSchema, ...errorResponses(400, 403, 404) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const viewerId = request.viewer?.userId ?? null;
        await context.services.follows.requireVisible(id, viewerId);
        const body = await context.services.discoveryLists.tagged(id, request.query, viewerId);
        return sendEncoded(request, reply, body);
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gridQuerySchema, postPageSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { exploreCandidates } from '../services/discovery-lists.service';
import { exploreFormula } from '../discovery/explore-ranking';
import { errorResponses, sendEncoded } from './schemas';

/** `/api/explore`: recent posts people are paying attention to, for visitors too. */
export function exploreRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '',
      {
        schema: {
          summary: 'Recent public posts, ranked by likes and comments with their age',
          description:
            `The ${exploreCandidates} newest public posts, best first by ` +
            `\`${exploreFormula}\` (comments count twice a like; equal scores newest first). ` +
            'The order is remade at most once a minute and whenever a post is added or removed; ' +
            'the posts’ counts are always current. Paged by `next_cursor`; a page keeps the order ' +
            'of the first while that ranking lasts.',
          tags: ['discovery', 'posts'],
          querystring: gridQuerySchema,
          response: { 200: postPageSchema, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const body = await context.services.discoveryLists.explore(
          request.query,
          request.viewer?.userId ?? null,
        );
        return sendEncoded(request, reply, body);
      },
    );
  };
}

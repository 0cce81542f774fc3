import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { suggestionListSchema, suggestionQuerySchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses } from './schemas';

/** `/api/suggestions`: people to follow. */
export function suggestionRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '',
      {
        schema: {
          summary:
            'People to follow: followed by people you follow first, then popular ones; never yourself nor someone you follow. Paged (up to 90 in all)',
          tags: ['follows'],
          querystring: suggestionQuerySchema,
          response: { 200: suggestionListSchema, ...errorResponses(400) },
        },
      },
      async (request) =>
        context.services.suggestions.list(request.viewer?.userId ?? null, request.query),
    );
  };
}

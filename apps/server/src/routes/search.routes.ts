import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limits, searchQuerySchema, searchResultSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses } from './schemas';

/** `/api/search`: people and hashtags as someone types. */
export function searchRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '',
      {
        schema: {
          summary: `Search people (at most ${limits.searchProfilesLimit}) and hashtags (at most ${limits.searchHashtagsLimit})`,
          description:
            'People whose username, or any word of whose full name, starts with the query, ignoring ' +
            'case and accents (`jose` finds `José`); several words must each start a word of the ' +
            'same person. The exact username comes first, then people you follow, then the most ' +
            'followed. Every character is itself: `%`, `_` and `\\` are not wildcards. A query ' +
            'of one word (not starting with `@`) also finds hashtags starting with it, ignoring case ' +
            'and accents (`sun` finds `#sunset`, `cafe` finds `#café`), the most used first. A ' +
            'query starting with `#` finds hashtags only; `#` alone finds none.',
          tags: ['discovery'],
          querystring: searchQuerySchema,
          response: { 200: searchResultSchema, ...errorResponses(400) },
        },
      },
      async (request) =>
        context.services.search.search(request.query.q, request.viewer?.userId ?? null),
    );
  };
}

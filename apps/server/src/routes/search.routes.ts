import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limits, searchQuerySchema, searchResultSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { resolveWithin } from '../federation/remote-lookup';
import { errorResponses } from './schemas';

/** How long a search waits for another server to answer before showing local results alone. */
const remoteSearchMs = 4000;

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
            'query starting with `#` finds hashtags only; `#` alone finds none. Signed in, ' +
            '`@user@host`, `user@host` or an https URL of a profile or post on another server ' +
            'is also looked up there (one lookup, a few seconds at most) and the person comes ' +
            'first; not found or a server that fails leaves the local results.',
          tags: ['discovery'],
          querystring: searchQuerySchema,
          response: { 200: searchResultSchema, ...errorResponses(400) },
        },
      },
      async (request) => {
        const { remoteLookup } = context;
        // One lookup elsewhere per search, for people signed in only, and never a slow one.
        const findRemote =
          remoteLookup && request.viewer
            ? (query: string) =>
                resolveWithin(remoteLookup, query, remoteSearchMs, (error) =>
                  request.log.warn({ err: error }, 'remote lookup failed'),
                )
            : undefined;
        return context.services.search.search(
          request.query.q,
          request.viewer?.userId ?? null,
          findRemote,
        );
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limits, searchQuerySchema, searchResultSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { lookUpWithin, parseRemoteQuery } from '../federation/remote-lookup';
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
            'first; not found or a server that fails leaves the local results. Such a query ' +
            'also answers `remote: { status, host }`: `found`, `not_found` (their server has ' +
            'nobody by that name), `unreachable` (it did not answer in time, or refused), ' +
            '`not_federating` (this server does not federate: FEDERATION=false or no https ' +
            'PUBLIC_URL) or `sign_in` (looking elsewhere is for people signed in).',
          tags: ['discovery'],
          querystring: searchQuerySchema,
          response: { 200: searchResultSchema, ...errorResponses(400) },
        },
      },
      async (request) => {
        const { remoteLookup } = context;
        const query = request.query.q;
        const viewerId = request.viewer?.userId ?? null;
        const named = parseRemoteQuery(query, context.config.publicUrl.host.toLowerCase());
        if (!named) return context.services.search.search(query, viewerId);
        const host = named.kind === 'handle' ? named.host : named.url.host;
        // Without federation nobody elsewhere can be found: the answer says so, for the box to.
        if (!remoteLookup) {
          return context.services.search.search(query, viewerId, {
            host,
            status: 'not_federating',
          });
        }
        // One lookup elsewhere per search, for people signed in only, and never a slow one.
        if (!request.viewer) {
          return context.services.search.search(query, viewerId, { host, status: 'sign_in' });
        }
        return context.services.search.search(query, viewerId, {
          host,
          find: (text: string) =>
            lookUpWithin(remoteLookup, text, remoteSearchMs, (error) =>
              request.log.warn({ err: error }, 'remote lookup failed'),
            ),
        });
      },
    );
  };
}

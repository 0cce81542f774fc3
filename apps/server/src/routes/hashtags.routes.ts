import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gridQuerySchema, hashtagParamsSchema, hashtagPostsSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses, sendEncoded } from './schemas';

/** `/api/hashtags`: the posts that carry a hashtag. */
export function hashtagRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:name/posts',
      {
        schema: {
          summary: "A hashtag's posts, newest first, with its post count",
          description:
            'The name is compared in lowercase, with or without its `#`. An unknown hashtag ' +
            'answers `posts_count` 0 and no posts. Private accounts’ posts are in no hashtag list ' +
            '(for anyone, as in the everyone feed), though `posts_count` counts them.',
          tags: ['discovery', 'posts'],
          params: hashtagParamsSchema,
          querystring: gridQuerySchema,
          response: { 200: hashtagPostsSchema, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const body = await context.services.discoveryLists.hashtag(
          request.params.name,
          request.query,
          request.viewer?.userId ?? null,
        );
        return sendEncoded(request, reply, body);
      },
    );
  };
}

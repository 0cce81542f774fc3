import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  postListQuerySchema,
  postPageSchema,
  profileSchema,
  updateProfileSchema,
  usernameParamsSchema,
} from '@pinhole/contracts';
import type { AppContext } from '../context';
import { errorResponses, sendEncoded, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** `/api/profiles`: people and their posts. */
export function profileRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;

    app.get(
      '/by-username/:username',
      {
        schema: {
          summary: 'A profile by its username, in any case',
          tags: ['profiles'],
          params: usernameParamsSchema,
          response: { 200: profileSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => services.profiles.getByUsername(request.params.username),
    );

    app.get(
      '/:id',
      {
        schema: {
          summary: 'A profile (its id is the user id)',
          tags: ['profiles'],
          params: idParamsSchema,
          response: { 200: profileSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => services.profiles.get(request.params.id),
    );

    app.get(
      '/:id/posts',
      {
        schema: {
          summary: "A profile's posts, newest first",
          tags: ['profiles', 'posts'],
          params: idParamsSchema,
          querystring: postListQuerySchema,
          response: { 200: postPageSchema, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        await services.profiles.get(id);
        const body = await services.postReads.page(
          { ...request.query, userId: id },
          request.viewer?.userId ?? null,
        );
        return sendEncoded(request, reply, body);
      },
    );

    app.patch(
      '/me',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Edit your own profile',
          tags: ['profiles'],
          body: updateProfileSchema,
          response: { 200: profileSchema, ...errorResponses(400, 401, ...writeFailures) },
        },
      },
      async (request) => services.profiles.updateOwn(requireViewer(request).userId, request.body),
    );
  };
}

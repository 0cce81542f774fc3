import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  postListQuerySchema,
  postPageSchema,
  profileSchema,
  updateProfileSchema,
} from '@pinhole/contracts';
import type { AppContext } from '../context';
import { getProfile, updateOwnProfile } from '../services/profiles.service';
import { listPostPageJson } from '../services/posts.service';
import { errorResponses, sendSerialized, writeFailures } from './schemas';
import { contentVersion, requireSignedIn, requireViewer } from './viewer';

/** `/api/profiles`: people and their posts. */
export function profileRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = context.database;

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
      async (request) => getProfile(db, request.params.id),
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
        await getProfile(db, id);
        const version = await contentVersion(request, context);
        const json = await listPostPageJson(
          db,
          context.storage,
          context.caches,
          version,
          { ...request.query, userId: id },
          request.viewer?.userId ?? null,
        );
        return sendSerialized(reply, json);
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
      async (request) => updateOwnProfile(db, requireViewer(request).userId, request.body),
    );
  };
}

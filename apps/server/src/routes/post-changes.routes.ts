import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, postSchema, saveResultSchema, updatePostSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses, noContent, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** `/api/posts/:id`: what the author changes (caption, photos, deletion) and saving a post. */
export function postChangeRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;
    app.addHook('onRequest', requireSignedIn);

    app.patch(
      '/:id',
      {
        schema: {
          summary:
            "Edit your post: its caption, and its photos' order and alt texts (photos left out are removed)",
          tags: ['posts'],
          params: idParamsSchema,
          body: updatePostSchema,
          response: { 200: postSchema, ...errorResponses(400, 401, 404, ...writeFailures) },
        },
      },
      async (request) =>
        services.postEdits.update(request.params.id, requireViewer(request).userId, request.body),
    );

    app.delete(
      '/:id',
      {
        schema: {
          summary: 'Delete your post with its likes, comments, saves and every stored file',
          tags: ['posts'],
          params: idParamsSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 404, ...writeFailures) },
        },
      },
      async (request, reply) => {
        await services.postEdits.delete(request.params.id, requireViewer(request).userId);
        return reply.code(204).send();
      },
    );

    const saveSchema = (summary: string) => ({
      summary,
      tags: ['saved'],
      params: idParamsSchema,
      response: { 200: saveResultSchema, ...errorResponses(400, 401, 404, ...writeFailures) },
    });

    app.put('/:id/save', { schema: saveSchema('Save a post (idempotent)') }, async (request) =>
      services.saves.set(request.params.id, requireViewer(request).userId, true),
    );

    app.delete('/:id/save', { schema: saveSchema('Unsave a post (idempotent)') }, async (request) =>
      services.saves.set(request.params.id, requireViewer(request).userId, false),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentListSchema,
  commentSchema,
  createCommentSchema,
  idParamsSchema,
} from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { rateLimits } from '../rate-limits';
import { errorResponses, noContent, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** `/api/posts/:id/comments` and `/api/comments/:id`: listing, adding and deleting comments. */
export function commentRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;

    app.get(
      '/posts/:id/comments',
      {
        schema: {
          summary: "A post's comments, oldest first",
          tags: ['comments'],
          params: idParamsSchema,
          response: { 200: commentListSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => ({
        comments: await services.comments.list(request.params.id, request.viewer?.userId ?? null),
      }),
    );

    app.post(
      '/posts/:id/comments',
      {
        config: {
          rateLimit: { ...rateLimits.comment, keyGenerator: (r) => r.viewer?.userId ?? r.ip },
        },
        onRequest: requireSignedIn,
        schema: {
          summary: 'Comment on a post',
          tags: ['comments'],
          params: idParamsSchema,
          body: createCommentSchema,
          response: {
            201: commentSchema,
            ...errorResponses(400, 401, 404, 429, ...writeFailures),
          },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const comment = await services.comments.add(
          request.params.id,
          viewer.userId,
          request.body.content,
        );
        return reply.code(201).send(comment);
      },
    );

    app.delete(
      '/comments/:id',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Delete a comment: yours, or one on your post',
          tags: ['comments'],
          params: idParamsSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 404, ...writeFailures) },
        },
      },
      async (request, reply) => {
        await services.comments.remove(request.params.id, requireViewer(request).userId);
        return reply.code(204).send();
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses, noContent, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** `/api/comments/:id`: deleting a comment (listing and adding live under its post). */
export function commentRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;

    app.delete(
      '/:id',
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

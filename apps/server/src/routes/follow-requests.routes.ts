import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileListQuerySchema, profileSummaryPageSchema } from '@pinhole/contracts';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { errorResponses, noContent, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

const requesterParamsSchema = z.object({ profileId: z.string().min(1).max(64) });

/** `/api/me/follow-requests`: who asked to follow your private account, and your answers. */
export function followRequestRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;
    app.addHook('onRequest', requireSignedIn);

    app.get(
      '',
      {
        schema: {
          summary: 'People waiting for you to approve their follow, newest first',
          tags: ['follows'],
          querystring: profileListQuerySchema,
          response: { 200: profileSummaryPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => services.follows.requests(requireViewer(request).userId, request.query),
    );

    app.post(
      '/:profileId/approve',
      {
        schema: {
          summary: 'Approve a follow request: the follow is made',
          tags: ['follows'],
          params: requesterParamsSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 404, ...writeFailures) },
        },
      },
      async (request, reply) => {
        await services.follows.approve(requireViewer(request).userId, request.params.profileId);
        return reply.code(204).send();
      },
    );

    app.delete(
      '/:profileId',
      {
        schema: {
          summary: 'Decline a follow request (idempotent)',
          tags: ['follows'],
          params: requesterParamsSchema,
          response: { 204: noContent, ...errorResponses(400, 401, ...writeFailures) },
        },
      },
      async (request, reply) => {
        await services.follows.decline(requireViewer(request).userId, request.params.profileId);
        return reply.code(204).send();
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportCreatedSchema, reportInputSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** `POST /api/reports`: a member reports a post, a comment or a profile. */
export function reportRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Report a post, comment or profile; the same report twice is one report',
          description: '201 with the new id; the same reporter and target again: 200, same id.',
          tags: ['reports'],
          body: reportInputSchema,
          response: {
            200: reportCreatedSchema,
            201: reportCreatedSchema,
            ...errorResponses(400, 401, 404, ...writeFailures),
          },
        },
      },
      async (request, reply) => {
        const result = await context.services.reports.report(
          request.body,
          requireViewer(request).userId,
        );
        return reply.code(result.created ? 201 : 200).send({ id: result.id });
      },
    );
  };
}

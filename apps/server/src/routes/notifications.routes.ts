import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationPageSchema, notificationQuerySchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { EncodedBody } from '../cache/encoded-body';
import { errorResponses, noContent, sendEncoded, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** `/api/notifications`: what people did to you, and marking it read. */
export function notificationRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;
    app.addHook('onRequest', requireSignedIn);

    app.get(
      '',
      {
        schema: {
          summary:
            'Your notifications (likes, comments, follows, follow requests, mentions), newest first',
          description:
            '`unread_count` counts every unread notification, not only this page, up to 100 (more reads 100). A follow has ' +
            'no `post`; `comment` is set for a comment and for a mention in a comment. A `follow_request` is listed while ' +
            'the request waits (answer it with `/api/me/follow-requests`); once approved it becomes a `follow`, already ' +
            'read, and the one who asked gets a `follow_accepted`.',
          tags: ['notifications'],
          querystring: notificationQuerySchema,
          response: { 200: notificationPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const page = await services.notifications.list(
          requireViewer(request).userId,
          request.query,
        );
        // Sent as JSON text, past the schema serializer: checking a page of 30 against the
        // schema cost four times what reading it from the database did (the service builds
        // exactly the contract's shape, and the route tests parse it with the schema).
        void reply.header('cache-control', 'no-store');
        return sendEncoded(request, reply, new EncodedBody(Buffer.from(JSON.stringify(page))));
      },
    );

    app.post(
      '/read',
      {
        schema: {
          summary: 'Mark all your notifications read',
          tags: ['notifications'],
          response: { 204: noContent, ...errorResponses(401, ...writeFailures) },
        },
      },
      async (request, reply) => {
        await services.notifications.markAllRead(requireViewer(request).userId);
        return reply.code(204).send();
      },
    );
  };
}

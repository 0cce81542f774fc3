import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationSettingsSchema,
  pushKeySchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionSchema,
  pushUnsubscribeRequestSchema,
} from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses, noContent, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** Web Push: the instance's key, a browser's subscription, and which kinds a person wants. */
export function pushRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;
    const tags = ['push'];

    app.get(
      '/push/key',
      {
        schema: {
          summary: "The instance's VAPID public key, for PushManager.subscribe()",
          tags,
          response: { 200: pushKeySchema, ...errorResponses() },
        },
      },
      async () => ({ public_key: await services.push.publicKey() }),
    );

    app.post(
      '/push/subscriptions',
      {
        onRequest: requireSignedIn,
        schema: {
          summary:
            'Subscribe this browser to pushes (the same endpoint again: 200 with its id); https endpoints on public addresses only',
          tags,
          body: pushSubscriptionRequestSchema,
          response: {
            200: pushSubscriptionSchema,
            201: pushSubscriptionSchema,
            ...errorResponses(400, 401, ...writeFailures),
          },
        },
      },
      async (request, reply) => {
        const saved = await services.push.subscribe(requireViewer(request).userId, request.body);
        return reply.code(saved.created ? 201 : 200).send({ id: saved.id });
      },
    );

    app.delete(
      '/push/subscriptions',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: "Unsubscribe a browser's endpoint (idempotent)",
          tags,
          body: pushUnsubscribeRequestSchema,
          response: { 204: noContent, ...errorResponses(400, 401, ...writeFailures) },
        },
      },
      async (request, reply) => {
        await services.push.unsubscribe(requireViewer(request).userId, request.body.endpoint);
        return reply.code(204).send();
      },
    );

    app.get(
      '/me/notification-settings',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Which kinds of notification you get pushes for (all, until turned off)',
          tags,
          response: { 200: notificationSettingsSchema, ...errorResponses(401) },
        },
      },
      async (request) => services.push.settings(requireViewer(request).userId),
    );

    app.put(
      '/me/notification-settings',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Choose which kinds of notification you get pushes for',
          tags,
          body: notificationSettingsSchema,
          response: {
            200: notificationSettingsSchema,
            ...errorResponses(400, 401, ...writeFailures),
          },
        },
      },
      async (request) => services.push.saveSettings(requireViewer(request).userId, request.body),
    );
  };
}

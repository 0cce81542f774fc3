import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationListQuerySchema,
  conversationPageSchema,
  conversationSchema,
  createConversationSchema,
  idParamsSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  messagingSettingsSchema,
  sendMessageFormSchema,
  sendMessageSchema,
} from '@pinhole/contracts';
import type { SendMessageRequest } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { rateLimits } from '../rate-limits';
import { uploadRejected, validationError } from '../errors';
import { maxMediaUploadBytes, withUpload } from './read-upload';
import { errorResponses, noContent, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

const tags = ['messages'];

/** `/api/conversations`, `/api/messages/:id` and `/api/me/messaging`: direct messages. */
export function conversationRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const messages = context.services.messages;
    /** Photos (5 MB) or videos (VIDEO_MAX_MB), ten at most, and the form. */
    const maxMessageUploadBytes = maxMediaUploadBytes(context.config.video.maxBytes);
    app.addHook('onRequest', requireSignedIn);

    app.get(
      '/conversations',
      {
        schema: {
          summary: 'Your conversations (the inbox, or the requests), most recent first',
          tags,
          querystring: conversationListQuerySchema,
          response: { 200: conversationPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => messages.list(requireViewer(request).userId, request.query),
    );

    app.post(
      '/conversations',
      {
        schema: {
          summary: 'Start a conversation; a one-to-one conversation that exists is answered again',
          tags,
          body: createConversationSchema,
          response: {
            200: conversationSchema,
            201: conversationSchema,
            ...errorResponses(400, 401, 404, ...writeFailures),
          },
        },
      },
      async (request, reply) => {
        const { conversation, created } = await messages.start(
          requireViewer(request).userId,
          request.body,
        );
        return reply.code(created ? 201 : 200).send(conversation);
      },
    );

    app.get(
      '/conversations/:id/messages',
      {
        schema: {
          summary: "A conversation's messages, newest first (its participants only)",
          tags,
          params: idParamsSchema,
          querystring: messageListQuerySchema,
          response: { 200: messagePageSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        messages.messages(requireViewer(request).userId, request.params.id, request.query),
    );

    app.post(
      '/conversations/:id/messages',
      {
        config: {
          rateLimit: {
            ...rateLimits.directMessages,
            keyGenerator: (r) => r.viewer?.userId ?? r.ip,
          },
        },
        // Photos: refused unread when the declared size could not be ten photos and the form.
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > maxMessageUploadBytes)
            throw uploadRejected.tooLarge();
        },
        schema: {
          summary: 'Send a message: text, a shared post, photos (multipart), or some of these',
          tags,
          params: idParamsSchema,
          body: {
            content: {
              'application/json': { schema: sendMessageSchema },
              'multipart/form-data': { schema: sendMessageFormSchema },
            },
          },
          response: {
            201: messageSchema,
            ...errorResponses(400, 401, 404, 429, 503, ...writeFailures),
          },
        },
      },
      async (request, reply) => {
        const viewerId = requireViewer(request).userId;
        const message = request.isMultipart()
          ? await withUpload(
              request,
              async (upload) => {
                const fields = sendMessageSchema.safeParse({ text: upload.text ?? undefined });
                if (!fields.success) throw validationError(fields.error);
                const files = upload.photos.map((photo) => photo.file);
                const declared = upload.photos.map((photo) => photo.declaredVideo === true);
                return messages.send(viewerId, request.params.id, fields.data, files, declared);
              },
              { videoMaxBytes: context.config.video.maxBytes },
            )
          : await messages.send(viewerId, request.params.id, request.body as SendMessageRequest);
        return reply.code(201).send(message);
      },
    );

    const conversationAction = (summary: string) => ({
      summary,
      tags,
      params: idParamsSchema,
      response: { 204: noContent, ...errorResponses(401, 404, ...writeFailures) },
    });

    app.post(
      '/conversations/:id/read',
      { schema: conversationAction('Mark the conversation read up to now') },
      async (request, reply) => {
        await messages.read(requireViewer(request).userId, request.params.id);
        return reply.code(204).send();
      },
    );

    app.post(
      '/conversations/:id/accept',
      {
        schema: {
          summary: 'Accept a request: the conversation moves to the inbox',
          tags,
          params: idParamsSchema,
          response: { 200: conversationSchema, ...errorResponses(401, 404, ...writeFailures) },
        },
      },
      async (request) => messages.accept(requireViewer(request).userId, request.params.id),
    );

    app.put(
      '/conversations/:id/mute',
      {
        schema: {
          summary: 'Mute or unmute a conversation: a muted one adds nothing to the unread badge',
          tags,
          params: idParamsSchema,
          body: z.object({ muted: z.boolean() }),
          response: { 200: conversationSchema, ...errorResponses(400, 401, 404, ...writeFailures) },
        },
      },
      async (request) =>
        messages.mute(requireViewer(request).userId, request.params.id, request.body.muted),
    );

    app.delete(
      '/conversations/:id',
      { schema: conversationAction('Leave the conversation (or delete a request)') },
      async (request, reply) => {
        await messages.leave(requireViewer(request).userId, request.params.id);
        return reply.code(204).send();
      },
    );

    app.delete(
      '/messages/:id',
      { schema: conversationAction('Unsend your message, for everyone') },
      async (request, reply) => {
        await messages.unsend(requireViewer(request).userId, request.params.id);
        return reply.code(204).send();
      },
    );

    app.put(
      '/me/messaging',
      {
        schema: {
          summary: 'Who may start a conversation with you',
          tags,
          body: messagingSettingsSchema,
          response: { 200: messagingSettingsSchema, ...errorResponses(400, 401, ...writeFailures) },
        },
      },
      async (request) => messages.setMessaging(requireViewer(request).userId, request.body),
    );
  };
}

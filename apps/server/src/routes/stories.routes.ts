import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createStoryFormSchema,
  idParamsSchema,
  messages,
  storySchema,
  storyTraysSchema,
  storyViewersSchema,
} from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { AppError } from '../errors';
import {
  maxMediaUploadBytes,
  multipartBody,
  uploadErrors,
  uploadGuards,
  withUpload,
} from './read-upload';
import { errorResponses, noContent, sendEncoded, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

const oneStoryPhoto = () =>
  new AppError('validation_error', messages.storyOnePhoto, { image: messages.storyOnePhoto });

/** `/api/stories`: sharing, the trays, one story, views and viewers. */
export function storyRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;
    // A story is one photo (5 MB) or one video (VIDEO_MAX_MB), and the form.
    const videoMaxBytes = context.config.video.maxBytes;

    app.get(
      '',
      {
        schema: {
          summary:
            'Story trays: signed in, yours first, then the people you follow (unviewed first, then newest); signed out, the 30 most recent public ones',
          tags: ['stories'],
          response: { 200: storyTraysSchema, ...errorResponses() },
        },
      },
      async (request, reply) => {
        const body = await services.stories.trays(request.viewer?.userId ?? null);
        return sendEncoded(request, reply, body);
      },
    );

    app.post(
      '',
      {
        // The same budget as posts, counted apart: a story is an upload like any other.
        ...uploadGuards(maxMediaUploadBytes(videoMaxBytes, 1)),
        schema: {
          summary: 'Share a photo or a video (at most 60 s) as a story, shown for 24 hours',
          tags: ['stories'],
          body: multipartBody(createStoryFormSchema),
          response: { 201: storySchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const story = await withUpload(
          request,
          async (upload) => {
            const [photo, ...more] = upload.photos;
            if (!photo || more.length > 0) throw oneStoryPhoto();
            return services.stories.create(
              viewer.userId,
              photo.file,
              upload.edits?.[0] ?? null,
              photo.declaredVideo === true,
            );
          },
          { videoMaxBytes },
        );
        return reply.code(201).send(story);
      },
    );

    app.get(
      '/:id',
      {
        schema: {
          summary: 'One live story (404 once expired, or for a private account you do not follow)',
          tags: ['stories'],
          params: idParamsSchema,
          response: { 200: storySchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => services.stories.get(request.params.id, request.viewer?.userId ?? null),
    );

    app.put(
      '/:id/view',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Mark a story seen (idempotent)',
          tags: ['stories'],
          params: idParamsSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 404, ...writeFailures) },
        },
      },
      async (request, reply) => {
        await services.stories.markViewed(request.params.id, requireViewer(request).userId);
        return reply.code(204).send();
      },
    );

    app.get(
      '/:id/viewers',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Who has seen your story, newest first (its author only)',
          tags: ['stories'],
          params: idParamsSchema,
          response: { 200: storyViewersSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => services.stories.viewers(request.params.id, requireViewer(request).userId),
    );

    app.delete(
      '/:id',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Delete your story with its views and stored files',
          tags: ['stories'],
          params: idParamsSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 404, ...writeFailures) },
        },
      },
      async (request, reply) => {
        await services.stories.delete(request.params.id, requireViewer(request).userId);
        return reply.code(204).send();
      },
    );
  };
}

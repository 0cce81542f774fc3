import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPostFormSchema,
  idParamsSchema,
  likeResultSchema,
  feedQuerySchema,
  postPageSchema,
  postSchema,
  profileListQuerySchema,
  profileSummaryPageSchema,
  updatePostSchema,
} from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import {
  maxMediaUploadBytes,
  multipartBody,
  uploadErrors,
  uploadGuards,
  withUpload,
} from './read-upload';
import { errorResponses, noContent, sendEncoded, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

const viewerId = (request: FastifyRequest) => request.viewer?.userId ?? null;

/**
 * `/api/posts` and `/api/posts/:id`: the feed, sharing, reading, editing and deleting a post, and
 * its likes. Its comments are in comments.routes.ts, saving it in saved.routes.ts.
 */
export function postRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;
    const videoMaxBytes = context.config.video.maxBytes;

    app.get(
      '',
      {
        schema: {
          summary:
            "A feed, newest first, by offset or cursor: everyone's public posts, or (signed in) those of the people you follow and yours",
          tags: ['posts'],
          querystring: feedQuerySchema,
          response: { 200: postPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const { feed, ...list } = request.query;
        const followedBy = feed === 'following' ? requireViewer(request).userId : undefined;
        const body = await services.postReads.page({ ...list, followedBy }, viewerId(request));
        return sendEncoded(request, reply, body);
      },
    );

    app.post(
      '',
      {
        ...uploadGuards(maxMediaUploadBytes(videoMaxBytes)),
        schema: {
          summary: 'Share a post of 1–10 photos and videos',
          tags: ['posts'],
          body: multipartBody(createPostFormSchema),
          response: { 201: postSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const post = await withUpload(
          request,
          (upload) => services.createPost.create(viewer.userId, upload),
          { videoMaxBytes },
        );
        return reply.code(201).send(post);
      },
    );

    app.get(
      '/:id',
      {
        schema: {
          summary: 'One post',
          tags: ['posts'],
          params: idParamsSchema,
          response: { 200: postSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => services.postReads.get(request.params.id, viewerId(request)),
    );

    app.patch(
      '/:id',
      {
        onRequest: requireSignedIn,
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
        onRequest: requireSignedIn,
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

    const likeSchema = (summary: string) => ({
      summary,
      tags: ['posts'],
      params: idParamsSchema,
      response: { 200: likeResultSchema, ...errorResponses(400, 401, 404, ...writeFailures) },
    });

    app.put(
      '/:id/like',
      { onRequest: requireSignedIn, schema: likeSchema('Like a post (idempotent)') },
      async (request) => services.likes.set(request.params.id, requireViewer(request).userId, true),
    );

    app.delete(
      '/:id/like',
      { onRequest: requireSignedIn, schema: likeSchema('Unlike a post (idempotent)') },
      async (request) =>
        services.likes.set(request.params.id, requireViewer(request).userId, false),
    );

    app.get(
      '/:id/likes',
      {
        schema: {
          summary: 'Who liked a post, newest like first',
          tags: ['posts'],
          params: idParamsSchema,
          querystring: profileListQuerySchema,
          response: { 200: profileSummaryPageSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => services.likes.likers(request.params.id, viewerId(request), request.query),
    );
  };
}

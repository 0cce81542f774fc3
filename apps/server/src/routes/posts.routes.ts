import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentListSchema,
  commentSchema,
  createCommentSchema,
  createPostFormSchema,
  idParamsSchema,
  likeResultSchema,
  feedQuerySchema,
  postPageSchema,
  postSchema,
  profileListQuerySchema,
  profileSummaryPageSchema,
} from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { rateLimits } from '../rate-limits';
import { maxPostUploadBytes, readUpload, uploadGuards } from './read-upload';
import { errorResponses, sendEncoded, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

const viewerId = (request: FastifyRequest) => request.viewer?.userId ?? null;

/** `/api/posts`: the feed, uploads, likes and comments. */
export function postRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;

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
        ...uploadGuards(maxPostUploadBytes),
        schema: {
          summary: 'Share a post of 1–10 photos',
          tags: ['posts'],
          body: { content: { 'multipart/form-data': { schema: createPostFormSchema } } },
          response: { 201: postSchema, ...errorResponses(400, 401, 429, 503, ...writeFailures) },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const upload = await readUpload(request);
        try {
          const post = await services.createPost.create(viewer.userId, upload);
          return await reply.code(201).send(post);
        } finally {
          await upload.dispose();
        }
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

    app.get(
      '/:id/comments',
      {
        schema: {
          summary: "A post's comments, oldest first",
          tags: ['comments'],
          params: idParamsSchema,
          response: { 200: commentListSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => ({
        comments: await services.comments.list(request.params.id, viewerId(request)),
      }),
    );

    app.post(
      '/:id/comments',
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
  };
}

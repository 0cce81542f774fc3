import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  captionSchema,
  createCommentSchema,
  limits,
  postListQuerySchema,
} from '@pinhole/contracts';
import { z } from 'zod';
import type { AppContext } from '../context';
import { rateLimits } from '../rate-limits';
import { uploadRejected } from '../errors';
import { jsonType, parseInput } from './parse';
import { requireViewer } from './viewer';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** Multipart overhead allowed on top of the image before a request is refused unread. */
const multipartOverheadBytes = 64 * 1024;

/** Reads the `image` file and `caption` field, refusing an oversized file while it streams. */
async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; caption: unknown }> {
  if (!request.isMultipart()) throw uploadRejected.notAnImage();
  let data: Buffer | undefined;
  let caption: unknown;
  const parts = request.parts({
    limits: {
      fileSize: limits.maxUploadBytes,
      files: 1,
      fields: 10,
      fieldSize: limits.captionMaxLength * 4 + 16,
      parts: 12,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      // toBuffer throws a 413 as soon as the stream passes the limit, before the rest is read.
      const buffer = await part.toBuffer();
      if (part.fieldname === 'image') data = buffer;
    } else if (part.fieldname === 'caption') {
      caption = part.value;
    }
  }
  if (!data || data.length === 0) throw uploadRejected.notAnImage();
  return { data, caption };
}

export function postRoutes(app: FastifyInstance, context: AppContext): void {
  const { services } = context;
  const viewerId = (request: FastifyRequest) => request.viewer?.userId ?? null;

  app.get('/api/posts', async (request, reply) => {
    const query = parseInput(postListQuerySchema, request.query);
    const json = await services.postReads.pageJson(query, viewerId(request));
    return reply.type(jsonType).send(json);
  });

  app.post(
    '/api/posts',
    {
      config: {
        rateLimit: { ...rateLimits.upload, keyGenerator: (r) => r.viewer?.userId ?? r.ip },
      },
      onRequest: async (request) => {
        requireViewer(request);
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > limits.maxUploadBytes + multipartOverheadBytes)
          throw uploadRejected.tooLarge();
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const upload = await readUpload(request);
      const caption = parseInput(captionSchema, upload.caption ?? null);
      const post = await services.createPost.create(viewer.userId, { data: upload.data, caption });
      return reply.code(201).send(post);
    },
  );

  app.get('/api/posts/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return services.postReads.get(id, viewerId(request));
  });

  app.put('/api/posts/:id/like', async (request) => {
    const viewer = requireViewer(request);
    const { id } = parseInput(idParams, request.params);
    return services.likes.set(id, viewer.userId, true);
  });

  app.delete('/api/posts/:id/like', async (request) => {
    const viewer = requireViewer(request);
    const { id } = parseInput(idParams, request.params);
    return services.likes.set(id, viewer.userId, false);
  });

  app.get('/api/posts/:id/comments', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { comments: await services.comments.list(id) };
  });

  app.post(
    '/api/posts/:id/comments',
    {
      config: {
        rateLimit: { ...rateLimits.comment, keyGenerator: (r) => r.viewer?.userId ?? r.ip },
      },
      onRequest: async (request) => {
        requireViewer(request);
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { id } = parseInput(idParams, request.params);
      const { content } = parseInput(createCommentSchema, request.body);
      return reply.code(201).send(await services.comments.add(id, viewer.userId, content));
    },
  );
}

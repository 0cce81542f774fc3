import type { FastifyInstance } from 'fastify';
import { postListQuerySchema, updateProfileSchema } from '@pinhole/contracts';
import { z } from 'zod';
import type { AppContext } from '../context';
import { jsonType, parseInput } from './parse';
import { requireViewer } from './viewer';

const idParams = z.object({ id: z.string().min(1).max(64) });

export function profileRoutes(app: FastifyInstance, context: AppContext): void {
  const { services } = context;

  app.get('/api/profiles/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return services.profiles.get(id);
  });

  app.get('/api/profiles/:id/posts', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(postListQuerySchema, request.query);
    await services.profiles.get(id);
    const json = await services.postReads.pageJson(
      { ...query, userId: id },
      request.viewer?.userId ?? null,
    );
    return reply.type(jsonType).send(json);
  });

  app.patch('/api/profiles/me', async (request) => {
    const viewer = requireViewer(request);
    const patch = parseInput(updateProfileSchema, request.body);
    return services.profiles.updateOwn(viewer.userId, patch);
  });
}

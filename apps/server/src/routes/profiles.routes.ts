import type { FastifyInstance } from 'fastify';
import { postListQuerySchema, updateProfileSchema } from '@pinhole/contracts';
import { z } from 'zod';
import type { AppContext } from '../context';
import { getProfile, updateOwnProfile } from '../services/profiles.service';
import { listPostPageJson } from '../services/posts.service';
import { jsonType, parseInput } from './parse';
import { contentVersion, requireViewer } from './viewer';

const idParams = z.object({ id: z.string().min(1).max(64) });

export function profileRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;

  app.get('/api/profiles/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return getProfile(db, id);
  });

  app.get('/api/profiles/:id/posts', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(postListQuerySchema, request.query);
    await getProfile(db, id);
    const json = await listPostPageJson(
      db,
      context.storage,
      context.caches,
      await contentVersion(request, context),
      { ...query, userId: id },
      request.viewer?.userId ?? null,
    );
    return reply.type(jsonType).send(json);
  });

  app.patch('/api/profiles/me', async (request) => {
    const viewer = requireViewer(request);
    const patch = parseInput(updateProfileSchema, request.body);
    return updateOwnProfile(db, viewer.userId, patch);
  });
}

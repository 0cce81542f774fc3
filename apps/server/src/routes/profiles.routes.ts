import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  followResultSchema,
  gridQuerySchema,
  idParamsSchema,
  postListQuerySchema,
  postPageSchema,
  profileListQuerySchema,
  profileSchema,
  profileSummaryPageSchema,
  updateProfileSchema,
  usernameParamsSchema,
} from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { resolveWithin } from '../federation/remote-lookup';
import { errorResponses, sendEncoded, writeFailures } from './schemas';

/** How long opening a remote person's profile waits for their server. */
const remoteProfileMs = 8000;
import { requireSignedIn, requireViewer } from './viewer';

const viewerId = (request: FastifyRequest) => request.viewer?.userId ?? null;

/**
 * `/api/profiles`: people, their posts and TAGGED tabs, and who follows whom. Blocking someone is
 * in blocks.routes.ts, their picture in account.routes.ts.
 */
export function profileRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;

    app.get(
      '/by-username/:username',
      {
        schema: {
          summary: 'A profile by its username, in any case',
          description:
            'A person of another server is `user@host`: asked of their server (again after a ' +
            'day), 404 when it knows no such person and nothing of them is kept here.',
          tags: ['profiles'],
          params: usernameParamsSchema,
          response: { 200: profileSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const { username } = request.params;
        // user@host: asked of their server (at most once a day), then shown like anyone here.
        if (context.remoteLookup && username.includes('@')) {
          const id = await resolveWithin(context.remoteLookup, username, remoteProfileMs, (error) =>
            request.log.warn({ err: error }, 'remote lookup failed'),
          );
          // Their server gone quiet: what was kept of them still shows.
          if (id) return services.profiles.get(id, viewerId(request));
        }
        return services.profiles.getByUsername(username, viewerId(request));
      },
    );

    app.get(
      '/:id',
      {
        schema: {
          summary: 'A profile (its id is the user id)',
          tags: ['profiles'],
          params: idParamsSchema,
          response: { 200: profileSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => services.profiles.get(request.params.id, viewerId(request)),
    );

    app.get(
      '/:id/posts',
      {
        schema: {
          summary: "A profile's posts, newest first (a private account's: its followers only)",
          tags: ['profiles', 'posts'],
          params: idParamsSchema,
          querystring: postListQuerySchema,
          response: { 200: postPageSchema, ...errorResponses(400, 403, 404) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        await services.follows.requireVisible(id, viewerId(request));
        // A remote person's first page asks their server for their recent posts, in the
        // background: this page answers with what is here, the next with what arrived.
        if (request.query.cursor === undefined) void services.remoteBackfill.request(id);
        const body = await services.postReads.page(
          { ...request.query, userId: id },
          viewerId(request),
        );
        return sendEncoded(request, reply, body);
      },
    );

    app.get(
      '/:id/tagged',
      {
        schema: {
          summary: 'Posts by others whose caption mentions this person, newest first',
          description:
            'A private account’s tab is its followers’ only (403 to anyone else), as its posts ' +
            'are; posts of private accounts are in nobody’s tagged list.',
          tags: ['discovery', 'profiles'],
          params: idParamsSchema,
          querystring: gridQuerySchema,
          response: { 200: postPageSchema, ...errorResponses(400, 403, 404) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        await services.follows.requireVisible(id, viewerId(request));
        const body = await services.discoveryLists.tagged(id, request.query, viewerId(request));
        return sendEncoded(request, reply, body);
      },
    );

    const peopleSchema = (summary: string) => ({
      summary,
      tags: ['follows'],
      params: idParamsSchema,
      querystring: profileListQuerySchema,
      response: { 200: profileSummaryPageSchema, ...errorResponses(400, 403, 404) },
    });

    app.get(
      '/:id/followers',
      { schema: peopleSchema('Who follows this person, newest follow first') },
      async (request) =>
        services.follows.followers(request.params.id, viewerId(request), request.query),
    );

    app.get(
      '/:id/following',
      { schema: peopleSchema('Whom this person follows, newest follow first') },
      async (request) =>
        services.follows.following(request.params.id, viewerId(request), request.query),
    );

    const followSchema = (summary: string) => ({
      summary,
      tags: ['follows'],
      params: idParamsSchema,
      response: {
        200: followResultSchema,
        ...errorResponses(400, 401, 404, ...writeFailures),
      },
    });

    app.put(
      '/:id/follow',
      {
        onRequest: requireSignedIn,
        schema: followSchema(
          'Follow someone (idempotent); a private account, or a person of another server ' +
            'until their server accepts, gets a request instead',
        ),
      },
      async (request) => services.follows.follow(requireViewer(request).userId, request.params.id),
    );

    app.delete(
      '/:id/follow',
      {
        onRequest: requireSignedIn,
        schema: followSchema('Unfollow someone, or withdraw a request (idempotent)'),
      },
      async (request) =>
        services.follows.unfollow(requireViewer(request).userId, request.params.id),
    );

    app.patch(
      '/me',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Edit your own profile; going public approves every pending follow request',
          tags: ['profiles'],
          body: updateProfileSchema,
          response: { 200: profileSchema, ...errorResponses(400, 401, 409, ...writeFailures) },
        },
      },
      async (request) => services.profiles.updateOwn(requireViewer(request).userId, request.body),
    );
  };
}

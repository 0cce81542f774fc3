import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatsSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  createInviteSchema,
  domainBlockSchema,
  domainBlocksSchema,
  domainParamSchema,
  instanceSchema,
  inviteSchema,
  invitesListSchema,
  limits,
  pageLimit,
  profileSchema,
  putDomainBlockSchema,
  reportSchema,
  reportsPageSchema,
  reportsQuerySchema,
  resolveReportSchema,
  updateInstanceSchema,
} from '@pinhole/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { forbidden } from '../errors';
import { errorResponses, noContent, writeFailures } from './schemas';
import { requireViewer } from './viewer';

const idParams = z.object({ id: z.string().min(1).max(64) });
const auditQuery = z.object({
  limit: pageLimit(limits.listDefaultLimit, limits.listMaxLimit),
  cursor: z.string().max(200, 'cursor is invalid').optional(),
});

/** 401 signed out, 403 for anyone but an admin, before the input is read. */
const requireAdmin: onRequestAsyncHookHandler = async (request) => {
  if (requireViewer(request).role !== 'admin') throw forbidden();
};

const reads = errorResponses(400, 401, 403);
const writes = errorResponses(400, 401, 403, 404, ...writeFailures);

/** `/api/admin`: the moderation queue, accounts, invites, numbers and the audit log. */
export function adminRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;
    app.addHook('onRequest', requireAdmin);
    const tags = ['admin'];

    app.get(
      '/reports',
      {
        schema: {
          summary: 'Reports, open ones oldest first, resolved ones newest first',
          tags,
          querystring: reportsQuerySchema,
          response: { 200: reportsPageSchema, ...reads },
        },
      },
      async (request) => services.reports.list(request.query),
    );

    app.post(
      '/reports/:id/resolve',
      {
        schema: {
          summary:
            'Dismiss, remove the content, or suspend its author; resolves every report on it',
          tags,
          params: idParams,
          body: resolveReportSchema,
          response: { 200: reportSchema, ...writes },
        },
      },
      async (request) =>
        services.reports.resolve(
          request.params.id,
          request.body.action,
          requireViewer(request).userId,
        ),
    );

    app.post(
      '/users/:id/suspend',
      {
        schema: {
          summary: 'Suspend an account: no sign-in, sessions end, content hidden',
          tags,
          params: idParams,
          response: { 200: profileSchema, ...writes },
        },
      },
      async (request) =>
        services.moderation.suspend(request.params.id, requireViewer(request).userId),
    );

    app.post(
      '/users/:id/unsuspend',
      {
        schema: {
          summary: 'End a suspension',
          tags,
          params: idParams,
          response: { 200: profileSchema, ...writes },
        },
      },
      async (request) =>
        services.moderation.unsuspend(request.params.id, requireViewer(request).userId),
    );

    app.get(
      '/users',
      {
        schema: {
          summary: 'Accounts, newest first; q matches username, name or email',
          tags,
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersPageSchema, ...reads },
        },
      },
      async (request) => services.admin.users(request.query),
    );

    app.get(
      '/stats',
      {
        schema: {
          summary: "The instance's numbers",
          tags,
          response: { 200: adminStatsSchema, ...reads },
        },
      },
      async () => services.admin.stats(),
    );

    app.post(
      '/invites',
      {
        schema: {
          summary: 'Make an invite code (for SIGNUPS=invite)',
          tags,
          body: createInviteSchema,
          response: { 201: inviteSchema, ...writes },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await services.admin.createInvite(request.body, requireViewer(request).userId)),
    );

    app.get(
      '/invites',
      {
        schema: {
          summary: 'Invites that can still be used, newest first',
          tags,
          response: { 200: invitesListSchema, ...reads },
        },
      },
      async () => services.admin.invites(),
    );

    app.put(
      '/instance',
      {
        schema: {
          summary: 'Edit what the instance says of itself on /about; fields left out are kept',
          tags,
          body: updateInstanceSchema,
          response: { 200: instanceSchema, ...writes },
        },
      },
      async (request) => services.instance.update(request.body, requireViewer(request).userId),
    );

    app.get(
      '/domains',
      {
        schema: {
          summary: 'Servers kept out (suspended or silenced), newest first',
          tags,
          response: { 200: domainBlocksSchema, ...reads },
        },
      },
      async () => services.domainBlocks.list(),
    );

    app.put(
      '/domains/:domain',
      {
        schema: {
          summary: 'Suspend or silence a server and its subdomains, or change how',
          description:
            'Suspend: its activities are refused, nothing is delivered to it, its people and ' +
            'their posts are hidden and their likes, comments and follows removed. Silence: its ' +
            'posts stay out of explore and hashtag pages.',
          tags,
          params: domainParamSchema,
          body: putDomainBlockSchema,
          response: { 200: domainBlockSchema, ...writes },
        },
      },
      async (request) =>
        services.domainBlocks.put(
          request.params.domain,
          request.body,
          requireViewer(request).userId,
        ),
    );

    app.delete(
      '/domains/:domain',
      {
        schema: {
          summary: 'End a block: a suspended server’s people show again',
          tags,
          params: domainParamSchema,
          response: { 204: noContent, ...writes },
        },
      },
      async (request, reply) => {
        await services.domainBlocks.remove(request.params.domain, requireViewer(request).userId);
        return reply.code(204).send();
      },
    );

    app.get(
      '/audit',
      {
        schema: {
          summary: 'Every admin action, newest first',
          tags,
          querystring: auditQuery,
          response: { 200: auditPageSchema, ...reads },
        },
      },
      async (request) =>
        services.moderation.auditPage(
          request.query.limit ?? limits.listDefaultLimit,
          request.query.cursor,
        ),
    );
  };
}

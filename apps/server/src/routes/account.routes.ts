import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSessionsResponseSchema,
  avatarFormSchema,
  changePasswordSchema,
  deleteAccountSchema,
  profileSchema,
  sessionIdParamsSchema,
} from '@pinhole/contracts';
import { SignInThrottle } from '../auth/sign-in-throttle';
import { sessionCookieName } from '../auth/session-token';
import type { AppContext } from '../app-context';
import { AppError, rateLimited } from '../errors';
import { rateLimits } from '../rate-limits';
import { publicSessionId as currentPublicId } from '../services/account.service';
import {
  maxPostUploadBytes,
  multipartBody,
  uploadErrors,
  uploadGuards,
  withUpload,
} from './read-upload';
import { errorResponses, noContent, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/**
 * Your account: password, sessions, profile picture, leaving. Calls that take your password are
 * throttled like sign-in: a borrowed, signed-in phone must not become a password oracle.
 */
export function accountRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;
    const throttle = new SignInThrottle(
      rateLimits.signInFailuresPerAccount,
      rateLimits.signInFailuresPerIp,
    );

    /** Runs `action`, counting a wrong password against this IP and account. */
    const withPassword = async (request: FastifyRequest, action: () => Promise<void>) => {
      const viewer = requireViewer(request);
      const limited = context.config.rateLimits;
      if (limited) {
        const retryAfter = throttle.retryAfterSeconds(request.ip, viewer.userId);
        if (retryAfter > 0) throw rateLimited(retryAfter);
      }
      try {
        await action();
      } catch (error) {
        if (limited && error instanceof AppError && error.code === 'validation_error') {
          throttle.recordFailure(request.ip, viewer.userId);
        }
        throw error;
      }
    };

    app.post(
      '/auth/password',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Change your password; every other session ends',
          description:
            'A wrong current password answers 400 with `fields.current_password` = ' +
            '`Current password is incorrect`.',
          tags: ['auth'],
          body: changePasswordSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 429, ...writeFailures) },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        await withPassword(request, () =>
          services.account.changePassword(viewer.userId, viewer.tokenHash, request.body),
        );
        return reply.code(204).send();
      },
    );

    app.get(
      '/auth/sessions',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: "Where you're signed in: your sessions, most recently used first",
          tags: ['auth'],
          response: { 200: accountSessionsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const viewer = requireViewer(request);
        return {
          sessions: await services.account.listSessions(viewer.userId, viewer.tokenHash),
        };
      },
    );

    app.delete(
      '/auth/sessions/:id',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Sign out one of your sessions, on every instance at once',
          tags: ['auth'],
          params: sessionIdParamsSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 404, ...writeFailures) },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        await services.account.endSession(viewer.userId, request.params.id);
        if (request.params.id === currentPublicId(viewer.tokenHash)) {
          void reply.clearCookie(sessionCookieName, { path: '/' });
        }
        return reply.code(204).send();
      },
    );

    app.delete(
      '/auth/sessions',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Sign out every session but this one',
          tags: ['auth'],
          response: { 204: noContent, ...errorResponses(401, ...writeFailures) },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        await services.account.endOtherSessions(viewer.userId, viewer.tokenHash);
        return reply.code(204).send();
      },
    );

    app.put(
      '/profiles/me/avatar',
      {
        ...uploadGuards(maxPostUploadBytes),
        schema: {
          summary: 'Change your profile picture',
          description:
            'The checks of a post photo; the centre square is kept, as WebP at 150 and 320 px. ' +
            "The old picture's files are removed.",
          tags: ['profiles'],
          body: multipartBody(avatarFormSchema),
          response: { 200: profileSchema, ...uploadErrors },
        },
      },
      async (request) => {
        const viewer = requireViewer(request);
        return withUpload(request, (upload) =>
          services.account.changeAvatar(viewer.userId, upload.photos[0]!.file),
        );
      },
    );

    app.delete(
      '/profiles/me/avatar',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Remove your profile picture',
          tags: ['profiles'],
          response: { 200: profileSchema, ...errorResponses(401, ...writeFailures) },
        },
      },
      async (request) => services.account.removeAvatar(requireViewer(request).userId),
    );

    app.delete(
      '/me',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: 'Delete your account and everything it made',
          description:
            'Posts and their files, comments, likes, follows, saves and sessions; other ' +
            "people's counts are adjusted, and the email and username are free again. A wrong " +
            'password answers 400 with `fields.password` = `Password is incorrect`.',
          tags: ['profiles'],
          body: deleteAccountSchema,
          response: { 204: noContent, ...errorResponses(400, 401, 429, ...writeFailures) },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        await withPassword(request, () =>
          services.account.deleteAccount(viewer.userId, request.body.password),
        );
        void reply.clearCookie(sessionCookieName, { path: '/' });
        return reply.code(204).send();
      },
    );
  };
}

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthResponse } from '@pinhole/contracts';
import {
  authResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  sessionResponseSchema,
  signInSchema,
  signUpSchema,
} from '@pinhole/contracts';
import { SignInThrottle } from '../auth/sign-in-throttle';
import { sessionCookieName } from '../auth/session-token';
import type { AppContext } from '../app-context';
import { AppError, rateLimited } from '../errors';
import { rateLimits } from '../rate-limits';
import { errorResponses, noContent, writeFailures } from './schemas';
import { readSessionToken, setSessionCookie } from './session-cookie';

/** `/api/auth`: accounts and sessions. */
export function authRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = context;

    const sendAuth = (reply: FastifyReply, body: AuthResponse, status: number) => {
      setSessionCookie(reply, context.config, body.session.token, body.session.expires_at);
      return reply.code(status).send(body);
    };

    app.post(
      '/sign-up',
      {
        config: { rateLimit: rateLimits.signUp },
        schema: {
          summary: 'Create an account and sign in',
          description: 'Sets the session cookie; the token is also in the body for other clients.',
          tags: ['auth'],
          body: signUpSchema,
          response: {
            201: authResponseSchema,
            ...errorResponses(400, 409, 429, ...writeFailures),
          },
        },
      },
      async (request, reply) =>
        sendAuth(
          reply,
          await services.auth.signUp(request.body, request.headers['user-agent'] ?? null),
          201,
        ),
    );

    const throttle = new SignInThrottle(
      rateLimits.signInFailuresPerAccount,
      rateLimits.signInFailuresPerIp,
    );

    app.post(
      '/sign-in',
      {
        schema: {
          summary: 'Sign in with email (or username) and password',
          description:
            'The account is named by `email`, which may hold a username instead (`alice` or ' +
            '`@alice`: no `@` past the first character), or by `username` when no email is ' +
            'sent. A wrong password and an unknown account both answer ' +
            '400 `invalid_credentials` (`Invalid login credentials`), with the same timing.',
          tags: ['auth'],
          body: signInSchema,
          response: { 200: authResponseSchema, ...errorResponses(400, 429, ...writeFailures) },
        },
      },
      async (request, reply) => {
        const input = request.body;
        // Failures count per account as it was named (the IP's own limit bounds both names).
        const account = input.email ?? input.username ?? '';
        const limited = context.config.rateLimits;
        const retryAfter = limited ? throttle.retryAfterSeconds(request.ip, account) : 0;
        if (retryAfter > 0) throw rateLimited(retryAfter);
        try {
          const body = await services.auth.signIn(input, request.headers['user-agent'] ?? null);
          throttle.recordSuccess(request.ip, account);
          return sendAuth(reply, body, 200);
        } catch (error) {
          if (limited && error instanceof AppError && error.code === 'invalid_credentials') {
            throttle.recordFailure(request.ip, account);
          }
          throw error;
        }
      },
    );

    app.post(
      '/sign-out',
      {
        schema: {
          summary: 'End the session and clear its cookie',
          tags: ['auth'],
          response: { 204: noContent, ...errorResponses(...writeFailures) },
        },
      },
      async (request, reply) => {
        const token = readSessionToken(request);
        if (token) await services.auth.signOut(token, request.viewer?.userId ?? null);
        void reply.clearCookie(sessionCookieName, { path: '/' });
        return reply.code(204).send();
      },
    );

    app.post(
      '/password-reset',
      {
        config: { rateLimit: rateLimits.passwordResetPerAddress },
        schema: {
          summary: 'Email a link to set a new password',
          description:
            '202 whether or not the email has an account, at once: the link (valid 1 hour, ' +
            'single-use) is made and emailed through `SMTP_URL` after the answer. Past the ' +
            'per-account limit nothing is sent, with the same answer; past the per-address ' +
            'limit, 429. Without `SMTP_URL` no email can be sent: 503 `mail_unavailable` ' +
            "(`This server can't send email — ask its admin for a reset link`), whatever the " +
            'address (`GET /api/instance` says `mail: false` before anyone asks).',
          tags: ['auth'],
          body: passwordResetRequestSchema,
          response: { 202: noContent, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        services.passwordReset.request(request.body.email);
        return reply.code(202).send();
      },
    );

    app.post(
      '/password-reset/confirm',
      {
        schema: {
          summary: 'Set a new password with the token of a reset link',
          description:
            'Every session of the account ends. A used, expired or unknown token, or one whose ' +
            'account was deleted: 400 `This link has expired or was already used`.',
          tags: ['auth'],
          body: passwordResetConfirmSchema,
          response: { 204: noContent, ...errorResponses(400, ...writeFailures) },
        },
      },
      async (request, reply) => {
        await services.passwordReset.confirm(request.body.token, request.body.new_password);
        return reply.code(204).send();
      },
    );

    app.get(
      '/session',
      {
        schema: {
          summary: 'The signed-in user and profile, or nulls when signed out',
          tags: ['auth'],
          response: { 200: sessionResponseSchema, ...errorResponses() },
        },
      },
      async (request) => {
        const viewer = request.viewer;
        if (!viewer) return { user: null, profile: null };
        const profile = await services.profiles.get(viewer.userId).catch(() => null);
        return { user: { id: viewer.userId, email: viewer.email, role: viewer.role }, profile };
      },
    );
  };
}

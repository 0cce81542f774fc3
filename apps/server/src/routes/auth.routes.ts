import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthResponse } from '@pinhole/contracts';
import { messages, signInSchema, signUpSchema } from '@pinhole/contracts';
import { SignInThrottle } from '../auth/sign-in-throttle';
import { sessionCookieName } from '../auth/session-token';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { rateLimits } from '../rate-limits';
import { parseInput } from './parse';
import { readSessionToken, setSessionCookie } from './session-cookie';

export function authRoutes(app: FastifyInstance, context: AppContext): void {
  const { services } = context;

  const sendAuth = (reply: FastifyReply, body: AuthResponse, status: number) => {
    setSessionCookie(reply, context.config, body.session.token, body.session.expires_at);
    return reply.code(status).send(body);
  };

  app.post(
    '/api/auth/sign-up',
    { config: { rateLimit: rateLimits.signUp } },
    async (request, reply) => {
      const input = parseInput(signUpSchema, request.body);
      return sendAuth(reply, await services.auth.signUp(input), 201);
    },
  );

  const throttle = new SignInThrottle(
    rateLimits.signInFailuresPerAccount,
    rateLimits.signInFailuresPerIp,
  );

  app.post('/api/auth/sign-in', async (request, reply) => {
    const input = parseInput(signInSchema, request.body);
    const limited = context.config.rateLimits;
    const retryAfter = limited ? throttle.retryAfterSeconds(request.ip, input.email) : 0;
    if (retryAfter > 0) {
      throw new AppError('rate_limited', messages.rateLimited, undefined, retryAfter);
    }
    try {
      const body = await services.auth.signIn(input);
      throttle.recordSuccess(request.ip, input.email);
      return sendAuth(reply, body, 200);
    } catch (error) {
      if (limited && error instanceof AppError && error.code === 'invalid_credentials') {
        throttle.recordFailure(request.ip, input.email);
      }
      throw error;
    }
  });

  app.post('/api/auth/sign-out', async (request: FastifyRequest, reply) => {
    const token = readSessionToken(request);
    if (token) await services.auth.signOut(token, request.viewer?.userId ?? null);
    void reply.clearCookie(sessionCookieName, { path: '/' });
    return reply.code(204).send();
  });

  app.get('/api/auth/session', async (request) => {
    const viewer = request.viewer;
    if (!viewer) return { user: null, profile: null };
    const profile = await services.profiles.get(viewer.userId).catch(() => null);
    return { user: { id: viewer.userId, email: viewer.email }, profile };
  });
}

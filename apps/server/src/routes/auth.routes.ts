import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthResponse } from '@pinhole/contracts';
import { signInSchema, signUpSchema } from '@pinhole/contracts';
import { sessionCookieName } from '../auth/session-token';
import type { AppContext } from '../context';
import { getProfile } from '../services/profiles.service';
import { signIn, signOut, signUp } from '../services/auth.service';
import { readSessionToken, setSessionCookie } from './session-cookie';
import { parseInput } from './parse';
import { rateLimits } from '../rate-limits';

export function authRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;

  const reply201 = (reply: FastifyReply, body: AuthResponse, status: number) => {
    setSessionCookie(reply, context.config, body.session.token, body.session.expires_at);
    return reply.code(status).send(body);
  };

  app.post(
    '/api/auth/sign-up',
    { config: { rateLimit: rateLimits.signUp } },
    async (request, reply) => {
      const input = parseInput(signUpSchema, request.body);
      return reply201(reply, await signUp(db, input), 201);
    },
  );

  app.post('/api/auth/sign-in', async (request, reply) => {
    const input = parseInput(signInSchema, request.body);
    return reply201(reply, await signIn(db, input), 200);
  });

  app.post('/api/auth/sign-out', async (request: FastifyRequest, reply) => {
    const token = readSessionToken(request);
    if (token) await signOut(db, token);
    void reply.clearCookie(sessionCookieName, { path: '/' });
    return reply.code(204).send();
  });

  app.get('/api/auth/session', async (request) => {
    const viewer = request.viewer;
    if (!viewer) return { user: null, profile: null };
    const profile = await getProfile(db, viewer.userId).catch(() => null);
    return { user: { id: viewer.userId, email: viewer.email }, profile };
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../auth/session-token';
import type { Config } from '../env';

/** The session token from the cookie (browsers) or `Authorization: Bearer` (other clients). */
export function readSessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return token;
  }
  const cookie = request.cookies[sessionCookieName];
  return cookie && cookie.length > 0 ? cookie : null;
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  expiresAt: string,
): void {
  void reply.setCookie(sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.publicUrl.protocol === 'https:',
    expires: new Date(expiresAt),
  });
}

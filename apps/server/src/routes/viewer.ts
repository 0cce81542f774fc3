import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../app-context';
import { unauthenticated } from '../errors';
import type { Viewer } from '../services/auth.service';
import { readSessionToken, setSessionCookie } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the session; null when signed out. */
    viewer: Viewer | null;
  }
}

/**
 * Resolves `request.viewer` from the session cookie or Bearer token, sliding the session forward
 * (and sending the cookie again when it did). With `cached`, the caller has synced the caches.
 */
export async function readViewer(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  cached: boolean,
): Promise<Viewer | null> {
  const token = readSessionToken(request);
  if (!token || token.length > 256) return (request.viewer = null);
  const viewer = await context.services.auth.resolveViewer(token, { cached });
  request.viewer = viewer;
  if (viewer) context.services.account.noteSeen(viewer.tokenHash);
  if (viewer?.renewedExpiresAt && request.cookies.pinhole_session === token) {
    setSessionCookie(reply, context.config, token, viewer.renewedExpiresAt);
  }
  return viewer;
}

/**
 * The `/api` hook. First the caches forget what changed since the last request, on any instance
 * (cache/read-caches.ts); then the session comes from its cache, as fresh as a read of the
 * row. Writes too: concurrent requests share one read of the change log, where a session read
 * per write cost each like, follow or view a round trip of its own on PostgreSQL.
 */
export function attachViewer(context: AppContext): onRequestAsyncHookHandler {
  return async (request, reply) => {
    await context.caches.sync();
    await readViewer(context, request, reply, true);
  };
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

/** An onRequest hook: a signed-out request is refused before its input is read or checked. */
export const requireSignedIn: onRequestAsyncHookHandler = async (request) => {
  requireViewer(request);
};

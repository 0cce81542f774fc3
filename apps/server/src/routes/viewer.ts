import type { onRequestAsyncHookHandler, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { unauthenticated } from '../errors';
import type { Viewer } from '../services/auth.service';
import { resolveViewer } from '../services/auth.service';
import { readSessionToken, setSessionCookie } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the session; null when signed out. */
    viewer: Viewer | null;
    /** The content version read at the start of this request, once (see read-caches.ts). */
    contentVersion: string | null;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Resolves `request.viewer` from the session cookie or Bearer token, sliding the session forward. */
export function attachViewer(context: AppContext): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const token = readSessionToken(request);
    if (!token || token.length > 256) return;
    // A write moves the content version anyway: reading it first would only add a query.
    const viewer = safeMethods.has(request.method)
      ? await resolveViewer(context.database.db, token, {
          sessions: context.caches.sessions,
          version: await contentVersion(request, context),
        })
      : await resolveViewer(context.database.db, token);
    request.viewer = viewer;
    if (viewer?.renewedExpiresAt && request.cookies.pinhole_session === token) {
      setSessionCookie(reply, context.config, token, viewer.renewedExpiresAt);
    }
  };
}

/** The content version for this request: read once, before any cached read that depends on it. */
export async function contentVersion(
  request: FastifyRequest,
  context: AppContext,
): Promise<string> {
  request.contentVersion ??= await context.caches.version();
  return request.contentVersion;
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

/** An onRequest hook: a signed-out request is refused before its input is read or checked. */
export const requireSignedIn: onRequestAsyncHookHandler = async (request) => {
  requireViewer(request);
};

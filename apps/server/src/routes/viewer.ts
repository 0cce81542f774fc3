import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { unauthenticated } from '../errors';
import type { Viewer } from '../services/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the session; null when signed out. */
    viewer: Viewer | null;
    /** The content version read at the start of this request, once (see read-caches.ts). */
    contentVersion: string | null;
  }
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
